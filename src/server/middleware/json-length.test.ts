import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";

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
    const document = JSON.parse(gunzipSync(Buffer.from(await response.arrayBuffer())).toString("utf8")) as { openapi: string };
    expect(document.openapi).toBe("3.1.0");
  });
});
