// What `netlify build` produced, checked: one platform rate limit (the edge function's) in front of every API path, /mcp
// and the functions' own paths, and no function with a rule of its own. The build plugin and test/host-manifests.test.ts run it.
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** Where netlify build writes them, below the base directory. */
export const EDGE_MANIFEST = ".netlify/edge-functions-dist/manifest.json";
export const FUNCTIONS_MANIFEST = ".netlify/functions/manifest.json";

interface EdgeManifest {
  routes: { function: string; pattern: string; excluded_patterns: string[] }[];
  function_config: Record<string, { traffic_rules?: unknown }>;
}

interface FunctionsManifest {
  functions: { name: string; trafficRules?: unknown; routes?: { pattern: string }[] }[];
}

/** The platform's rate limit (docs/serving.md), enforced per IP and domain in front of the code; netlify/edge-functions/api.ts spells it as a literal. */
export const PLATFORM_RATE_LIMIT = { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] } as const;

/** The edge manifest's form of PLATFORM_RATE_LIMIT (@netlify/edge-bundler's manifest.js). */
const EDGE_RULE = {
  action: {
    type: "rate_limit",
    config: {
      rate_limit_config: {
        window_limit: PLATFORM_RATE_LIMIT.windowLimit,
        window_size: PLATFORM_RATE_LIMIT.windowSize,
        algorithm: "sliding_window",
      },
      aggregate: { keys: PLATFORM_RATE_LIMIT.aggregateBy.map((type) => ({ type })) },
    },
  },
};

/** Paths a client may ask for, each of which one edge route with the rule must run in front of. */
const MUST_RUN = [
  "/api/v1/public",
  "/api/v1/public/uma",
  "/api/v1/public/rfc/validar/GODE561231GR8",
  "/api/v1/public/calculos/isr",
  "/api/v1/public/cfdi/buscar",
  "/api/v1/public/dumps/fx.json",
  "/mcp",
  "/_fn/catalog-pages/cfdiClaveProdServList",
  "/_fn/banxico-series/api/v1/public/fx",
];

/** What is wrong with the manifests, in words (empty when the one budget holds). */
export function budgetProblems(edge: EdgeManifest, functions: FunctionsManifest): string[] {
  const problems: string[] = [];
  const ruled = Object.entries(edge.function_config).filter(([, c]) => c.traffic_rules !== undefined);
  if (ruled.length === 0) problems.push("edge manifest: no edge function has a rate limit (function_config lost the edge config)");
  if (ruled.length > 1) problems.push(`edge manifest: ${ruled.length} edge functions have a rate limit, one budget needs one`);
  const [name, config] = ruled[0] ?? [];
  if (config !== undefined && JSON.stringify(config.traffic_rules) !== JSON.stringify(EDGE_RULE))
    problems.push(`edge manifest: ${name}'s rule is ${JSON.stringify(config.traffic_rules)}, not ${JSON.stringify(EDGE_RULE)}`);
  for (const path of name === undefined ? [] : MUST_RUN) {
    const runs = edge.routes.some(
      (r) => r.function === name && new RegExp(r.pattern).test(path) && !r.excluded_patterns.some((x) => new RegExp(x).test(path)),
    );
    if (!runs) problems.push(`edge manifest: the rate-limited edge function does not run in front of ${path}`);
  }
  for (const f of functions.functions)
    if (f.trafficRules !== undefined) problems.push(`functions manifest: ${f.name} has a rate limit of its own (a second budget)`);
  if (functions.functions.length === 0) problems.push("functions manifest: no functions");
  return problems;
}

/** The problems of the manifests below `root`; a manifest that cannot be read is one. */
export function manifestProblems(root: string): string[] {
  const read = <T>(path: string): T | string => {
    try {
      return JSON.parse(readFileSync(join(root, path), "utf8")) as T;
    } catch (e) {
      return `${path}: ${(e as Error).message}`;
    }
  };
  const edge = read<EdgeManifest>(EDGE_MANIFEST);
  const functions = read<FunctionsManifest>(FUNCTIONS_MANIFEST);
  if (typeof edge === "string" || typeof functions === "string") return [edge, functions].filter((x) => typeof x === "string");
  return budgetProblems(edge, functions);
}
