/**
 * Who may see which lead: admins every lead of the workspace; a tutor the leads they own (a
 * solo tutor who is also the admin sees them all through the admin area). A lead outside the
 * condition is answered 404 by the caller, as a student outside theirs is.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Viewer } from "../../core/context.ts";
import { lead } from "../../db/crm-schema.ts";

export type CrmArea = "admin" | "tutor";

/** The condition on `lead` rows the viewer may see through `area`. */
export function visibleLeads(viewer: Viewer, area: CrmArea): SQL {
  const organizationId = viewer.organizationId;
  if (!organizationId) return sql`false`;
  const inWorkspace = eq(lead.organizationId, organizationId);
  if (area === "admin") return inWorkspace;
  const memberId = viewer.membership?.id;
  return memberId ? and(inWorkspace, eq(lead.ownerMemberId, memberId))! : sql`false`;
}
