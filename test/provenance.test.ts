// Provenance that is true: the manifest's two kinds of entry, and how /status, /estado/ and the dumps index tell them apart.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parseManifest } from "../build/fetch-manifest.ts";
import { rawCommitMessage } from "../tools/raw-commit-message.ts";
import { statusDocument } from "../build/status.ts";
import type { Datasets, Manifest } from "../lib/datasets/records.ts";
import type { StatusDocument } from "../core/schemas.ts";
import type { SiteContext } from "../site/context.ts";
import { statusPage } from "../site/freshness.ts";
import { esc } from "../site/html.ts";
import { sheetVersions } from "../sources/sat-version.ts";
import { AS_OF, RAW_DIR } from "./helpers/tree.ts";
import { rawEntry } from "./helpers/raw-facts.ts";
import { snapshotDatasets } from "./helpers/snapshot-data.ts";

const SUMMARY = { sha256: "a".repeat(64), bytes: 10, rows: 2, first: "2026-01-01", last: "2026-01-02" };
const DOWNLOAD = {
  kind: "publisher",
  source: "banxico",
  url: "https://www.banxico.org.mx/SieAPIRest/service/v1/series/SF43718/datos/1991-11-12/2026-01-02",
  fetchedAt: "2026-01-02T18:31:00.000Z",
  etag: null,
  lastModified: null,
  ...SUMMARY,
};
const COPY = {
  kind: "copy",
  source: "banxico",
  url: "https://www.banxico.org.mx/SieAPIRest/service/v1/series/SF43718/datos",
  copies: [{ repository: "owner/name", path: "data.json", commit: "0123456789abcdef0123456789abcdef01234567", covers: null }],
  ...SUMMARY,
};
const manifestText = (entry: object): string => JSON.stringify({ files: { "banxico/SF43718.json": entry } });

describe("the manifest's schema", () => {
  it("holds a download and a public copy, each with its own fields", () => {
    expect(parseManifest(manifestText(DOWNLOAD)).files["banxico/SF43718.json"]).toEqual(DOWNLOAD);
    expect(parseManifest(manifestText(COPY)).files["banxico/SF43718.json"]).toEqual(COPY);
  });

  it("reads an entry written before the kinds existed as the download it was", () => {
    const { kind: _, ...old } = DOWNLOAD;
    expect(parseManifest(manifestText(old)).files["banxico/SF43718.json"]).toEqual(DOWNLOAD);
  });

  it("refuses a copy that claims a fetch time, names no copy or no real commit, and a download without its time", () => {
    const entry = "la entrada de banxico/SF43718.json, campo";
    expect(() => parseManifest(manifestText({ ...COPY, fetchedAt: DOWNLOAD.fetchedAt }))).toThrow(
      `${entry} fetchedAt: no es un campo del manifiesto (se leyó "${DOWNLOAD.fetchedAt}")`,
    );
    expect(() => parseManifest(manifestText({ ...COPY, copies: [] }))).toThrow(
      `${entry} copies: debe tener al menos 1 elemento (se leyó [])`,
    );
    expect(() => parseManifest(manifestText({ ...COPY, copies: [{ ...COPY.copies[0], commit: "main" }] }))).toThrow(
      `${entry} copies.0.commit: no tiene la forma esperada (^[0-9a-f]{40}$) (se leyó "main")`,
    );
    const { fetchedAt: _, ...untimed } = DOWNLOAD;
    expect(() => parseManifest(manifestText(untimed))).toThrow(`${entry} fetchedAt: falta, y es obligatorio`);
  });

  it("names the file and the field in Spanish: no validator's English, no JSON-pointer escapes (issue 44)", () => {
    const messages: string[] = [];
    for (const text of [
      manifestText({ ...DOWNLOAD, sha256: 12 }),
      manifestText({ ...DOWNLOAD, kind: "otro" }),
      manifestText({ ...DOWNLOAD, bytes: -1 }),
      '{"files": {"banxico/SF43718.json": 3}}',
      '{"files": [] }',
      '{\n  "files": {,}\n}',
      "",
    ]) {
      try {
        parseManifest(text);
      } catch (e) {
        messages.push((e as Error).message);
      }
    }
    expect(messages).toHaveLength(7);
    expect(messages[0]).toBe("la entrada de banxico/SF43718.json, campo sha256: debe ser texto (se leyó 12)");
    expect(messages[1]).toBe('la entrada de banxico/SF43718.json, campo kind: debe ser "publisher" o "copy" (se leyó "otro")');
    expect(messages[2]).toBe("la entrada de banxico/SF43718.json, campo bytes: debe ser un entero mayor o igual que 0 (se leyó -1)");
    expect(messages[5]).toBe("no es JSON válido: algo inesperado en la línea 2, columna 13");
    for (const m of messages) expect(m).not.toMatch(/~1|Expected|union|position|JSON at/);
  });

  it("is what raw/manifest.json follows, every seeded file a public copy", () => {
    const manifest = parseManifest(readFileSync(join(RAW_DIR, "manifest.json"), "utf8"));
    const kinds = new Set(Object.values(manifest.files).map((e) => e.kind));
    expect([...kinds]).toEqual(["copy"]);
  });

  it("makes a download that confirms a copy byte for byte worth a commit, naming the change of origin", () => {
    const before: Manifest = { files: { "banxico/SF43718.json": COPY as Manifest["files"][string] } };
    const after: Manifest = { files: { "banxico/SF43718.json": DOWNLOAD as Manifest["files"][string] } };
    expect(rawCommitMessage(before, after)?.split("\n")[0]).toBe("FIX descargado del publicador");
    expect(rawCommitMessage(after, before)?.split("\n")[0]).toBe("FIX copia pública (owner/name)");
  });
});

