import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { acceptsGzip } from "./json-answers.ts";

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
