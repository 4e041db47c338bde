// The real snapshot's values as the dumps and the status document publish them.
import { beforeAll, describe, expect, it } from "vitest";
import { DUMP_DATASETS } from "../lib/routes/routes.ts";
import { builtDist } from "./http-setup.ts";
import { AS_OF, RAW_DIR, treeReader } from "./helpers/tree.ts";
import { rawEntry } from "./helpers/raw-facts.ts";
import { CLAVE_PROD_SERV } from "./helpers/raw.ts";
import { DEFINITIONS } from "../lib/datasets/definitions.ts";
import { staleness } from "../lib/datasets/staleness.ts";
import { sheetVersions } from "../sources/sat-version.ts";
import { NEWER_SAT_REVISIONS } from "../sources/sat-revisions.ts";
import { readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";

/** A dataset's stale reason as of a date, by the rule of its definition's cadence. */
const judged = (id: string, latest: string, asOf: string): string | null =>
  staleness(DEFINITIONS.find((d) => d.id === id)!.cadence, latest, asOf).staleReason;

let dist: string;
const { api, dump } = treeReader(() => dist);

beforeAll(async () => {
  dist = await builtDist();
});

describe("dumps of the real snapshot", () => {
  it("FIX: the whole history, with the real values, ending like the API", () => {
    const fx = dump<{ date: string; rate: number }>("fx.json");
    expect(fx.find((r) => r.date === "2020-01-02")?.rate).toBe(18.8817);
    expect(fx.find((r) => r.date === "2022-02-09")?.rate).toBe(20.5008);
    expect(fx.at(-1)).toEqual(api("/fx/today"));
    const window = api<{ date: string }[]>("/fx/history/days-365");
    expect(fx.slice(-window.length)).toEqual(window);
  });
});

describe("the dumps index", () => {
  it("says per dataset whether its data was downloaded, taken from public copies or kept by hand, and each SAT sheet's version", () => {
    type Entry = {
      dataset: string;
      format: string;
      origin: string;
      fetchedAt: string | null;
      copies: { commit: string }[] | null;
      version: string | null;
    };
    const index = dump<never>("index.json") as unknown as { files: Entry[] };
    const json = new Map(index.files.filter((f) => f.format === "json").map((f) => [f.dataset, f]));
    const fx = rawEntry("banxico/SF43718.json");
    expect(json.get("fx")).toMatchObject(
      fx.kind === "copy"
        ? { origin: "copia", fetchedAt: null, version: null }
        : { origin: "publicador", fetchedAt: fx.fetchedAt, copies: null },
    );
    if (fx.kind === "copy") expect(json.get("fx")?.copies?.map((c) => c.commit)).toEqual(fx.copies.map((c) => c.commit));
    expect(json.get("uma")).toMatchObject({ origin: "tabla", fetchedAt: null, copies: null, version: null });
    const versions = sheetVersions(readFileSync(join(RAW_DIR, "sat/catCFDI/version.txt"), "utf8"));
    expect(json.get("cfdi-moneda")?.version).toBe(versions.get("c_Moneda"));
  });
});

describe("status", () => {
  type RawInfo = {
    file: string;
    sha256: string;
    origin: string;
    fetchedAt: string | null;
    copies: { repository: string; commit: string }[] | null;
  };
  const status = () =>
    api<{
      asOf: string;
      datasets: {
        id: string;
        stale: boolean;
        staleFrom: string | null;
        latest: string;
        records: number;
        raw: RawInfo | null;
        version?: string | null;
      }[];
    }>("/status");

  it("reports each dataset's freshness, judged by its cadence from the data alone", () => {
    const { asOf, datasets } = status();
    expect(asOf).toBe(AS_OF);
    const byId = new Map(datasets.map((d) => [d.id, d]));
    const fx = rawEntry("banxico/SF43718.json");
    expect(byId.get("fx")).toMatchObject({
      latest: fx.last,
      records: fx.rows,
      stale: judged("fx", fx.last!, AS_OF) !== null,
      raw: { sha256: fx.sha256 },
    });
    const inpc = rawEntry("inegi/inpc-628194.json");
    expect(byId.get("inpc")).toMatchObject({ latest: inpc.last, records: inpc.rows, stale: judged("inpc", inpc.last!, AS_OF) !== null });
    expect(byId.get("uma")).toMatchObject({ latest: "2026", stale: false, raw: null });
    // Intended (branch host, sources/sat-revisions.ts): raw/ holds a revision of c_ClaveProdServ that SAT has since revised,
    // so /status, the full account, calls it stale from SAT's first newer revision.
    expect(byId.get("cfdi-clave-prod-serv")).toMatchObject({
      records: rawEntry(CLAVE_PROD_SERV).rows,
      stale: true,
      staleFrom: NEWER_SAT_REVISIONS[CLAVE_PROD_SERV]!.dates[0],
    });
    for (const { id } of DUMP_DATASETS) expect(byId.has(id), id).toBe(true);
  });

  it("says per raw file whether it was downloaded or taken from public copies, as the manifest records it", () => {
    for (const d of status().datasets) {
      if (d.raw === null) continue;
      const entry = rawEntry(d.raw.file);
      if (entry.kind === "copy") {
        expect(d.raw, d.id).toMatchObject({ origin: "copia", fetchedAt: null });
        expect(
          d.raw.copies?.map((c) => c.commit),
          d.id,
        ).toEqual(entry.copies.map((c) => c.commit));
      } else {
        expect(d.raw, d.id).toMatchObject({ origin: "publicador", fetchedAt: entry.fetchedAt, copies: null });
      }
    }
  });

  it("gives each SAT sheet's version from its workbook's version.txt", () => {
    const versionsOf = (dir: string) => sheetVersions(readFileSync(join(RAW_DIR, dir, "version.txt"), "utf8"));
    const sat = status().datasets.filter((d) => d.raw?.file.startsWith("sat/"));
    expect(sat.length).toBeGreaterThan(30);
    for (const d of sat) {
      const file = d.raw!.file;
      expect(d.version, d.id).toBe(versionsOf(dirname(file)).get(basename(file, ".csv")) ?? null);
    }
    const moneda = sat.find((d) => d.id === "cfdi-moneda");
    expect(moneda?.version).toMatch(/Versión catálogo \d/);
  });
});
