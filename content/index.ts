// The site content (served by /tools, /articles and /glossary and shown on the site), read from the Markdown files beside this module.
import { fileURLToPath } from "node:url";
import { loadContent } from "./load.ts";

/** Read once, when first imported (the build, the site, the local server and the tests); a bad file stops the import. */
export const { tools, articles, glossary } = loadContent(fileURLToPath(new URL(".", import.meta.url)));
