/**
 * Where a row behind a figure leads: the record's page in the viewer's own area, or nowhere
 * when that area has no page for such a record (a tutor has no invoice screen).
 */
import type { RowRecordKind } from "../../../shared/schemas/analytics.ts";

export type AnalyticsArea = "admin" | "tutor" | "parent" | "student";

const PATHS: Record<RowRecordKind, Partial<Record<AnalyticsArea, string>>> = {
  session: { admin: "/admin/sessions/", tutor: "/tutor/sessions/", parent: "/parent/sessions/", student: "/student/sessions/" },
  student: { admin: "/admin/students/", tutor: "/tutor/students/", parent: "/parent/students/" },
  tutor: { admin: "/admin/tutors/" },
  invoice: { admin: "/admin/billing/invoices/", parent: "/parent/billings/invoices/" },
  payment: { admin: "/admin/billing/payments/" },
  account: { admin: "/admin/billing/accounts/" },
  lead: { admin: "/admin/crm/leads/", tutor: "/tutor/crm/leads/" },
};

export function recordHref(area: AnalyticsArea, record: { kind: RowRecordKind; id: string } | null): string | null {
  if (!record) return null;
  const base = PATHS[record.kind]?.[area];
  return base ? `${base}${encodeURIComponent(record.id)}` : null;
}
