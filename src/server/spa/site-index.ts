import path from "node:path";
import { Hono } from "hono";
import { readAllContent } from "../../../content/files.ts";
import { PUBLIC_ROUTES } from "../../shared/public-routes.ts";
import { MEMBER_ROLES } from "../../shared/roles.ts";
import type { AppEnv } from "../core/context.ts";
import { PROJECT_ROOT } from "../project-root.ts";

/**
 * /sitemap.xml and /robots.txt for search engines, with absolute addresses on APP_URL.
 * The sitemap lists every public page of the route table and every blog post and case study
 * of content/ (read once, when the app is made: the content ships with the code).
 */

/** Public pages reached only from a mailed link (a token in the address): nothing to find by search. */
const FROM_MAIL_ONLY = new Set(["/reset-password", "/confirm-email", "/invite"]);

export interface SitemapEntry {
  path: string;
  /** YYYY-MM-DD, for content with a date. */
  lastModified?: string;
}

export function sitemapEntries(): SitemapEntry[] {
  const pages = PUBLIC_ROUTES.filter((route) => route.layout === "public" && !route.requiresAuth && !FROM_MAIL_ONLY.has(route.path)).map((route) => ({
    path: route.path,
  }));
  const content = readAllContent(path.join(PROJECT_ROOT, "content")).map((entry) => ({ path: entry.path, lastModified: entry.date }));
  return [...pages, ...content];
}

const xmlEscape = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&apos;");

export function sitemapXml(appUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastModified ? `<lastmod>${entry.lastModified}</lastmod>` : "";
    return `  <url><loc>${xmlEscape(appUrl + entry.path)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** Public pages are open to crawlers; the signed-in areas, the API and the account-only pages are not. */
export function robotsTxt(appUrl: string): string {
  const disallowed = [...MEMBER_ROLES.map((role) => `/${role}/`), "/api/", "/setup-2fa", "/permission-denied"];
  return ["User-agent: *", "Allow: /", ...disallowed.map((path) => `Disallow: ${path}`), "", `Sitemap: ${appUrl}/sitemap.xml`, ""].join("\n");
}

export function siteIndexRoutes(appUrl: string) {
  const sitemap = sitemapXml(appUrl, sitemapEntries());
  const robots = robotsTxt(appUrl);
  const cache = "public, max-age=3600";
  return new Hono<AppEnv>()
    .get("/sitemap.xml", (c) => c.body(sitemap, 200, { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": cache }))
    .get("/robots.txt", (c) => c.body(robots, 200, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": cache }));
}
