// The build never makes things worse: verified inputs, no silent shrinking, only its own folder, one at a time (its repair after a kill: test/build-interrupted.test.ts).
import { appendFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildTree } from "../build/pipeline.ts";
import { BUILD_MARKER } from "../build/out-dir.ts";
import { checkRemovals } from "../build/removals.ts";
import { filePath, routeById } from "../lib/routes/routes.ts";
import { AS_OF, removeTempDirs, tempDir, treeDigest } from "./helpers/tree.ts";
import { CLAVE_PROD_SERV, keepRows, resign, TINY_ROWS, tinyRaw } from "./helpers/raw.ts";
import { runBuild, startBuild } from "./helpers/build-cli.ts";

const env = {};
/** The status document's path in a tree, which holds the record counts the build compares. */
const STATUS = filePath(routeById("status"));
afterAll(removeTempDirs);

let raw: string;
/**
 * The tiny snapshot's tree, built once per run (test/global-setup.ts): each test that needs a previous build gets a
 * copy of it. What is checked here is what the build does as a process; no value of the corpus changes it.
 */
let built: { out: string; digest: Map<string, string> };
beforeAll(() => {
  raw = tinyRaw();
  const out = inject("tinyDistDir");
  built = { out, digest: treeDigest(out) };
});

/**
 * A fresh output folder holding a complete build of the tiny snapshot, and its digest: a copy of the run's
 * (the build compares bytes, not inodes or times, so a copy is a previous build like any other).
 */
function builtTree(): { out: string; digest: Map<string, string> } {
  const out = join(tempDir("safe"), "dist");
  cpSync(built.out, out, { recursive: true });
  return { out, digest: built.digest };
}

describe("inputs are verified before they are parsed", () => {
  it("stops on a file changed after its download, bytes that are not UTF-8 and failed checks, naming each, and keeps the tree", async () => {
    const { out, digest } = builtTree();
    const broken = tinyRaw();
    // Edited by hand, manifest not updated: the parser never sees it.
    appendFileSync(join(broken, "banxico/SF43783.json"), "\n");
    // Latin-1 "ñ" (0xF1) where UTF-8 needs two bytes, in a re-signed file: the manifest matches, the encoding does not.
    const moneda = join(broken, "sat/catCFDI/c_Moneda.csv");
    const header = readFileSync(moneda).indexOf(0x0a);
    writeFileSync(
      moneda,
      Buffer.concat([readFileSync(moneda).subarray(0, header + 1), Buffer.from([0x58, 0xf1]), readFileSync(moneda).subarray(header + 1)]),
    );
    writeFileSync(
      join(broken, "sat/catCFDI/c_MetodoPago.csv"),
      "c_MetodoPago,Descripción,Fecha inicio de vigencia,Fecha fin de vigencia\nPUE,Pago en una sola exhibición,2022-01-01,\nPUE,Otra vez,2022-01-01,\n",
    );
    appendFileSync(join(broken, CLAVE_PROD_SERV), "01010101,Repetida,Opcional,Opcional,,2019-01-07,,0,\n");
    resign(broken, ["sat/catCFDI/c_Moneda.csv", "sat/catCFDI/c_MetodoPago.csv", CLAVE_PROD_SERV]);

    const result = runBuild(["--out", out], { FISCAL_RAW_DIR: broken });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/\[manifiesto-sha256\] banxico\/SF43783\.json: su sha256 [0-9a-f]{64} no es el de manifest\.json/);
    expect(result.stderr).toContain(`[utf-8] sat/catCFDI/c_Moneda.csv: UTF-8 inválido en el byte ${header + 2}`);
    expect(result.stderr).toContain("[cfdi-metodo-pago-sin-claves-duplicadas] sat/catCFDI/c_MetodoPago.csv, fila 3");
    expect(result.stderr).toContain(`[cfdi-clave-prod-serv-sin-claves-duplicadas] sat/catCFDI/c_ClaveProdServ.csv, fila ${TINY_ROWS + 2}`);
    expect(treeDigest(out)).toEqual(digest);
    expect(existsSync(`${out}.staging`) || existsSync(`${out}.lock`)).toBe(false);
  });

  it("refuses an --as-of that is not a real date at the start, before reading anything", () => {
    const out = join(tempDir("safe"), "dist");
    const result = runBuild(["--as-of", "2026-02-30", "--out", out], { FISCAL_RAW_DIR: join(out, "no-such-raw") });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('--as-of debe ser una fecha real AAAA-MM-DD, no "2026-02-30"');
    expect(existsSync(out) || existsSync(`${out}.lock`)).toBe(false);
  });
});

