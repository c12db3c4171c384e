import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Hono } from "hono";
import type { AppEnv } from "../../core/context.ts";

const require = createRequire(import.meta.url);
const SWAGGER_DIR = path.dirname(require.resolve("swagger-ui-dist/package.json"));
const ASSETS: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
};

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Glassroom API</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><main id="swagger-ui"></main>
<script src="/api/docs/swagger-ui-bundle.js"></script><script src="/api/docs/init.js"></script></body>
</html>`;

const INIT = `window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#swagger-ui", deepLinking: true });`;

/** The API docs page, served from the app itself (no third-party hosts, strict CSP). */
export function apiDocsRoutes() {
  const app = new Hono<AppEnv>();
  app.get("/docs", (c) => c.html(PAGE));
  app.get("/docs/init.js", (c) => c.body(INIT, 200, { "Content-Type": "text/javascript; charset=utf-8" }));
  app.get("/docs/:asset", (c) => {
    const type = ASSETS[c.req.param("asset")];
    if (!type) return c.notFound();
    return c.body(readFileSync(path.join(SWAGGER_DIR, c.req.param("asset"))), 200, { "Content-Type": type, "Cache-Control": "public, max-age=86400" });
  });
  return app;
}
