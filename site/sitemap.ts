// sitemap.xml with every page of the site, and robots.txt pointing to it.
import { esc } from "./html.ts";

export const SITEMAP = "/sitemap.xml";

/** The sitemap protocol's urlset: one <loc> per page, absolute, in the order the site lists them. */
export function sitemap(site: string, paths: readonly string[]): string {
  const urls = paths.map((p) => `<url><loc>${esc(site + p)}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** Every path may be crawled; the sitemap says where the pages are. */
export const robots = (site: string): string => `User-agent: *\nAllow: /\n\nSitemap: ${site}${SITEMAP}\n`;
