/**
 * Lead conversion: of the leads created in the period, the share converted (won), overall and
 * by source. "Converted" is the CRM funnel's: the lead's conversion is recorded (converted_at),
 * whichever stage it stands in now; a lead's period is the day it was created, in the
 * workspace's zone, as the funnel's range is.
 */
import { and, asc, count, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { LeadSource } from "../../../../shared/schemas/crm.ts";
import { crmStage, lead } from "../../../db/crm-schema.ts";
import { type Metric, type Period, shareOf } from "../metric.ts";
import { localDay } from "../session-scope.ts";

const SOURCE_LABELS: Record<LeadSource, string> = {
  enquiry_page: "Enquiry page",
  referral: "Referral",
  phone: "Phone",
  walk_in: "Walk-in",
  campaign: "Campaign",
  other: "Other",
};

const createdIn = (organizationId: string, period: Period) =>
  and(eq(lead.organizationId, organizationId), gte(lead.createdAt, new Date(period.startsAt)), lt(lead.createdAt, new Date(period.endsAt)));

export const leadConversion: Metric = {
  key: "lead-conversion",
  name: "Lead conversion",
  definition:
    "Of the leads created in the period, the share converted into students (won), whenever they converted; the CRM's funnel counts them alike. The chart shows the same share by the lead's source.",
  unit: "share",
  better: "higher",
  areas: ["admin"],
  filters: [],
  async figure(tx, scope, period) {
    const leads = count();
    const converted = count(lead.convertedAt);
    const bySource = await tx
      .select({ source: lead.source, leads, converted })
      .from(lead)
      .where(createdIn(scope.organizationId, period))
      .groupBy(lead.source)
      .orderBy(desc(leads), asc(lead.source));
    const sum = (pick: (row: (typeof bySource)[number]) => number) => bySource.reduce((total, row) => total + pick(row), 0);
    return {
      value: shareOf(
        sum((row) => row.converted),
        sum((row) => row.leads),
      ),
      chart: {
        kind: "category",
        labelHeading: "Source",
        labels: bySource.map((row) => SOURCE_LABELS[row.source]),
        series: [{ name: "Converted", unit: "share", values: bySource.map((row) => shareOf(row.converted, row.leads)) }],
      },
    };
  },
  columns: [
    { key: "lead", label: "Lead", unit: "text" },
    { key: "created", label: "Created", unit: "date" },
    { key: "source", label: "Source", unit: "text" },
    { key: "stage", label: "Stage", unit: "text" },
    { key: "converted", label: "Converted", unit: "text" },
  ],
  async rows(tx, scope, period, page) {
    const where = createdIn(scope.organizationId, period);
    const [total] = await tx.select({ value: count() }).from(lead).where(where);
    const rows = await tx
      .select({
        id: lead.id,
        name: sql<string>`coalesce(${lead.guardianName}, ${lead.studentName})`,
        created: localDay(period, lead.createdAt),
        source: lead.source,
        stage: crmStage.name,
        convertedOn: localDay(period, lead.convertedAt),
        converted: sql<boolean>`${lead.convertedAt} is not null`,
      })
      .from(lead)
      .leftJoin(crmStage, and(eq(crmStage.organizationId, lead.organizationId), eq(crmStage.id, lead.stageId)))
      .where(where)
      .orderBy(desc(lead.createdAt), asc(lead.id))
      .limit(page.limit)
      .offset(page.offset);
    return {
      total: total?.value ?? 0,
      rows: rows.map((row) => ({
        record: { kind: "lead", id: row.id },
        cells: {
          lead: row.name,
          created: row.created,
          source: SOURCE_LABELS[row.source],
          stage: row.stage,
          converted: row.converted ? `Yes, on ${row.convertedOn}` : "No",
        },
      })),
    };
  },
};
