// Per-path headers of the files the host serves, as one rule set: the build's dist/_headers and the local server's files.
import { API_BASE, documentRoutes, JSON_TYPE, routes, type CachePolicy, type Route } from "../routes/routes.ts";
import { cacheControl, EXPOSED_HEADERS } from "../http-kit/headers.ts";
import type { HeaderList } from "../http-kit/respond.ts";

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

const ruleMatches = (pattern: string, path: string): boolean =>
  pattern.endsWith("/*") ? path.startsWith(pattern.slice(0, -1)) : pattern === path;

/** The rule paths of a file route's files: the resource path, its .json file and everything below it (variants, codes). */
export function filePatterns(r: Route): string[] {
  const stem = `${API_BASE}${r.path}`.replace(/\/\{.*$/, "");
  return stem === `${API_BASE}${r.path}` ? [stem, `${stem}.json`, `${stem}/*`] : [`${stem}/*`];
}

/**
 * Rules by path, each added once (two values for one path are an error: the host would send both), without those a
 * wildcard with the same values covers; a wildcard over a path with other values is an error unless `overlap`.
 */
export function ruleSet(
  what: string,
  overlap = true,
): { add(pattern: string, values: Record<string, string>): void; rules(): HeaderRule[] } {
  const byFor = new Map<string, Record<string, string>>();
  const same = (a: string, b: string): boolean => JSON.stringify(byFor.get(a)) === JSON.stringify(byFor.get(b));
  const wildOver = (p: string, q: string): boolean => q !== p && q.endsWith("/*") && ruleMatches(q, p);
  return {
    add(pattern, values) {
      const existing = byFor.get(pattern);
      if (existing && JSON.stringify(existing) !== JSON.stringify(values)) throw new Error(`conflicting ${what} for ${pattern}`);
      byFor.set(pattern, values);
    },
    rules() {
      const kept = [...byFor.keys()].filter((p) => ![...byFor.keys()].some((q) => wildOver(p, q) && same(p, q)));
      for (const p of kept)
        for (const q of kept) if (!overlap && wildOver(p, q) && !same(p, q)) throw new Error(`${what} rules ${p} and ${q} overlap`);
      return kept.map((p) => ({ for: p, values: byFor.get(p) as Record<string, string> }));
    },
  };
}

/**
 * The headers of a path under `rules` as the host finds them: its own rule, else the nearest ancestor's "/*" (only the
 * parent's with `parentOnly`, where no rule is deeper: a lookup per file answered); none else.
 */
export function ruleLookup(rules: readonly HeaderRule[], parentOnly = false): (path: string) => HeaderList {
  const byFor = new Map(rules.map((r) => [r.for, Object.entries(r.values).flat()]));
  return (path) => {
    const exact = byFor.get(path);
    if (exact !== undefined) return exact;
    const last = path.lastIndexOf("/");
    for (let slash = last; slash > 0 && (slash === last || !parentOnly); slash = path.lastIndexOf("/", slash - 1)) {
      const rule = byFor.get(`${path.slice(0, slash)}/*`);
      if (rule !== undefined) return rule;
    }
    return [];
  };
}

let cached: HeaderRule[] | undefined;
let lookup: ((path: string) => HeaderList) | undefined;

/** Type, cache and CORS of every file route's files and of every document; two rules matching one path are an error. */
export function headerRules(): HeaderRule[] {
  if (cached === undefined) {
    const set = ruleSet("header", false);
    for (const r of routes.filter((route) => route.kind === "file"))
      for (const p of filePatterns(r)) set.add(p, fileHeaders(JSON_TYPE, r.cache));
    for (const d of documentRoutes) set.add(d.path, fileHeaders(d.contentType, d.cache));
    cached = set.rules();
  }
  return cached;
}

/** The headers the rules give a path; none where the host's defaults apply. */
export function headersFor(path: string): HeaderList {
  lookup ??= ruleLookup(headerRules());
  return lookup(path);
}
