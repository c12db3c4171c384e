import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { compress } from "hono/compress";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import type { AppEnv } from "../core/context.ts";
import { acceptsGzip, jsonAnswers } from "./json-answers.ts";
import { requestContext } from "./request-context.ts";
import { securityHeaders, securityHeaderValues } from "./security-headers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const asBrowser = { headers: { "accept-encoding": "gzip, deflate, br" } };

describe("JSON answers to a browser", () => {
  it("sends a small answer as it is, with its length", async () => {
    const response = await t.app.request("http://localhost:3000/api/health", asBrowser);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBeNull();
    const body = new Uint8Array(await response.arrayBuffer());
    expect(response.headers.get("content-length")).toBe(String(body.byteLength));
    expect(JSON.parse(new TextDecoder().decode(body))).toMatchObject({ status: "ok" });
  });

  it("gzips an answer of 1 KB and more", async () => {
    const response = await t.app.request("http://localhost:3000/api/openapi.json", asBrowser);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("vary")).toContain("Accept-Encoding");
    const gzipped = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get("content-length")).toBe(String(gzipped.byteLength));
    const document = JSON.parse(gunzipSync(gzipped).toString("utf8")) as { openapi: string };
    expect(document.openapi).toBe("3.1.0");
  });

  it("sends a large answer as it is to a client that takes no gzip", async () => {
    const response = await t.app.request("http://localhost:3000/api/openapi.json", { headers: { "accept-encoding": "gzip;q=0, br" } });
    expect(response.headers.get("content-encoding")).toBeNull();
    expect((JSON.parse(await response.text()) as { openapi: string }).openapi).toBe("3.1.0");
  });
});

describe("the headers of a JSON answer", () => {
  // The app's order: request id and access line, compression, JSON answers, security headers.
  function appWith(route: (app: Hono<AppEnv>) => void) {
    const options = { https: true, scriptHashes: () => [] };
    const app = new Hono<AppEnv>();
    app.use("*", requestContext(pino({ level: "silent" })));
    app.use("*", compress());
    app.use("*", jsonAnswers(securityHeaderValues(options)("data")));
    app.use("*", securityHeaders(options));
    route(app);
    return app;
  }
  const expectFinished = (response: Response) => {
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("strict-transport-security")).toMatch(/^max-age=/);
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get("content-type")).toBe("application/json");
  };

  it("are all written when the answer is made, with its own", async () => {
    const app = appWith((app) => app.get("/made", (c) => c.json({ made: true }, 201, { "cache-control": "no-store" })));
    const response = await app.request("/made");
    expect(response.status).toBe(201);
    expectFinished(response);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-length")).toBe(String(JSON.stringify({ made: true }).length));
    expect(await response.json()).toEqual({ made: true });
  });

  it("keep what c.header() and c.status() gave before the answer was made", async () => {
    const app = appWith((app) =>
      app.get("/shaped", (c) => {
        c.header("retry-after", "30");
        c.status(429);
        return c.json({ later: true });
      }),
    );
    const response = await app.request("/shaped");
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("30");
    expectFinished(response);
    expect(await response.json()).toEqual({ later: true });
  });

  it("are each gzipped whole, one after another, small or larger than the buffer kept for them", async () => {
    // Accented names: their UTF-8 length is not their length in characters.
    const answer = (n: number, name: string) => ({ items: Array.from({ length: n }, (_, index) => ({ index, name: `${name} ${index}` })) });
    const app = appWith((app) => app.get("/list", (c) => c.json(answer(Number(c.req.query("n")), c.req.query("name") ?? ""), 200)));
    for (const [n, name] of [
      [80, "Zoë Brontë"],
      [9_000, "Ana Núñez"],
      [60, "Élodie"],
    ] as const) {
      const response = await app.request(`/list?n=${n}&name=${encodeURIComponent(name)}`, asBrowser);
      expect(response.headers.get("content-encoding")).toBe("gzip");
      const gzipped = Buffer.from(await response.arrayBuffer());
      expect(response.headers.get("content-length")).toBe(String(gzipped.byteLength));
      expect(JSON.parse(gunzipSync(gzipped).toString("utf8"))).toEqual(answer(n, name));
      expectFinished(response);
    }
  });

  it("are finished on an answer that is not JSON, which compress() still gzips", async () => {
    const text = "word ".repeat(400);
    const app = appWith((app) => app.get("/text", (c) => c.text(text)));
    const response = await app.request("/text", asBrowser);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString("utf8")).toBe(text);
  });
});

describe("acceptsGzip", () => {
  it("reads gzip or * as accepted unless their quality is 0", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1.0, GZIP;q=0.5")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("deflate, br")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
