// The MCP tools come from the route table: every route is reached by a tool (or the table says why not), enums follow the table.
import { describe, expect, it } from "vitest";
import { routes, type Param, type Route } from "../lib/routes/routes.ts";
import { routeFor } from "../lib/mcp/dispatch.ts";
import { FAMILIES } from "../lib/mcp/families.ts";
import { bindingOf, toolByName, tools, XML_ARGUMENT } from "../lib/mcp/tools.ts";
import { argumentError } from "../lib/mcp/arguments.ts";

/** A documented value of each parameter: its example, or an integer's default. */
const exampleOf = (p: Param): unknown =>
  p.in === "path" ? p.example : p.type === "integer" ? p.default : p.type === "whole" ? Number(p.example) : p.example;

function argsFor(route: Route): Record<string, unknown> {
  const tool = toolByName(bindingOf(route)?.tool ?? "");
  const args: Record<string, unknown> = Object.fromEntries(route.params.map((p) => [p.name, exampleOf(p)]));
  if (tool?.selector !== undefined) args[tool.selector] = bindingOf(route)?.as;
  // A route that takes an XML body by POST gets it as the xml argument: its documented example.
  if (route.post?.media === "xml") args[XML_ARGUMENT] = route.post.example;
  return args;
}

describe("the tools of the route table", () => {
  it("reach every route with its documented arguments, or the route says why no tool does", () => {
    for (const route of routes) {
      const binding = route.mcp;
      expect(binding, `${route.id} names no MCP tool (mcp: { tool } or { none: reason })`).toBeDefined();
      if (binding === undefined || "none" in binding) {
        expect(binding && "none" in binding ? binding.none.length : 0, route.id).toBeGreaterThan(20);
        continue;
      }
      const tool = toolByName(binding.tool);
      expect(tool, route.id).toBeDefined();
      if (tool === undefined) continue;
      const args = argsFor(route);
      expect(argumentError(tool, args), `${route.id} ${JSON.stringify(args)}`).toBeUndefined();
      expect(routeFor(tool, args), route.id).toBe(route);
    }
  });

  it("are at most 15, each with a when-to-use sentence and, where it has one, the selector's values from the table", () => {
    expect(tools.length).toBeLessThanOrEqual(15);
    for (const t of tools) {
      expect(t.description.startsWith(FAMILIES[t.name].when)).toBe(true);
      if (t.selector === undefined) continue;
      const values = [...new Set(t.routes.map((r) => bindingOf(r)?.as))];
      expect(t.inputSchema.properties[t.selector]?.["enum"]).toEqual(values);
    }
    const calcSlugs = routes.filter((r) => r.path.startsWith("/calculos/")).map((r) => r.path.slice("/calculos/".length));
    expect(toolByName("calcular")?.inputSchema.properties["calculo"]?.["enum"]).toEqual(calcSlugs);
  });

  it("take a new route with a one-line entry: its parameters join the tool's arguments", () => {
    const tool = toolByName("calcular");
    const argNames = Object.keys(tool?.inputSchema.properties ?? {});
    for (const r of tool?.routes ?? []) for (const p of r.params) expect(argNames).toContain(p.name);
  });

  it("pick the route by the arguments given, and say in Spanish what a selector value needs", () => {
    const serie = toolByName("serie_banxico");
    if (serie === undefined) throw new Error("serie_banxico");
    expect((routeFor(serie, { serie: "fix" }) as Route).id).toBe("fxToday");
    expect((routeFor(serie, { serie: "udi", days: 7 }) as Route).id).toBe("udiHistory");
    expect((routeFor(serie, { serie: "tiie-28", date: "2024-03-15" }) as Route).id).toBe("tiie28ByDate");
    expect(routeFor(serie, { serie: "fix", date: "2024-03-15", days: 3 })).toBe(
      "Con serie=fix no se admite esta combinación (date, days): se pide sin más argumentos; o con days, from, to; o con date.",
    );
  });
});
