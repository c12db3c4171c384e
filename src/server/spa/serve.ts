import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { getSessionCookie } from "better-auth/cookies";
import { Hono } from "hono";
import { NOT_FOUND_SHELL_PATH, normalisePath } from "../../shared/public-routes.ts";
import { findRoute } from "../../shared/route-table.ts";
import { AUTH_COOKIE_PREFIX } from "../auth/auth.ts";
import type { AppEnv } from "../core/context.ts";

/** The built web app: its folder, the SPA fallback page, a visitor's 404 page, and the hashes of its inline scripts. */
export interface WebBuild {
  root: string;
  fallbackHtml: string;
  /** The 404 screen pre-rendered at NOT_FOUND_SHELL_PATH (no framework), when the build has it. */
  notFoundHtml: string | undefined;
  scriptHashes: string[];
}

function htmlFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "assets" ? [] : htmlFiles(full);
    return entry.name.endsWith(".html") ? [full] : [];
  });
}

/** sha256 of every inline script in the build, for a Content-Security-Policy without 'unsafe-inline'. */
function inlineScriptHashes(files: string[]): string[] {
  const hashes = new Set<string>();
  for (const file of files) {
    const html = readFileSync(file, "utf8");
    for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
      hashes.add(
        `sha256-${createHash("sha256")
          .update(match[1] ?? "")
          .digest("base64")}`,
      );
    }
  }
  return [...hashes];
}

export function loadWebBuild(root: string): WebBuild | undefined {
  const fallback = path.join(root, "__spa-fallback.html");
  if (!existsSync(fallback)) return undefined;
  const notFound = path.join(root, NOT_FOUND_SHELL_PATH, "index.html");
  return {
    root,
    fallbackHtml: readFileSync(fallback, "utf8"),
    notFoundHtml: existsSync(notFound) ? readFileSync(notFound, "utf8") : undefined,
    scriptHashes: inlineScriptHashes(htmlFiles(root)),
  };
}

const escapeHtml = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** The visitor's 404 page with the path that was asked for in place of the shell's (which the pre-render wrote with a trailing slash). */
export function withRequestedPath(html: string, pathname: string): string {
  return html.replace(new RegExp(`>${NOT_FOUND_SHELL_PATH}/?<`), () => `>${escapeHtml(pathname)}<`);
}

/**
 * A pre-rendered page with its canonical address and og:url, which need the public origin
 * (APP_URL): the build does not know it, so they are added here (the rest of the page's meta
 * tags come from the route table or the content's front matter at build time).
 */
export function withCanonical(html: string, appUrl: string, pathname: string): string {
  const url = `${appUrl}${normalisePath(pathname)}`.replaceAll("&", "&amp;").replaceAll('"', "&quot;");
  return html.replace("</head>", `<link rel="canonical" href="${url}"/><meta property="og:url" content="${url}"/></head>`);
}

/**
 * Serves the web app: hashed assets with a long cache, pre-rendered public pages (with their
 * canonical address on `appUrl`), and the SPA fallback for every other page: 200 for a path
 * of the route table, 404 otherwise (the app then shows its 404 screen). An unknown path asked
 * without a session gets the 404 screen pre-rendered as a content page instead (no framework
 * to load); a signed-in member the app's, which offers their dashboard.
 */
export function webRoutes(web: WebBuild, appUrl: string) {
  const app = new Hono<AppEnv>();
  app.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.status === 200) c.header("Cache-Control", "public, max-age=31536000, immutable");
  });
  // The build writes a .br and a .gz copy of each script and stylesheet: sent as they are.
  const files = serveStatic({ root: path.relative(process.cwd(), web.root), precompressed: true });
  app.use("/assets/*", files);
  app.get("*", async (c, next) => {
    const pathname = decodeURIComponent(c.req.path);
    if (pathname.includes("..")) return next();
    const prerendered = path.join(web.root, pathname, "index.html");
    const isNotFoundShell = normalisePath(pathname) === NOT_FOUND_SHELL_PATH;
    if (!isNotFoundShell && prerendered.startsWith(web.root) && existsSync(prerendered) && statSync(prerendered).isFile()) {
      c.header("Cache-Control", "no-cache");
      return c.html(withCanonical(readFileSync(prerendered, "utf8"), appUrl, pathname));
    }
    const file = path.join(web.root, pathname);
    if (file.startsWith(web.root + path.sep) && !file.endsWith(".html") && existsSync(file) && statSync(file).isFile()) {
      return files(c, next);
    }
    c.header("Cache-Control", "no-cache");
    if (findRoute(pathname)) return c.html(web.fallbackHtml, 200);
    if (web.notFoundHtml && !getSessionCookie(c.req.raw, { cookiePrefix: AUTH_COOKIE_PREFIX }))
      return c.html(withRequestedPath(web.notFoundHtml, pathname), 404);
    return c.html(web.fallbackHtml, 404);
  });
  return app;
}
