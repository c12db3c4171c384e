/**
 * Every pre-rendered public page, as the server sends it: its title and description from the
 * route table (blog posts and case studies: from their front matter), the canonical address
 * and og:url on APP_URL, Open Graph and Twitter card tags, and its heading in the HTML itself
 * (readable without JavaScript). Reads the production build (built once when missing).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuild } from "../../../bench/support/build.ts";
import { BUILD_CLIENT } from "../../../bench/support/paths.ts";
import { readAllContent } from "../../../content/files.ts";
import { PUBLIC_ROUTES } from "../../shared/public-routes.ts";
import { loadWebBuild, webRoutes } from "./serve.ts";

const APP_URL = "https://tutoring.example.org";

let server: ReturnType<typeof webRoutes>;
beforeAll(() => {
  ensureBuild();
  server = webRoutes(loadWebBuild(BUILD_CLIENT)!, APP_URL);
}, 600_000);

const decode = (text: string) =>
  text.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&#39;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");

/** The content of the page's meta tag with this name or property (undefined if absent; fails if repeated). */
function metaOf(html: string, key: string): string | undefined {
  const found = [...html.matchAll(/<meta\s+(?:name|property)="([^"]+)"\s+content="([^"]*)"\s*\/?>/g)].filter((match) => match[1] === key);
  expect(found.length, `${key} appears ${found.length} times`).toBeLessThanOrEqual(1);
  return found[0] ? decode(found[0][2]!) : undefined;
}

interface Expected {
  path: string;
  title: string;
  description: string;
  heading: string;
  type: "website" | "article";
}

const pages: Expected[] = [
  ...PUBLIC_ROUTES.filter((route) => route.layout === "public").map((route) => ({
    path: route.path,
    title: route.path === "/" ? route.title : `${route.title} · Glassroom`,
    description: route.description,
    heading: route.title,
    type: "website" as const,
  })),
  ...readAllContent().map((entry) => ({
    path: entry.path,
    title: `${entry.title} · Glassroom`,
    description: entry.description,
    heading: entry.title,
    type: "article" as const,
  })),
];

describe("pre-rendered public pages", () => {
  it("have unique titles and descriptions", () => {
    expect(new Set(pages.map((page) => page.title)).size).toBe(pages.length);
    expect(new Set(pages.map((page) => page.description)).size).toBe(pages.length);
  });

  for (const page of pages) {
    it(`${page.path}: title, description, canonical, Open Graph and Twitter tags in the HTML`, async () => {
      const response = await server.request(page.path);
      expect(response.status).toBe(200);
      const html = await response.text();
      const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => decode(match[1]!));
      expect(titles).toEqual([page.title]);
      expect(metaOf(html, "description")).toBe(page.description);
      const canonical = [...html.matchAll(/<link rel="canonical" href="([^"]*)"\/>/g)].map((match) => match[1]);
      expect(canonical).toEqual([`${APP_URL}${page.path}`]);
      expect(metaOf(html, "og:url")).toBe(`${APP_URL}${page.path}`);
      expect(metaOf(html, "og:title")).toBe(page.title);
      expect(metaOf(html, "og:description")).toBe(page.description);
      expect(metaOf(html, "og:type")).toBe(page.type);
      expect(metaOf(html, "og:site_name")).toBe("Glassroom");
      expect(metaOf(html, "twitter:card")).toBe("summary");
      expect(metaOf(html, "twitter:title")).toBe(page.title);
      expect(metaOf(html, "twitter:description")).toBe(page.description);
    });
  }

  it("a trailing slash gets the canonical address without it", async () => {
    const html = await (await server.request("/resources/blog/")).text();
    expect(html).toContain(`<link rel="canonical" href="${APP_URL}/resources/blog"/>`);
  });
});

describe("blog posts and case studies in the HTML", () => {
  for (const entry of readAllContent()) {
    it(`${entry.path}: heading, date and body without JavaScript`, async () => {
      const html = await (await server.request(entry.path)).text();
      const headings = [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => decode(match[1]!.replace(/<[^>]+>/g, "")));
      expect(headings).toEqual([entry.title]);
      expect(html).toContain(`<time dateTime="${entry.date}">`);
      // The body's sections are HTML headings, not Markdown.
      expect(html).toMatch(/<h2[^>]*>[^<]+<\/h2>/);
      expect(html).not.toMatch(/\n## /);
      if (entry.kind === "case-studies") expect(html).toContain("Illustrative scenario");
    });
  }

  it("the lists link every entry, newest first", async () => {
    for (const [list, kind] of [
      ["/resources/blog", "blog"],
      ["/resources/case-studies", "case-studies"],
    ] as const) {
      const html = await (await server.request(list)).text();
      const linked = [...html.matchAll(/href="(\/resources\/(?:blog|case-studies)\/[a-z0-9-]+)"/g)].map((match) => match[1]);
      const expected = readAllContent()
        .filter((entry) => entry.kind === kind)
        .map((entry) => entry.path);
      expect([...new Set(linked)]).toEqual(expected);
    }
  });

  it("an unknown post answers 404", async () => {
    expect((await server.request("/resources/blog/no-such-post")).status).toBe(404);
    expect((await server.request("/resources/case-studies/no-such-study")).status).toBe(404);
  });

  it("scripts go out as the build's Brotli or gzip copy, with a year's cache, and as they are to a client that takes neither", async () => {
    const script = readdirSync(path.join(BUILD_CLIENT, "assets")).find((name) => name.startsWith("framework-") && name.endsWith(".js"))!;
    const original = readFileSync(path.join(BUILD_CLIENT, "assets", script));
    const get = (encoding: string) => server.request(`/assets/${script}`, { headers: { "accept-encoding": encoding } });

    const brotli = await get("gzip, deflate, br");
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(brotli.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const brotliBody = Buffer.from(await brotli.arrayBuffer());
    expect(brotliBody.length).toBe(readFileSync(path.join(BUILD_CLIENT, "assets", `${script}.br`)).length);
    expect(brotliDecompressSync(brotliBody).equals(original)).toBe(true);

    const gzip = await get("gzip");
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).equals(original)).toBe(true);

    const plain = await get("identity");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(Buffer.from(await plain.arrayBuffer()).equals(original)).toBe(true);
  });
});

describe("the 404 screen", () => {
  it("a visitor gets it pre-rendered, without the framework, naming the path asked for (escaped)", async () => {
    const response = await server.request("/no-such-page");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Page Not Found");
    expect(html).toContain(">/no-such-page<");
    expect(html).not.toContain("__reactRouterContext");
    expect(html).not.toContain('rel="canonical"');

    const hostile = await (await server.request("/%3Cscript%3Ealert(1)%3C/script%3E")).text();
    expect(hostile).toContain(">/&lt;script&gt;alert(1)&lt;/script&gt;<");
    expect(hostile).not.toContain("<script>alert(1)");
  });

  it("a request with a session gets the app's 404 (which offers the member's dashboard)", async () => {
    for (const cookie of ["glassroom.session_token=abc", "__Secure-glassroom.session_token=abc"]) {
      const response = await server.request("/tutor/no-such-screen", { headers: { cookie } });
      expect(response.status, cookie).toBe(404);
      expect(await response.text(), cookie).toContain("__reactRouterContext");
    }
  });

  it("a path of the route table gets the app's page, and the shell's own path is an unknown page", async () => {
    const area = await server.request("/admin/dashboard");
    expect(area.status).toBe(200);
    expect(await area.text()).toContain("__reactRouterContext");
    expect((await server.request("/__not-found")).status).toBe(404);
  });
});
