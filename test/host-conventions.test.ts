// Conventions of issue-level contract: RFC 9457 problem types with a page each, the ISR calculation from a payment date
// alone, the decenal tariff, MCP years as numbers or text, and the stale header on a static file.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROBLEM_KINDS, problemPagePath } from "../content/problem-kinds.ts";
import { pageFile } from "../site/index.ts";
import { siteUrl } from "../core/service-config.ts";
import { builtDist, get, sharedServer } from "./http-setup.ts";

const app = sharedServer();
const BASE = "/api/v1/public";

describe("problem types (RFC 9457)", () => {
  it("name one type URI per kind of problem, each a page of the site", async () => {
    expect(new Set(PROBLEM_KINDS.map((k) => k.slug)).size).toBe(PROBLEM_KINDS.length);
    const dist = await builtDist();
    for (const k of PROBLEM_KINDS) expect(existsSync(join(dist, pageFile(problemPagePath(k)))), k.slug).toBe(true);
    const missing = (await get(app.url, `${BASE}/uma/1900`)).json() as { type: string; title: string; status: number };
    expect(missing).toMatchObject({ type: `${siteUrl()}/problemas/no-encontrado/`, title: "No encontrado", status: 404 });
    const bad = (await get(app.url, `${BASE}/uma/26`)).json() as { type: string };
    expect(bad.type).toBe(`${siteUrl()}/problemas/solicitud-incorrecta/`);
  });
});

describe("/calculos/isr", () => {
  it("takes the tariff's year from fecha or mes when anio is left out, and asks for one of the three otherwise", async () => {
    const withYear = (await get(app.url, `${BASE}/calculos/isr?ingreso=20000.00&periodo=mensual&anio=2026&fecha=2026-03-15`)).json();
    const byDate = await get(app.url, `${BASE}/calculos/isr?ingreso=20000.00&periodo=mensual&fecha=2026-03-15`);
    expect(byDate.status).toBe(200);
    expect(byDate.json()).toEqual(withYear);
    const byMonth = (await get(app.url, `${BASE}/calculos/isr?ingreso=20000.00&periodo=mensual&mes=2026-03`)).json() as { anio: number };
    expect(byMonth.anio).toBe(2026);
    const none = await get(app.url, `${BASE}/calculos/isr?ingreso=20000.00&periodo=mensual`);
    expect(none.status).toBe(400);
    expect((none.json() as { detail: string }).detail).toBe("Envíe anio (el año de la tarifa), fecha (día de pago) o mes.");
  });
});

describe("the decenal tariff", () => {
  it("is served at /tarifa/isr/{year}/decenal with the rows the calculator uses", async () => {
    const res = await get(app.url, `${BASE}/tarifa/isr/2026/decenal`);
    expect(res.status).toBe(200);
    const tariff = res.json() as { period: string; rows: unknown[] };
    expect(tariff.period).toBe("decenal");
    expect(tariff.rows.length).toBeGreaterThan(5);
    const calc = (await get(app.url, `${BASE}/calculos/isr?ingreso=5000.00&periodo=decenal&anio=2026`)).json() as {
      datos: { tarifa: { periodo: string } };
    };
    expect(calc.datos.tarifa.periodo).toBe("decenal");
  });
});

describe("a static file of a stale dataset", () => {
  it("says so in x-fmx-data-stale beside its staleFrom and latest date", async () => {
    const res = await get(app.url, `${BASE}/fx/today`);
    const from = res.headers["x-fmx-data-stale-from"] as string;
    expect(from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(res.headers["x-fmx-data-date"]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/Mexico_City" });
    expect(res.headers["x-fmx-data-stale"]).toBe(String(today >= from));
    const clave = await get(app.url, `${BASE}/cfdi/clave-prod-serv/01010101`);
    expect(clave.headers["x-fmx-data-stale-from"]).toBe("2022-12-21");
    expect(clave.headers["x-fmx-data-stale"]).toBe("true");
    expect((await get(app.url, `${BASE}/cfdi/forma-pago/01`)).headers["x-fmx-data-stale"]).toBeUndefined();
  });
});

describe("the site", () => {
  it("leads from the landing page to the API, the assistant guide, the downloads and the calendar", async () => {
    const { readFileSync } = await import("node:fs");
    const landing = readFileSync(join(await builtDist(), "index.html"), "utf8");
    for (const href of [
      "/docs/",
      "/guia-mcp/",
      `${BASE}/dumps/fiscal-mx.sqlite`,
      `${BASE}/dumps/catalogos-cfdi.xlsx`,
      `${BASE}/dumps/index.json`,
    ])
      expect(landing, href).toContain(`href="${href}"`);
    // The calendar page, where its iCalendar feeds are offered for subscription, and the API's next deadlines.
    expect(landing).toContain('href="/calendario/">el calendario fiscal</a>');
    expect(landing).toMatch(/href="[^"]*calendario[^"]*">los próximos vencimientos</);
  });

  it("gives /guia-mcp/ steps for every client the README names", async () => {
    const { readFileSync } = await import("node:fs");
    const guide = readFileSync(join(await builtDist(), "guia-mcp/index.html"), "utf8");
    const readme = readFileSync(join(import.meta.dirname, "../README.md"), "utf8");
    const named = /how to add it to ([^.]+?) or\s+a stdio-only client/s.exec(readme)?.[1]?.split(/,\s*/) ?? [];
    expect(named).toEqual(["Claude", "ChatGPT", "VS Code", "Cursor"]);
    for (const client of ["Claude", "ChatGPT", "Visual Studio Code", "Cursor"]) expect(guide, client).toContain(client);
    expect(guide).toContain("mcp-remote");
    expect(guide).toContain(".cursor/mcp.json");
  });
});
