import { describe, expect, it } from "vitest";
import type { MeResponse } from "../../../shared/schemas/me.ts";
import { confirmationStateOf } from "./confirmation-state.ts";

const workspace = {
  id: "w1",
  name: "Bright Minds",
  slug: "bright-minds",
  timeZone: "Europe/London",
  currency: "GBP",
  role: "tutor" as const,
  status: "active" as const,
};

function me(overrides: Partial<MeResponse> = {}): MeResponse {
  return {
    user: { id: "u1", email: "ada@example.com", name: "Ada", emailVerified: true, twoFactorEnabled: false, devops: false },
    role: "tutor",
    membershipRole: "tutor",
    membershipStatus: "active",
    roleOverride: null,
    canSwitchRole: false,
    activeWorkspace: workspace,
    workspaces: [workspace],
    ...overrides,
  };
}

const at = (query: string) => new URLSearchParams(query);

describe("confirmationStateOf", () => {
  it("shows the invalid link screen whenever Better Auth reports an error, even with next", () => {
    expect(confirmationStateOf(at("error=INVALID_TOKEN"), null)).toEqual({ kind: "invalid-link" });
    expect(confirmationStateOf(at("next=dashboard&error=TOKEN_EXPIRED"), me())).toEqual({ kind: "invalid-link" });
  });

  it("confirms with the next step of the mailed link, offering the dashboard only to a signed-in member", () => {
    expect(confirmationStateOf(at("next=dashboard"), null)).toEqual({ kind: "confirmed", next: "dashboard", dashboard: null });
    expect(confirmationStateOf(at("next=dashboard"), me())).toEqual({ kind: "confirmed", next: "dashboard", dashboard: "/tutor/dashboard" });
    expect(confirmationStateOf(at("next=approval"), null)).toEqual({ kind: "confirmed", next: "approval", dashboard: null });
    expect(confirmationStateOf(at("next=signin"), null)).toEqual({ kind: "confirmed", next: "signin", dashboard: null });
  });

  it("treats an unknown next like no query at all", () => {
    expect(confirmationStateOf(at("next=https://evil.example"), null)).toEqual({ kind: "awaiting-link" });
  });

  it("sends a Google account with a workspace to its dashboard", () => {
    expect(confirmationStateOf(at(""), me())).toEqual({ kind: "signed-in", dashboard: "/tutor/dashboard", email: "ada@example.com" });
  });

  it("asks a Google account without a workspace to finish setting up", () => {
    const pending = me({ role: "pending", membershipRole: null, membershipStatus: null, activeWorkspace: null, workspaces: [] });
    expect(confirmationStateOf(at(""), pending)).toEqual({ kind: "finish-setup", email: "ada@example.com" });
  });

  it("without a session or a query, asks the visitor to open the mailed link", () => {
    expect(confirmationStateOf(at(""), null)).toEqual({ kind: "awaiting-link" });
  });
});