describe("the status document and /estado/", () => {
  let data: Datasets;
  let status: StatusDocument;
  beforeAll(async () => {
    data = await snapshotDatasets();
    status = statusDocument(data, AS_OF, {});
  });
  const byId = (doc: StatusDocument, id: string) => doc.datasets.find((d) => d.id === id)!;

  it("says the FIX was taken from public copies, which, and claims no download", () => {
    const fx = byId(status, "fx");
    const entry = rawEntry("banxico/SF43718.json");
    expect(entry.kind).toBe("copy");
    expect(fx.raw).toMatchObject({ origin: "copia", fetchedAt: null, url: entry.url });
    expect(fx.raw?.copies).toEqual(entry.kind === "copy" ? entry.copies : null);
    // Without SOURCE_DATE_EPOCH the build time is the newest download's; there was none.
    expect(status.builtAt).toBeNull();
  });

  it("says when a file was downloaded from its publisher", () => {
    const fetchedAt = "2026-11-24T18:40:00.000Z";
    const entry = rawEntry("banxico/SF43718.json");
    const downloaded = {
      ...data,
      manifest: {
        files: { ...data.manifest.files, "banxico/SF43718.json": { ...DOWNLOAD, ...entry, kind: "publisher" as const, fetchedAt } },
      },
    } as Datasets;
    const doc = statusDocument(downloaded, AS_OF, {});
    expect(byId(doc, "fx").raw).toMatchObject({ origin: "publicador", fetchedAt, copies: null });
    expect(doc.builtAt).toBe(fetchedAt);
    const html = statusPage({ status: doc, site: "https://fiscal-mx.example" } as SiteContext);
    expect(html).toContain("Descargado del publicador</dt><dd>24 de noviembre de 2026, 18:40 UTC");
  });

  it("gives each SAT sheet's version, and /estado/ shows it with the copies linked at their commits", () => {
    const versions = sheetVersions(readFileSync(join(RAW_DIR, "sat/catCFDI/version.txt"), "utf8"));
    const moneda = byId(status, "cfdi-moneda");
    expect(moneda.version).toBe(versions.get("c_Moneda"));
    expect(byId(status, "fx").version).toBeUndefined();
    const html = statusPage({ status, site: "https://fiscal-mx.example" } as SiteContext);
    expect(html).toContain(`Versión del catálogo</dt><dd>${esc(versions.get("c_Moneda")!)}`);
    const copy = moneda.raw!.copies![0]!;
    expect(html).toContain(`https://github.com/${copy.repository}/blob/${copy.commit}/${copy.path}`);
    expect(html).toContain("copia pública, no descargada del publicador");
    expect(html).not.toContain("Descargado del publicador");
  });
});

describe("the SAT version files", () => {
  it("give a sheet's line whether the conversion wrote it or a note did", () => {
    const text = [
      "Catálogos …, convertidos a CSV desde https://x/catCFDI.xls",
      "c_Moneda    Versión 1.0 | Revisión 1",
      "c_ClaveProdServ: no es la hoja del libro 4.0",
      "",
    ].join("\n");
    expect([...sheetVersions(text)]).toEqual([
      ["c_Moneda", "Versión 1.0 | Revisión 1"],
      ["c_ClaveProdServ", "no es la hoja del libro 4.0"],
    ]);
  });
});
