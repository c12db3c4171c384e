import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAllContent } from "../../../content/files.ts";
import { PUBLIC_ROUTES, SETUP_2FA_ROUTE } from "../../shared/public-routes.ts";
import { AREA_ROUTES } from "../../shared/route-table.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";

const APP_URL = "https://tutoring.example.org";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ env: { APP_URL } });
});
afterAll(async () => app?.close());

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!);

describe("GET /sitemap.xml", () => {
  it("is XML listing every public page, post and case study once, as absolute addresses on APP_URL", async () => {
    const response = await app.app.request("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const listed = locs(xml);
    expect(new Set(listed).size).toBe(listed.length);
    for (const url of listed) expect(url.startsWith(`${APP_URL}/`)).toBe(true);

    const marketing = PUBLIC_ROUTES.filter((route) => route.layout === "public" && !["/reset-password", "/confirm-email", "/invite"].includes(route.path));
    for (const route of marketing) expect(listed).toContain(`${APP_URL}${route.path === "/" ? "/" : route.path}`);
    for (const path of ["/", "/product/pricing", "/resources/blog", "/resources/case-studies", "/login", "/signup"])
      expect(listed).toContain(`${APP_URL}${path}`);

    const content = readAllContent();
    expect(content.filter((entry) => entry.kind === "blog").length).toBeGreaterThanOrEqual(5);
    expect(content.filter((entry) => entry.kind === "case-studies").length).toBeGreaterThanOrEqual(2);
    for (const entry of content) expect(xml).toContain(`<url><loc>${APP_URL}${entry.path}</loc><lastmod>${entry.date}</lastmod></url>`);
    expect(listed.length).toBe(marketing.length + content.length);
  });

  it("lists no signed-in area, API, account-only or mailed-link page", async () => {
    const listed = locs(await (await app.app.request("/sitemap.xml")).text()).map((url) => url.slice(APP_URL.length));
    for (const route of AREA_ROUTES) expect(listed).not.toContain(route.path);
    for (const path of listed) expect(path).not.toMatch(/^\/(admin|tutor|parent|student|api)\//);
    for (const path of [SETUP_2FA_ROUTE.path, "/permission-denied", "/reset-password", "/confirm-email", "/invite"]) expect(listed).not.toContain(path);
  });
});

describe("GET /robots.txt", () => {
  it("is plain text allowing the public pages, disallowing the areas and the API, and naming the sitemap", async () => {
    const response = await app.app.request("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const lines = (await response.text()).split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of ["/admin/", "/tutor/", "/parent/", "/student/", "/api/", "/setup-2fa", "/permission-denied"])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
    // No public page is disallowed.
    const disallowed = lines.filter((line) => line.startsWith("Disallow: ")).map((line) => line.slice("Disallow: ".length));
    for (const route of PUBLIC_ROUTES.filter((entry) => entry.layout === "public")) {
      expect(disallowed.some((prefix) => route.path.startsWith(prefix))).toBe(false);
    }
  });
});
