import { isMemberRole } from "../../../shared/roles.ts";
import type { MeResponse } from "../../../shared/schemas/me.ts";

/** Where a confirmed account goes next: the mailed link says (sign-up), or it cannot tell (a resent link). */
export type ConfirmedNext = "dashboard" | "approval" | "signin";

export type ConfirmationState =
  | { kind: "invalid-link" }
  | { kind: "confirmed"; next: ConfirmedNext; dashboard: string | null }
  | { kind: "signed-in"; dashboard: string; email: string }
  | { kind: "finish-setup"; email: string }
  | { kind: "awaiting-link" };

const NEXT_STEPS: readonly string[] = ["dashboard", "approval", "signin"] satisfies ConfirmedNext[];

/** The dashboard of a signed-in account that has a workspace to go to, else null. */
export function dashboardOf(me: MeResponse | null): string | null {
  return me && me.activeWorkspace && isMemberRole(me.role) ? `/${me.role}/dashboard` : null;
}

/**
 * What /confirm-email shows. Better Auth lands the mailed link here with ?next=… (or with
 * ?error=… when the link is bad); Google sign-in returns here signed in, with no query.
 */
export function confirmationStateOf(params: URLSearchParams, me: MeResponse | null): ConfirmationState {
  if (params.get("error")) return { kind: "invalid-link" };
  const next = params.get("next");
  if (next && NEXT_STEPS.includes(next)) return { kind: "confirmed", next: next as ConfirmedNext, dashboard: dashboardOf(me) };
  if (me) {
    const dashboard = dashboardOf(me);
    return dashboard ? { kind: "signed-in", dashboard, email: me.user.email } : { kind: "finish-setup", email: me.user.email };
  }
  return { kind: "awaiting-link" };
}
