/**
 * Bringing the stored alerts of some students in line with what they should have standing
 * (alert-rules.ts), inside the recompute's transaction:
 * - a wanted alert with none standing is opened (one per student and kind: the partial unique
 *   index; a concurrent opener's row wins and this insert does nothing);
 * - a standing alert still wanted takes the latest wording, severity and evidence;
 * - a standing alert no longer wanted is cleared, and, unless someone dismissed it, resolved,
 *   saying why in words.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { AlertKind } from "../../../shared/schemas/health-alerts.ts";
import { healthAlert } from "../../db/alerts-schema.ts";
import type { Transaction } from "../../db/tenant.ts";
import { clearedBecause, type WantedAlert } from "./alert-rules.ts";
import type { HealthCard } from "./rules.ts";

export interface StudentAlerts {
  studentId: string;
  /** Null for a student no longer scored (paused, former): every standing alert clears. */
  card: HealthCard | null;
  wanted: WantedAlert[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export async function syncAlerts(tx: Transaction, organizationId: string, students: readonly StudentAlerts[], now: Date, today: string): Promise<void> {
  if (students.length === 0) return;
  const standing = await tx
    .select()
    .from(healthAlert)
    .where(
      and(
        eq(healthAlert.organizationId, organizationId),
        inArray(
          healthAlert.studentId,
          students.map((student) => student.studentId),
        ),
        isNull(healthAlert.clearedAt),
      ),
    );
  const standingOf = new Map(standing.map((alert) => [`${alert.studentId}:${alert.kind}`, alert]));
  const toOpen: (typeof healthAlert.$inferInsert)[] = [];
  for (const { studentId, card, wanted } of students) {
    const wantedKinds = new Set<AlertKind>();
    for (const alert of wanted) {
      wantedKinds.add(alert.kind);
      const current = standingOf.get(`${studentId}:${alert.kind}`);
      if (!current) {
        toOpen.push({ organizationId, studentId, ...alert, status: "open", openedAt: now, updatedAt: now });
        continue;
      }
      if (
        current.title !== alert.title ||
        current.severity !== alert.severity ||
        current.familyVisible !== alert.familyVisible ||
        !same(current.evidence, alert.evidence)
      ) {
        await tx
          .update(healthAlert)
          .set({ title: alert.title, severity: alert.severity, familyVisible: alert.familyVisible, evidence: alert.evidence, updatedAt: now })
          .where(and(eq(healthAlert.organizationId, organizationId), eq(healthAlert.id, current.id)));
      }
    }
    for (const current of standing.filter((alert) => alert.studentId === studentId && !wantedKinds.has(alert.kind))) {
      const because = clearedBecause(current.kind, card ?? undefined);
      await tx
        .update(healthAlert)
        .set(
          current.status === "dismissed"
            ? { clearedAt: now, updatedAt: now }
            : { clearedAt: now, updatedAt: now, status: "resolved", resolution: `Resolved by itself on ${today}: ${because}.` },
        )
        .where(and(eq(healthAlert.organizationId, organizationId), eq(healthAlert.id, current.id)));
    }
  }
  if (toOpen.length > 0) await tx.insert(healthAlert).values(toOpen).onConflictDoNothing();
}
