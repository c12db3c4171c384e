import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../shared/messages.ts";
import { errorFromResponse } from "./api-client.ts";

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("errorFromResponse", () => {
  it("tells a busy server (try again, nothing written) from a database that is down; both may be retried", async () => {
    const busy = await errorFromResponse(answer(503, { error: { code: "SERVER_BUSY", message: "The server is busy; try again in a moment." } }));
    expect([busy.code, busy.message, busy.retryable]).toEqual(["SERVER_BUSY", MESSAGES.serverBusy, true]);
    const down = await errorFromResponse(answer(503, { error: { code: "DATABASE_UNAVAILABLE", message: "…" } }));
    expect([down.code, down.message, down.retryable]).toEqual(["DATABASE_UNAVAILABLE", MESSAGES.databaseDown, true]);
    const bare = await errorFromResponse(new Response("Service Unavailable", { status: 503 }));
    expect(bare.code).toBe("DATABASE_UNAVAILABLE");
  });

  it("passes the server's code, message and field issues through for a refusal", async () => {
    const refused = await errorFromResponse(
      answer(422, {
        error: { code: "VALIDATION_FAILED", message: "Check the amount.", issues: [{ path: ["amountMinor"], message: "Amount must be positive." }] },
      }),
    );
    expect(refused.fieldMessage("amountMinor")).toBe("Amount must be positive.");
    expect(refused.retryable).toBe(false);
  });

  it("tells Better Auth's refusals from an ended session: a wrong password is not a 401 to sign in again after", async () => {
    const wrong = await errorFromResponse(answer(401, { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" }));
    expect([wrong.status, wrong.code, wrong.message]).toEqual([401, "INVALID_EMAIL_OR_PASSWORD", MESSAGES.invalidCredentials]);
    const ended = await errorFromResponse(new Response(null, { status: 401 }));
    expect([ended.code, ended.message]).toEqual(["UNAUTHENTICATED", MESSAGES.sessionExpired]);
    const ours = await errorFromResponse(answer(401, { error: { code: "UNAUTHENTICATED", message: "Sign in." } }));
    expect(ours.message).toBe(MESSAGES.sessionExpired);
  });

  it("words Better Auth's codes as the catalogue does, and keeps its other messages and codes", async () => {
    const pending = await errorFromResponse(answer(403, { code: "ACCOUNT_PENDING", message: "pending" }));
    expect([pending.code, pending.message]).toEqual(["ACCOUNT_PENDING", MESSAGES.pendingApproval]);
    const token = await errorFromResponse(answer(400, { code: "INVALID_TOKEN", message: "Invalid token" }));
    expect([token.status, token.code, token.message]).toEqual([400, "INVALID_TOKEN", "Invalid token"]);
  });

  it("shows the rate limit's own words (when to try again), or the catalogue's when it names none", async () => {
    const limited = await errorFromResponse(answer(429, { error: { code: "RATE_LIMITED", message: "Too many attempts. Try again in 4 minutes." } }));
    expect([limited.code, limited.message]).toEqual(["RATE_LIMITED", "Too many attempts. Try again in 4 minutes."]);
    const bare = await errorFromResponse(new Response(null, { status: 429 }));
    expect(bare.message).toBe(MESSAGES.rateLimited);
  });
});