describe("a dataset never shrinks silently", () => {
  it("stops with the counts, and publishes once told with --accept-removals", async () => {
    const { out, digest } = builtTree();
    const fewer = tinyRaw();
    keepRows(fewer, CLAVE_PROD_SERV, TINY_ROWS - 5);
    resign(fewer, [CLAVE_PROD_SERV]);
    const build = (acceptRemovals: string[]) => buildTree({ rawDir: fewer, asOf: AS_OF, outDir: out, env, acceptRemovals });
    await expect(build([])).rejects.toThrow(
      new RegExp(`cfdi-clave-prod-serv: ${TINY_ROWS - 5} registros en lugar de ${TINY_ROWS}\\n.*--accept-removals=<conjunto>`),
    );
    expect(treeDigest(out)).toEqual(digest);
    // A name that is no dataset is refused too, so a typo cannot pass for consent: the check alone, on the
    // previous tree's own counts (a whole build for it, as above, checks nothing more).
    const status = { path: STATUS, data: readFileSync(join(out, STATUS)) };
    expect(() => checkRemovals(out, status, ["clave-prod-serv"])).toThrow(
      "--accept-removals nombra conjuntos que no existen: clave-prod-serv",
    );
    expect(await build(["cfdi-clave-prod-serv"])).toMatchObject({ removed: 5 });
    expect(existsSync(join(out, "api/v1/public/cfdi/clave-prod-serv/10101500.json"))).toBe(true);
  });
});

describe("the output folder", () => {
  it("is never a folder the build did not write (--out or FISCAL_DIST_DIR), which stays as it was", () => {
    const checkout = tempDir("checkout");
    mkdirSync(join(checkout, ".git"));
    writeFileSync(join(checkout, ".git/HEAD"), "ref: refs/heads/main\n");
    writeFileSync(join(checkout, "README.md"), "mine\n");
    const digest = treeDigest(checkout);
    for (const [args, extra] of [
      [["--out", checkout], {}],
      [[], { FISCAL_DIST_DIR: checkout }],
    ] as const) {
      const result = runBuild([...args], { FISCAL_RAW_DIR: raw, ...extra });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`La carpeta ${checkout} no la escribió una compilación de Fiscal MX (no contiene ${BUILD_MARKER})`);
    }
    expect(treeDigest(checkout)).toEqual(digest);
    expect(existsSync(`${checkout}.lock`) || existsSync(`${checkout}.staging`)).toBe(false);
  });

  it("takes one build at a time, and one killed while it writes the next tree file by file leaves the tree as it was", async () => {
    const { out, digest } = builtTree();
    // The first build stops itself once its first file is staged, holding the lock: the second one certainly
    // meets it, and the kill lands in the middle of the first one's writes.
    const first = startBuild(["--out", out], { FISCAL_RAW_DIR: raw, FISCAL_BUILD_PAUSE: "while-writing" });
    while (!existsSync(`/proc/${first.child.pid}/stat`) || !/^\d+ \(.*\) T/.test(readFileSync(`/proc/${first.child.pid}/stat`, "utf8")))
      await new Promise((r) => setTimeout(r, 20));
    const second = runBuild(["--out", out], { FISCAL_RAW_DIR: raw });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(`Otra compilación (pid ${first.child.pid}) está escribiendo en ${out}`);
    // The refused build left the first one's lock and staged files alone.
    expect(readFileSync(`${out}.lock`, "utf8")).toContain(String(first.child.pid));
    first.child.kill("SIGKILL");
    await first.done;
    expect(readdirSync(`${out}.staging`).length).toBeGreaterThan(1);
    // The next build drops such a folder (test/build-interrupted.test.ts kills builds at each step of the swap).
    expect(treeDigest(out)).toEqual(digest);
  });

  it("stops with a clear message when the thread making the SQLite file and the workbooks fails or dies, and keeps the tree", async () => {
    const { out, digest } = builtTree();
    for (const [crash, cause] of [
      ["bundle-thread", "fallo provocado (FISCAL_BUILD_CRASH=bundle-thread)"],
      ["bundle-thread-exit", "el hilo terminó (código 70) sin dar los archivos"],
    ] as const) {
      const result = runBuild(["--out", out], { FISCAL_RAW_DIR: raw, FISCAL_BUILD_CRASH: crash });
      expect(result.status, crash).toBe(1);
      expect(result.stderr).toContain(
        "La compilación se detuvo; la carpeta de salida queda como estaba.\n" +
          `No se pudieron generar el archivo SQLite y los libros .xlsx de las descargas: ${cause}`,
      );
      // The operator gets the message, not a stack.
      expect(result.stderr).not.toMatch(/^\s+at /m);
    }
    expect(treeDigest(out)).toEqual(digest);
    expect(existsSync(`${out}.staging`) || existsSync(`${out}.lock`)).toBe(false);
  });
});
