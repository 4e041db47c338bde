// The real snapshot's values as the dumps and the status document publish them.
import { beforeAll, describe, expect, it } from "vitest";
import { DUMP_DATASETS } from "../lib/routes.ts";
import { builtDist } from "./http-setup.ts";
import { treeReader } from "./helpers/tree.ts";

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

describe("status", () => {
  it("reports each dataset's freshness and raw provenance", () => {
    const status = api<{
      asOf: string;
      datasets: { id: string; stale: boolean; latest: string; records: number; raw: { sha256: string } | null }[];
    }>("/status");
    expect(status.asOf).toBe("2026-11-21");
    const byId = new Map(status.datasets.map((d) => [d.id, d]));
    expect(byId.get("fx")).toMatchObject({
      latest: "2026-08-21",
      records: 8741,
      stale: true,
      raw: { sha256: "ffa9207387260d07399b9be793916a45e4444f37252b603f1c6862172b84ed0a" },
    });
    expect(byId.get("inpc")).toMatchObject({ latest: "2026-08", records: 320, stale: true });
    expect(byId.get("uma")).toMatchObject({ latest: "2026", stale: false, raw: null });
    expect(byId.get("cfdi-clave-prod-serv")).toMatchObject({ records: 52514, stale: false });
    for (const { id } of DUMP_DATASETS) expect(byId.has(id), id).toBe(true);
  });
});
