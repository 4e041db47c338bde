// Bundles the command-line entries the tests run as child processes, once per run, so that a child starts without TypeScript's loader.
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin } from "esbuild";
import { pidAlive } from "../../build/pid-lock.ts";

/**
 * Every entry a test starts as `node <entry>`. Through tsx, a child paid about 1 s of CPU to load its
 * modules (1.0 s with tsx's cache, 1.1 s without), and the build paid it again in its bundle thread;
 * bundled, 0.06 s. `npm run build` and `npm start` still go through tsx: test/content-build.test.ts and
 * test/server.test.ts run them that way, and every build in a test worker starts its thread through
 * build/bundle-worker.mjs.
 */
const ENTRIES = [
  "build/main.ts",
  "build/bundle-worker.ts",
  "tools/fetch.ts",
  "tools/raw-as-of.ts",
  "tools/raw-commit.ts",
  "tools/raw-import.ts",
  "tools/test-tally.ts",
  "server/main.ts",
];

/**
 * Modules that start a worker from a file beside them: in the bundle, their `import.meta.url` is their
 * place in the bundle folder, where that file is bundled too (build/bundle-worker.ts → build/bundle-worker.mjs),
 * so the thread starts without the loader as well.
 */
const WORKER_HOSTS = new Map([["build/bundle-thread.ts", 'new URL("./bundle-worker.mjs", import.meta.url)']]);

/**
 * A bundle is one file, so `import.meta.url` would be the bundle's: each module gets its own source file's
 * URL instead (content/ and site/assets/ are read beside the modules), or its place in the bundle folder
 * for a worker host.
 */
function ownUrls(root: string, outDir: string): Plugin {
  return {
    name: "own-import-meta-url",
    setup(b) {
      b.onLoad({ filter: /\.(ts|js|mjs)$/ }, (args) => {
        const text = readFileSync(args.path, "utf8");
        const rel = relative(root, args.path);
        if (rel.startsWith("node_modules") || !text.includes("import.meta.url")) return undefined;
        const host = WORKER_HOSTS.get(rel);
        // A worker host whose line changed would start the loader's entry again, unseen: stop here instead.
        if (host !== undefined && !text.includes(host)) throw new Error(`${rel} no longer starts its worker as ${host}`);
        const url = pathToFileURL(host === undefined ? args.path : join(outDir, rel)).href;
        return { contents: text.replaceAll("import.meta.url", JSON.stringify(url)), loader: args.path.endsWith(".ts") ? "ts" : "js" };
      });
    },
  };
}

/** Folder of the bundles: inside the checkout, so that the bundles find its node_modules. */
const bundlesRoot = (root: string): string => join(root, "node_modules/.cache/fiscal-mx-entries");

/** Bundles ENTRIES of the checkout at `root` into a folder of this process; removed by the returned function. */
export async function bundleEntries(root: string): Promise<{ dir: string; remove: () => void }> {
  const parent = bundlesRoot(root);
  mkdirSync(parent, { recursive: true });
  // Folders of runs that ended without removing theirs (killed): their process is gone.
  for (const name of readdirSync(parent)) if (!alive(name)) rmSync(join(parent, name), { recursive: true, force: true });
  const dir = join(parent, String(process.pid));
  await build({
    absWorkingDir: root,
    entryPoints: ENTRIES,
    outdir: dir,
    outbase: root,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "error",
    plugins: [ownUrls(root, dir)],
  });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Whether a folder's name is the pid of a process still running (a run still using its bundles). */
const alive = (name: string): boolean => /^[1-9]\d*$/.test(name) && pidAlive(Number(name));
