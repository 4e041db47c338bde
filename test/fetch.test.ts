// npm run fetch against fake publishers on 127.0.0.1: retries, refusals, and the previous files kept byte for byte.
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runFetch, type FeedReport, type FetchRunOptions } from "../tools/fetch-run.ts";
import type { Manifest } from "../lib/datasets/records.ts";
import type { PublisherEntry } from "../core/manifest-schema.ts";
import { BANXICO_TOKEN, FakePublishers, INEGI_TOKEN } from "./helpers/publishers.ts";
import { snapshotWorkbook } from "./helpers/snapshot-workbook.ts";
import { buildWorkbook, NOMINA_SHEET_NAMES, SHEETS, shortSheets, snapshotCsv } from "./helpers/sat-workbook.ts";
import { RAW_DIR, removeTempDirs, tempDir, treeDigest } from "./helpers/tree.ts";
import { banxicoFeed } from "../sources/banxico.ts";

const FAST_HTTP = { timeoutMs: 400, connectTimeoutMs: 400, retries: 2, backoffMs: 10, maxBackoffMs: 50, maxRetryAfterMs: 5_000 };

let fake: FakePublishers;
/** The workbook generated from the snapshot, to serve again after a fault replaced it. */
let fullBook: Buffer;
/** A raw directory filled by one clean fetch of all three publishers; each test works on a copy. */
let seeded: string;
let seedReports: FeedReport[];
/** The workbook with its large sheets cut short, for tests that convert the workbook again. */
let shortBook: Buffer;
let shortSeeded: Promise<string> | undefined;
/** A raw directory filled by one clean fetch of the short workbook (made on first use; it resets the fake publishers). */
function shortSeed(): Promise<string> {
  shortSeeded ??= (async () => {
    shortBook = buildWorkbook(shortSheets());
    fake.reset(shortBook);
    const dir = tempDir("fetch-short-seed");
    const [report] = await fetchInto(dir, { only: ["sat"] });
    expect(report!.status).toBe("updated");
    return dir;
  })();
  return shortSeeded;
}
const logs: string[] = [];

function fetchInto(rawDir: string, options: Partial<FetchRunOptions> = {}): Promise<FeedReport[]> {
  return runFetch({ rawDir, http: FAST_HTTP, log: (l) => logs.push(l), ...options, env: { ...fake.env(), ...options.env } });
}

function copyOfSeed(seed = seeded): string {
  const dir = tempDir("fetch");
  cpSync(seed, dir, { recursive: true });
  return dir;
}

const manifestOf = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as Manifest;
/** The entries of a manifest a fetch wrote: every one a download from the publisher. */
function fetchedOf(dir: string): Record<string, PublisherEntry> {
  const files = manifestOf(dir).files;
  for (const [file, entry] of Object.entries(files)) expect(entry.kind, file).toBe("publisher");
  return files as Record<string, PublisherEntry>;
}
const only = (reports: FeedReport[], feed: string): FeedReport => reports.find((r) => r.feed === feed)!;

/** The files of one feed (and nothing else) in a digest of the raw directory. */
const filesOf = (digest: Map<string, string>, prefix: string): string[] =>
  [...digest].filter(([f]) => f.startsWith(prefix)).map(([f, h]) => `${f} ${h}`);

beforeAll(async () => {
  fake = await new FakePublishers(snapshotWorkbook()).start();
  fullBook = fake.workbook;
  seeded = tempDir("fetch-seed");
  seedReports = await fetchInto(seeded);
});

afterAll(async () => {
  await fake.close();
  removeTempDirs();
});

