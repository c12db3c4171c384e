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
});
