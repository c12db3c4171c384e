import { OpenAPIHono } from "@hono/zod-openapi";
import { TrieRouter } from "hono/router/trie-router";
import { describe, expect, it } from "vitest";
import { MemoizedRouter } from "./memoized-router.ts";

const ROUTES: [string, string, string][] = [
  ["ALL", "*", "every request"],
  ["ALL", "/api/*", "every API request"],
  ["GET", "/api/me", "me"],
  ["GET", "/api/admin/resources/:resourceId", "one resource"],
  ["POST", "/api/admin/resources/:resourceId/reminders", "remind"],
  ["POST", "/api/admin/resources/links", "add a link"],
  ["GET", "/api/admin/resources/:resourceId/versions/:version/file", "a version's file"],
];

function routers() {
  const memoized = new MemoizedRouter<string>();
  const trie = new TrieRouter<string>();
  for (const [method, path, handler] of ROUTES) {
    memoized.add(method, path, handler);
    trie.add(method, path, handler);
  }
  return { memoized, trie };
}

describe("MemoizedRouter", () => {
  it("answers as Hono's TrieRouter does, for fixed paths, parameters, wildcards and methods", () => {
    const { memoized, trie } = routers();
    for (const [method, path] of [
      ["GET", "/api/me"],
      ["GET", "/api/admin/resources/r-1"],
      ["GET", "/api/admin/resources/r-2/versions/3/file"],
      ["POST", "/api/admin/resources/links"],
      ["POST", "/api/admin/resources/r-1/reminders"],
      ["DELETE", "/api/admin/resources/r-1"],
      ["GET", "/nowhere"],
    ] as const) {
      expect(memoized.match(method, path), `${method} ${path}`).toEqual(trie.match(method, path));
      // Asked again, the same answer.
      expect(memoized.match(method, path), `${method} ${path} again`).toEqual(trie.match(method, path));
    }
  });

  it("hands out the answer it kept for a method and path, and each path its own parameters", () => {
    const { memoized } = routers();
    const first = memoized.match("GET", "/api/admin/resources/r-1");
    const second = memoized.match("GET", "/api/admin/resources/r-2");
    expect(memoized.match("GET", "/api/admin/resources/r-1")).toBe(first);
    expect(memoized.match("GET", "/api/admin/resources/r-2")).toBe(second);
    const parameterOf = (answer: typeof first) => (answer[0].find(([handler]) => handler === "one resource")?.[1] as Record<string, string>).resourceId;
    expect([parameterOf(first), parameterOf(second)]).toEqual(["r-1", "r-2"]);
    // The method is part of what is remembered.
    expect(memoized.match("HEAD", "/api/admin/resources/r-1")).not.toBe(first);
  });

  it("keeps at most 1,000 answers, forgetting the first kept first, and never a path over 256 characters", () => {
    const { memoized } = routers();
    const oldest = memoized.match("GET", "/api/admin/resources/r-0");
    const second = memoized.match("GET", "/api/admin/resources/r-999");
    expect(memoized.match("GET", "/api/admin/resources/r-0")).toBe(oldest);
    for (let index = 1; index <= 999; index++) memoized.match("GET", `/api/admin/resources/s-${index}`);
    const again = memoized.match("GET", "/api/admin/resources/r-0");
    expect(again).not.toBe(oldest);
    expect(again).toEqual(oldest);
    // Asking for the first again kept it anew, and the second kept went.
    expect(memoized.match("GET", "/api/admin/resources/r-999")).not.toBe(second);

    const long = `/api/admin/resources/${"r".repeat(240)}`;
    expect(long.length).toBeGreaterThan(256);
    expect(memoized.match("GET", long)).not.toBe(memoized.match("GET", long));
  });

  it("routes the app's requests with their own parameters, one after the other", async () => {
    const app = new OpenAPIHono({ router: new MemoizedRouter() });
    app.use("*", async (c, next) => {
      await next();
      c.header("x-seen", "yes");
    });
    app.get("/things/:id", (c) => c.json({ id: c.req.param("id") }));
    app.get("/things/new", (c) => c.json({ id: "the form" }));
    for (const id of ["a", "b", "a", "new", "b"]) {
      const response = await app.request(`/things/${id}`);
      expect(response.headers.get("x-seen")).toBe("yes");
      // Hono's order: the first route added that matches answers.
      expect(await response.json()).toEqual({ id });
    }
  });
});
