// Service settings: name, version, header prefix, licence, rate limit and the attribution rule (site URL from configuration).

export const SERVICE_NAME = "Fiscal MX";
export const API_VERSION = "1.0.0";
const DEFAULT_SITE_URL = "https://fiscal-mx.netlify.app";
export const LICENSE = { name: "CC BY 4.0", identifier: "CC-BY-4.0", url: "https://creativecommons.org/licenses/by/4.0/deed.es" } as const;
export const RATE_LIMIT = { limit: 60, windowSeconds: 60 } as const;
export const HEADER_PREFIX = "x-fmx";

/** The site's public origin, without a trailing slash: FISCAL_SITE_URL when set. */
export function siteUrl(env: Record<string, string | undefined> = {}): string {
  return (env["FISCAL_SITE_URL"] ?? DEFAULT_SITE_URL).replace(/\/+$/, "");
}

export const attribution = (site: string): string => `Según ${SERVICE_NAME} (${site})`;
