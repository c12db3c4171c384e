import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MeResponse } from "../../../shared/schemas/me.ts";
import { sessionKeys } from "./keys.ts";

const ADA = { user: { id: "user-1", email: "ada@example.com" }, role: "tutor" } as unknown as MeResponse;

/** The session read's answers, in order: GET /api/auth/get-session, then GET /api/me. */
function answerSignedIn(me: MeResponse) {
  return (url: string) =>
    new Response(JSON.stringify(url.endsWith("/auth/get-session") ? { session: {} } : me), { headers: { "content-type": "application/json" } });
}

// Each test starts from a fresh page: no viewer known, no query client loaded.
const freshModules = async () => {
  vi.resetModules();
  return { viewer: await import("./viewer.ts"), provider: await import("../../lib/query-provider.ts") };
};

describe("refreshViewer, after the session changed on a public page", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("records the new viewer for the public pages (and features/session/api.ts starts the query cache from it)", async () => {
    const { viewer } = await freshModules();
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => answerSignedIn(ADA)(url)),
    );
    expect(await viewer.refreshViewer()).toEqual(ADA);
    expect(viewer.knownViewer()?.me).toEqual(ADA);
  });

  it("puts the viewer in the query cache when a screen has loaded it already", async () => {
    const { viewer, provider } = await freshModules();
    const client = new QueryClient();
    client.setQueryData(sessionKeys.me, null);
    provider.provideQueryClient(client);
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => answerSignedIn(ADA)(url)),
    );
    await viewer.refreshViewer();
    expect(client.getQueryData(sessionKeys.me)).toEqual(ADA);
    expect(client.getQueryState(sessionKeys.me)?.dataUpdatedAt).toBe(viewer.knownViewer()?.at);
  });

  it("is not undone by a read that began before it and ends after it", async () => {
    const { viewer } = await freshModules();
    let answerOldRead: (response: Response) => void = () => {};
    let fetchCalls = 0;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        // The page's own read, from before sign-in: still signed out, and slow.
        if (fetchCalls++ === 0) return new Promise<Response>((resolve) => (answerOldRead = resolve));
        return answerSignedIn(ADA)(url);
      }),
    );
    const oldRead = viewer.readViewer();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await viewer.refreshViewer();
    answerOldRead(new Response("null", { headers: { "content-type": "application/json" } }));
    expect(await oldRead).toBeNull();
    expect(viewer.knownViewer()?.me).toEqual(ADA);
  });
});