describe("a clean fetch", () => {
  it("writes every raw file the build reads, in the publishers' formats", () => {
    expect(seedReports.map((r) => [r.feed, r.status])).toEqual([
      ["banxico", "updated"],
      ["inegi", "updated"],
      ["sat", "updated"],
    ]);
    for (const f of [...banxicoFeed.rawFiles, "inegi/inpc-628194.json"]) {
      expect(readFileSync(join(seeded, f)).equals(readFileSync(join(RAW_DIR, f))), f).toBe(true);
    }
    // The workbooks served here were generated from the snapshot's CSVs: converting them back gives them byte for byte.
    expect(SHEETS).toHaveLength(23);
    expect(NOMINA_SHEET_NAMES).toHaveLength(13);
    for (const sheet of SHEETS)
      expect(
        readFileSync(join(seeded, `sat/catCFDI/${sheet}.csv`)).equals(readFileSync(join(RAW_DIR, `sat/catCFDI/${sheet}.csv`))),
        sheet,
      ).toBe(true);
    for (const sheet of NOMINA_SHEET_NAMES) {
      expect(
        readFileSync(join(seeded, `sat/catNomina/${sheet}.csv`)).equals(readFileSync(join(RAW_DIR, `sat/catNomina/${sheet}.csv`))),
        sheet,
      ).toBe(true);
    }
    expect(readFileSync(join(seeded, "sat/catCFDI/version.txt"), "utf8")).toMatch(
      /c_UsoCFDI\s+Catálogo de uso de comprobantes\. \| Versión CFDI: 4\.0/,
    );
    expect(readFileSync(join(seeded, "sat/catNomina/version.txt"), "utf8")).toMatch(
      /^Catálogos del complemento de Nómina 1\.2 \(SAT\), convertidos a CSV desde http:\/\/127\.0\.0\.1:\d+\/tramitesyservicios\/Paginas\/documentos\/catNomina\.xls\n/,
    );
  });

  it("records each file in manifest.json without secrets", () => {
    const manifest = { files: fetchedOf(seeded) };
    // 5 Banxico/INEGI files, 23 CFDI sheets + version.txt, 13 Nómina sheets + version.txt.
    expect(Object.keys(manifest.files).sort()).toHaveLength(43);
    expect(manifest.files["sat/catNomina/c_Banco.csv"]!.url).toMatch(/\/documentos\/catNomina\.xls$/);
    expect(manifest.files["sat/catCFDI/c_Municipio.csv"]!.url).toMatch(/\/documentos\/catCFDI_V_4_20250715\.xls$/);
    const fix = manifest.files["banxico/SF43718.json"]!;
    expect(Object.keys(fix).sort()).toEqual([
      "bytes",
      "etag",
      "fetchedAt",
      "first",
      "kind",
      "last",
      "lastModified",
      "rows",
      "sha256",
      "source",
      "url",
    ]);
    expect(fix.source).toBe("banxico");
    // One SIE request brings the four series; each is split into its own file in the SIE's shape.
    expect(fix.url).toMatch(/\/SieAPIRest\/service\/v1\/series\/SF43718,SP68257,SF43783,SF331451\/datos\/1991-11-12\/\d{4}-\d{2}-\d{2}$/);
    expect(fake.requests.filter((r) => r.publisher === "banxico")).toHaveLength(1);
    // The summaries the fetch computes are those committed in raw/manifest.json.
    const committed = manifestOf(RAW_DIR);
    for (const f of banxicoFeed.rawFiles) {
      const { sha256, bytes, rows, first, last, source } = manifest.files[f]!;
      const c = committed.files[f]!;
      expect({ sha256, bytes, rows, first, last, source }, f).toEqual({
        sha256: c.sha256,
        bytes: c.bytes,
        rows: c.rows,
        first: c.first,
        last: c.last,
        source: c.source,
      });
      expect(manifest.files[f]!.url).toBe(fix.url);
    }
    // What the fake publishers serve is raw/ itself: the fetch must summarize it as the committed manifest does.
    for (const f of ["inegi/inpc-628194.json", "sat/catCFDI/c_ClaveProdServ.csv"]) {
      const { sha256, rows, first, last, source } = committed.files[f]!;
      expect(manifest.files[f], f).toMatchObject({ sha256, rows, first, last, source });
    }
    expect(manifest.files["sat/catCFDI/c_Moneda.csv"]!.etag).toMatch(/^"/);
    const text = readFileSync(join(seeded, "manifest.json"), "utf8");
    expect(text).not.toContain(INEGI_TOKEN);
    expect(text).not.toContain(BANXICO_TOKEN);
  });

  it("identifies itself and sends the Banxico token in its header", () => {
    const fresh = fake.requests.filter((r) => r.publisher !== "other");
    expect(fresh.length).toBeGreaterThan(0);
    for (const r of fresh) expect(r.headers["user-agent"]).toBe("FiscalMX/1.0 (+https://fiscal-mx.example)");
    expect(fresh.find((r) => r.publisher === "banxico")?.headers["bmx-token"]).toBe(BANXICO_TOKEN);
  });
});

describe("housekeeping", () => {
  it("removes temporary files a killed fetch left behind, and leaves none of its own", async () => {
    fake.reset();
    const dir = copyOfSeed();
    writeFileSync(join(dir, "banxico/.SF43718.json.4242.0badcafe.tmp"), "{");
    await fetchInto(dir, { only: ["banxico", "inegi"] });
    const leftovers = [...treeDigest(dir).keys()].filter((f) => f.endsWith(".tmp"));
    expect(leftovers).toEqual([]);
  });
});

describe("transient faults are retried", () => {
  it("a 500 then success", async () => {
    fake.reset();
    fake.queue("banxico", { status: 500 });
    const dir = copyOfSeed();
    const [report] = await fetchInto(dir, { only: ["banxico"] });
    expect(report!.status).toBe("updated");
    expect(fake.requests.filter((r) => r.publisher === "banxico")).toHaveLength(2);
  });

  it("a 429 with Retry-After is waited for", async () => {
    fake.reset();
    fake.queue("inegi", { status: 429, retryAfter: "1" });
    const started = performance.now();
    const [report] = await fetchInto(copyOfSeed(), { only: ["inegi"] });
    expect(report!.status).toBe("updated");
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    // The retry is announced, with the INEGI token (a path segment) masked.
    const line = logs.find((l) => l.includes("HTTP 429"));
    expect(line).toMatch(/BIE\/2\.0\/\*\*\*\?type=json: HTTP 429; reintento 1 de 2 en 1\.0 s/);
    expect(logs.join("\n")).not.toContain(INEGI_TOKEN);
  });

  it("a workbook cut in the middle is resumed with a Range request", async () => {
    const seed = await shortSeed();
    fake.reset(shortBook);
    fake.queue("sat-book", "cut");
    // An empty raw directory: no conditional request, so the whole workbook is sent (and cut).
    const dir = tempDir("fetch-cut");
    const [report] = await fetchInto(dir, { only: ["sat"] });
    expect(report!.status, report!.messages.join("\n")).toBe("updated");
    expect(fake.requests.some((r) => r.publisher === "sat-book" && String(r.headers["range"]).startsWith("bytes="))).toBe(true);
    expect(filesOf(treeDigest(dir), "sat/")).toEqual(filesOf(treeDigest(seed), "sat/"));
  });
});

/** Runs one feed with a fault and checks that it failed for the reason given and left its files alone. */
async function expectRefused(
  feed: string,
  reason: RegExp | string,
  options: Partial<FetchRunOptions> = {},
  seed = seeded,
): Promise<FeedReport> {
  const dir = copyOfSeed(seed);
  const before = treeDigest(dir);
  const reports = await fetchInto(dir, { only: [feed], ...options });
  const report = only(reports, feed);
  expect(report.status).toBe("failed");
  expect(report.messages.join("\n")).toMatch(reason);
  // Nothing of the feed changed, the manifest included (no feed succeeded, so it is not rewritten).
  expect(treeDigest(dir)).toEqual(before);
  return report;
}

describe("faults that must keep yesterday's files", () => {
  it("a response that hangs past the timeout, on every attempt", async () => {
    fake.reset();
    fake.queue("inegi", "hang", "hang", "hang");
    await expectRefused("inegi", /tiempo de espera agotado/);
    expect(fake.requests.filter((r) => r.publisher === "inegi")).toHaveLength(3);
  });

  it("a body cut in the middle by a publisher that cannot resume", async () => {
    fake.reset();
    fake.queue("banxico", "cut", "cut", "cut");
    await expectRefused("banxico", /se cortó/);
  });

  it("an HTML maintenance page with status 200", async () => {
    fake.reset();
    fake.queue("banxico", "maintenance");
    await expectRefused("banxico", /página HTML/);
    fake.reset();
    fake.queue("sat-book", "maintenance");
    await expectRefused("sat", /se esperaba un libro de Excel/);
  });

  it("a 401 for a bad token, without printing the token", async () => {
    fake.reset();
    const report = await expectRefused("banxico", /HTTP 401.*token/, { env: { BANXICO_TOKEN: "token-equivocado" } });
    expect(report.messages.join("\n")).not.toContain("token-equivocado");
    const inegi = await expectRefused("inegi", /HTTP 401/, { env: { INEGI_TOKEN: "token-equivocado" } });
    expect(inegi.messages.join("\n")).not.toContain("token-equivocado");
  });

  it("a missing token stops the whole fetch before any request", async () => {
    fake.reset();
    const dir = copyOfSeed();
    const before = treeDigest(dir);
    await expect(fetchInto(dir, { env: { BANXICO_TOKEN: "", INEGI_TOKEN: "" } })).rejects.toThrow(
      /falta BANXICO_TOKEN[\s\S]*falta INEGI_TOKEN/,
    );
    expect(fake.requests).toHaveLength(0);
    expect(treeDigest(dir)).toEqual(before);
  });

  it("an empty series", async () => {
    fake.reset();
    const json = JSON.parse(fake.banxicoJson) as { bmx: { series: { datos?: unknown[] }[] } };
    delete json.bmx.series[0]!.datos;
    fake.banxicoJson = JSON.stringify(json);
    await expectRefused("banxico", /\[fx-no-vacio\] no contiene registros/);
  });

  it("a FIX series whose latest date goes backwards", async () => {
    fake.reset();
    const json = JSON.parse(fake.banxicoJson) as { bmx: { series: { datos: unknown[] }[] } };
    const dropped = json.bmx.series[0]!.datos.splice(-3);
    fake.banxicoJson = JSON.stringify(json);
    const iso = (o: unknown): string => (o as { fecha: string }).fecha.split("/").reverse().join("-");
    const [kept, gone] = [iso(json.bmx.series[0]!.datos.at(-1)), dropped.map(iso)];
    const report = await expectRefused("banxico", `la última fecha retrocede: ${gone[2]} en la copia anterior, ${kept} en la descarga`);
    expect(report.messages.join("\n")).toContain(`3 observaciones de la copia anterior desaparecen (${gone.join(", ")})`);
  });

  it("an observation that silently changes value", async () => {
    fake.reset();
    fake.inegiJson = fake.inegiJson.replace('"OBS_VALUE":"145.169"', '"OBS_VALUE":"146.000"');
    await expectRefused("inegi", /1 observaciones cambian de valor \(2026-07: 145\.169 → 146\)/);
    const dir = copyOfSeed();
    const [accepted] = await fetchInto(dir, { only: ["inegi"], acceptChanges: ["inegi"] });
    expect(accepted!.status).toBe("updated");
  });

  it("a UDI value revised in the combined answer, keeping all three Banxico files", async () => {
    fake.reset();
    fake.udiJson = fake.udiJson.replace('{"fecha":"28/09/2020","dato":"6.548157"}', '{"fecha":"28/09/2020","dato":"6.548158"}');
    await expectRefused("banxico", /banxico\/SP68257\.json: 1 observaciones cambian de valor \(2020-09-28: 6\.548157 → 6\.548158\)/);
  });

  it("a TIIE value with fewer decimals than the series publishes", async () => {
    fake.reset();
    fake.tiieJson = fake.tiieJson.replace('{"fecha":"04/01/2021","dato":"4.4805"}', '{"fecha":"04/01/2021","dato":"4.48"}');
    await expectRefused("banxico", /SF43783\.json: \[tiie-28-decimales\] fila \d+: 2 decimales en 2021-01-04; la serie publica 4/);
  });

  it("a response over the size cap", async () => {
    fake.reset();
    await expectRefused("banxico", /excede/, { http: { ...FAST_HTTP, maxBytes: 100_000 } });
  });
});

describe("catalog removals", () => {
  /** c_Moneda with 40 % of its rows missing. */
  function shrunkMoneda(): string {
    const [header, ...rows] = snapshotCsv("c_Moneda").trimEnd().split("\n");
    return `${[header, ...rows.filter((_, i) => i % 5 >= 2)].join("\n")}\n`;
  }

  it("a catalog with 40 % of its rows missing is refused, and every SAT file kept", async () => {
    // Against the seed of the short workbook: the same sheets, c_Moneda shrunk.
    const seed = await shortSeed();
    fake.reset(buildWorkbook({ ...shortSheets(), c_Moneda: shrunkMoneda() }));
    const report = await expectRefused("sat", /c_Moneda\.csv: pierde 74 de 183 claves \(40\.4 %\).*--accept-removals/, {}, seed);
    expect(report.messages.join("\n")).not.toMatch(/c_ClaveProdServ/);
  });

  it("is accepted with --accept-removals=sat", async () => {
    const dir = copyOfSeed(await shortSeed());
    const [report] = await fetchInto(dir, { only: ["sat"], acceptRemovals: ["sat"] });
    expect(report!.status).toBe("updated");
    expect(report!.messages.join("\n")).toMatch(/aceptado: pierde 74 de 183 claves/);
    expect(manifestOf(dir).files["sat/catCFDI/c_Moneda.csv"]!.rows).toBe(109);
  });
});

describe("conditional requests", () => {
  it("a 304 keeps the files and refreshes the fetch time", async () => {
    fake.reset(fullBook);
    const dir = copyOfSeed();
    const before = treeDigest(dir);
    const [report] = await fetchInto(dir, { only: ["sat"], now: () => new Date("2030-01-02T03:04:05Z") });
    expect(report!.status).toBe("unchanged");
    const book = fake.requests.find((r) => r.publisher === "sat-book")!;
    expect(book.headers["if-none-match"]).toBe(fetchedOf(seeded)["sat/catCFDI/c_Moneda.csv"]!.etag);
    expect(book.headers["if-modified-since"]).toBe("Tue, 15 Jul 2025 18:00:00 GMT");
    const nomina = fake.requests.find((r) => r.publisher === "sat-nomina-book")!;
    expect(nomina.headers["if-none-match"]).toBe(fetchedOf(seeded)["sat/catNomina/c_Banco.csv"]!.etag);
    expect(filesOf(treeDigest(dir), "sat/")).toEqual(filesOf(before, "sat/"));
    expect(fetchedOf(dir)["sat/catCFDI/c_Moneda.csv"]!.fetchedAt).toBe("2030-01-02T03:04:05.000Z");
  });

  it("is not made when a recorded file was changed by hand", async () => {
    fake.reset();
    // A maintenance page instead of the workbook: the request is all this test needs, and it stays fast.
    fake.queue("sat-book", "maintenance");
    const dir = copyOfSeed();
    cpSync(join(RAW_DIR, "sat/catCFDI/version.txt"), join(dir, "sat/catCFDI/version.txt"));
    const [report] = await fetchInto(dir, { only: ["sat"] });
    expect(report!.status).toBe("failed");
    expect(fake.requests.find((r) => r.publisher === "sat-book")!.headers["if-none-match"]).toBeUndefined();
  });
});
