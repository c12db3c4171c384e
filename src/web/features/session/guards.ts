import { redirect } from "react-router";
import { MESSAGES, roleNotAuthorizedReason } from "../../../shared/messages.ts";
import { findRoute } from "../../../shared/route-table.ts";
import type { MeResponse } from "../../../shared/schemas/me.ts";
import { queryClient } from "../../lib/query-client.ts";
import { meQuery } from "./api.ts";

/**
 * The guards, run before a guarded screen renders:
 * - auth guard: no user, or role unsigned → /login with 'Authentication required' and the
 *   page to come back to;
 * - role guard: role not in the route's list → /permission-denied with the reason.
 * They fail closed: an error here shows the route error screen.
 */
export async function guard(request: Request): Promise<MeResponse> {
  const url = new URL(request.url);
  const route = findRoute(url.pathname);
  const me = await queryClient.ensureQueryData(meQuery);
  const target = url.pathname + url.search;
  if (!me || me.role === "unsigned") {
    throw redirect(`/login?${new URLSearchParams({ reason: MESSAGES.authenticationRequired, redirectTo: target })}`);
  }
  if (route && route.roles.length > 0 && !(route.roles as readonly string[]).includes(me.role)) {
    throw redirect(`/permission-denied?${new URLSearchParams({ reason: roleNotAuthorizedReason(me.role, url.pathname), from: target })}`);
  }
  return me;
}

/** The sign-in page needs only this, without the route table: ./redirect-target.ts. */
export { safeRedirectTarget } from "./redirect-target.ts";
