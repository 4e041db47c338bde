// Per-path headers of the files the host serves, as one rule set: the build's dist/_headers and the local server's files.
import { API_BASE, documentRoutes, JSON_TYPE, routes, type CachePolicy, type Route } from "../routes.ts";
import { cacheControl, EXPOSED_HEADERS } from "../http-kit/headers.ts";

/** A Netlify header rule: `for` is a path, or a prefix ending in "/*" that matches everything below it. */
export interface HeaderRule {
  for: string;
  values: Record<string, string>;
}

const fileHeaders = (contentType: string, cache: CachePolicy): Record<string, string> => ({
  "Content-Type": contentType,
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": EXPOSED_HEADERS.join(", "),
  "Cache-Control": cacheControl(cache),
  "X-Content-Type-Options": "nosniff",
});

/** Whether a rule's `for` matches a path the way the host matches it. */
export function ruleMatches(pattern: string, path: string): boolean {
  return pattern.endsWith("/*") ? path.startsWith(pattern.slice(0, -1)) : pattern === path;
}

/** The rule paths of a file route's files: the resource path, its .json file and everything below it (variants, codes). */
export function filePatterns(r: Route): string[] {
  const stem = `${API_BASE}${r.path}`.replace(/\/\{.*$/, "");
  return stem === `${API_BASE}${r.path}` ? [stem, `${stem}.json`, `${stem}/*`] : [`${stem}/*`];
}

/**
 * Rules for the files of every file route (the resource path, its .json file and everything below it:
 * variants, codes) and for every document. No two rules match one path: the host would send both.
 */
function buildRules(): HeaderRule[] {
  const rules = new Map<string, Record<string, string>>();
  const add = (pattern: string, values: Record<string, string>): void => {
    const existing = rules.get(pattern);
    if (existing && JSON.stringify(existing) !== JSON.stringify(values)) throw new Error(`conflicting headers for ${pattern}`);
    rules.set(pattern, values);
  };
  for (const r of routes.filter((route) => route.kind === "file")) {
    const values = fileHeaders(JSON_TYPE, r.cache);
    for (const pattern of filePatterns(r)) add(pattern, values);
  }
  for (const d of documentRoutes) add(d.path, fileHeaders(d.contentType, d.cache));
  // A rule whose path a wildcard rule with the same values already covers would repeat each header.
  const covered = (p: string): boolean =>
    [...rules.entries()].some(
      ([q, v]) => q !== p && q.endsWith("/*") && ruleMatches(q, p) && JSON.stringify(v) === JSON.stringify(rules.get(p)),
    );
  return [...rules.entries()].filter(([p]) => !covered(p)).map(([p, values]) => ({ for: p, values }));
}

let cached: { rules: HeaderRule[]; byFor: Map<string, HeaderRule> } | undefined;

function ruleSet(): { rules: HeaderRule[]; byFor: Map<string, HeaderRule> } {
  if (cached === undefined) {
    const rules = buildRules();
    cached = { rules, byFor: new Map(rules.map((r) => [r.for, r])) };
  }
  return cached;
}

export function headerRules(): HeaderRule[] {
  return ruleSet().rules;
}

/**
 * The headers the rules give a path, or undefined when none matches (the host's defaults apply). Looks up
 * the path itself and "<ancestor>/*" for each of its ancestors, so tens of thousands of files load fast.
 */
export function headersFor(path: string): Readonly<Record<string, string>> | undefined {
  const { byFor } = ruleSet();
  let found = byFor.get(path);
  for (let slash = path.indexOf("/"); slash >= 0; slash = path.indexOf("/", slash + 1)) {
    const rule = byFor.get(`${path.slice(0, slash)}/*`);
    if (rule === undefined) continue;
    if (found !== undefined) throw new Error(`header rules ${found.for} and ${rule.for} both match ${path}`);
    found = rule;
  }
  return found?.values;
}
