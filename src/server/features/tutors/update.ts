/**
 * Changing a tutor's profile and weekly availability, by an admin or by the tutor themself.
 * Each change is one withWorkspace transaction: the profile row is made on first save (with
 * the workspace's time zone) and locked, so that two saves at once apply one after the other.
 */
import { and, eq } from "drizzle-orm";
import type { Availability, TutorDetail, TutorProfileUpdate } from "../../../shared/schemas/tutors.ts";
import type { AppDeps, MemberContext } from "../../core/context.ts";
import { tutorAvailability, tutorProfile } from "../../db/schema.ts";
import { withWorkspace, type Transaction } from "../../db/tenant.ts";
import { writeAudit } from "../../core/audit.ts";
import { holdWorkspaceCurrency } from "../../core/currency.ts";
import { findTutor, tutorAvailabilitySlots, tutorDetail, type TutorRef } from "./service.ts";

/** The fields of a profile change, as the audit description names them. */
const FIELD_LABELS: Record<keyof TutorProfileUpdate, string> = {
  subjects: "subjects",
  bio: "bio",
  timeZone: "time zone",
  payRateMinor: "pay rate",
  chargeRateMinor: "default charge rate",
  status: "status",
};

/** Who is changing whose profile: an admin another's (or their own), or a tutor their own. */
export interface ProfileEdit {
  viewer: MemberContext;
  memberId: string;
  ipAddress: string;
  /** The tutor's own settings: the audit line says "their". */
  own: boolean;
}

/** Makes the profile row if this is the first save, and locks it until the transaction ends. */
async function lockProfile(tx: Transaction, organizationId: string, tutor: TutorRef) {
  await tx.insert(tutorProfile).values({ organizationId, memberId: tutor.memberId, timeZone: tutor.workspaceTimeZone }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(tutorProfile)
    .where(and(eq(tutorProfile.organizationId, organizationId), eq(tutorProfile.memberId, tutor.memberId)))
    .for("update");
  return row!;
}

export async function updateTutorProfile(deps: AppDeps, edit: ProfileEdit, changes: Partial<TutorProfileUpdate>): Promise<TutorDetail> {
  const organizationId = edit.viewer.organizationId;
  const now = deps.clock.now();
  return withWorkspace(deps.db, organizationId, async (tx) => {
    if (changes.payRateMinor != null || changes.chargeRateMinor != null) await holdWorkspaceCurrency(tx, organizationId);
    const tutor = await findTutor(tx, organizationId, edit.memberId);
    const current = await lockProfile(tx, organizationId, tutor);
    // Only what differs is written and audited: saving an unchanged form is not a change.
    const changed = (Object.keys(changes) as (keyof TutorProfileUpdate)[]).filter(
      (field) => changes[field] !== undefined && JSON.stringify(changes[field]) !== JSON.stringify(current[field]),
    );
    if (changed.length > 0) {
      const values = Object.fromEntries(changed.map((field) => [field, changes[field]]));
      await tx
        .update(tutorProfile)
        .set({ ...values, updatedAt: now })
        .where(and(eq(tutorProfile.organizationId, organizationId), eq(tutorProfile.memberId, tutor.memberId)));
      const fields = changed.map((field) => FIELD_LABELS[field]).join(", ");
      await writeAudit(tx, {
        organizationId,
        userId: edit.viewer.user.id,
        actorRole: edit.viewer.role,
        action: "TUTOR_PROFILE_UPDATED",
        description: edit.own
          ? `${edit.viewer.user.name} changed their tutor profile: ${fields}`
          : `${edit.viewer.user.name} changed the tutor profile of ${tutor.name}: ${fields}`,
        ipAddress: edit.ipAddress,
        // Field names only, never the values (a rate or a bio is not the audit log's to keep).
        metadata: { memberId: tutor.memberId, fields: changed },
      });
    }
    return tutorDetail(tx, organizationId, tutor.memberId, now);
  });
}

const slotKey = (slot: { weekday: number; startsAt: string; endsAt: string }) => `${slot.weekday} ${slot.startsAt}-${slot.endsAt}`;

/** Replaces the whole week: the slots given are the tutor's availability afterwards. */
export async function replaceAvailability(deps: AppDeps, edit: ProfileEdit, availability: Availability): Promise<TutorDetail> {
  const organizationId = edit.viewer.organizationId;
  const now = deps.clock.now();
  return withWorkspace(deps.db, organizationId, async (tx) => {
    const tutor = await findTutor(tx, organizationId, edit.memberId);
    await lockProfile(tx, organizationId, tutor);
    const before = (await tutorAvailabilitySlots(tx, organizationId, tutor.memberId)).map(slotKey).sort();
    const after = availability.slots.map(slotKey).sort();
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      await tx.delete(tutorAvailability).where(and(eq(tutorAvailability.organizationId, organizationId), eq(tutorAvailability.memberId, tutor.memberId)));
      if (availability.slots.length > 0) {
        await tx.insert(tutorAvailability).values(availability.slots.map((slot) => ({ organizationId, memberId: tutor.memberId, ...slot })));
      }
      await tx
        .update(tutorProfile)
        .set({ updatedAt: now })
        .where(and(eq(tutorProfile.organizationId, organizationId), eq(tutorProfile.memberId, tutor.memberId)));
      const slots = `${availability.slots.length} ${availability.slots.length === 1 ? "slot" : "slots"} a week`;
      await writeAudit(tx, {
        organizationId,
        userId: edit.viewer.user.id,
        actorRole: edit.viewer.role,
        action: "TUTOR_AVAILABILITY_UPDATED",
        description: edit.own
          ? `${edit.viewer.user.name} changed their availability: ${slots}`
          : `${edit.viewer.user.name} changed the availability of ${tutor.name}: ${slots}`,
        ipAddress: edit.ipAddress,
        metadata: { memberId: tutor.memberId, slots: availability.slots.length },
      });
    }
    return tutorDetail(tx, organizationId, tutor.memberId, now);
  });
}
