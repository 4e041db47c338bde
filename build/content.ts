// `npm run content`: rewrites content/suggest-catalog.json from the Markdown content (after every edit of a title, url or keyword).
import { writeFileSync } from "node:fs";
import { articles, glossary, tools } from "../content/index.ts";
import { SUGGEST_CATALOG_FILE, staleSuggestCatalog, suggestCatalogText } from "./suggest-catalog.ts";

const content = { tools, articles, glossary };
if (staleSuggestCatalog(content).length === 0) console.log("content/suggest-catalog.json ya está al día");
else {
  writeFileSync(SUGGEST_CATALOG_FILE, suggestCatalogText(content));
  console.log(`content/suggest-catalog.json: ${tools.length} calculadoras, ${articles.length} guías, ${glossary.length} términos`);
}
