/**
 * Cancellation request mails, queued (core/notify.ts) in the transaction that records the
 * request or its decision, as the change mails are (changes.ts): a request that rolls back
 * mails nobody. A request goes to the session's tutor and the workspace's admins (active
 * members); a declined request to the parent or student who asked. An accepted request
 * cancels the session, whose own cancellation mail (changes.ts) reaches the family.
 */
import { and, eq, sql } from "drizzle-orm";
import type { AppDeps } from "../../core/context.ts";
import { notify } from "../../core/notify.ts";
import { member, organization, type tutoringSession, user } from "../../db/schema.ts";
import type { Transaction } from "../../db/tenant.ts";
import { mails } from "../../mail/templates.ts";
import { describeTime } from "../../core/time.ts";

type SessionRow = typeof tutoringSession.$inferSelect;
type Deps = Pick<AppDeps, "jobs" | "config">;

async function workspaceName(tx: Transaction, organizationId: string): Promise<string> {
  const [org] = await tx.select({ name: organization.name }).from(organization).where(eq(organization.id, organizationId));
  return org?.name ?? "your workspace";
}

/** To the session's tutor and every admin: "<requester> asked to cancel", with the reason and the session's page. */
export async function queueCancellationRequestedMails(
  deps: Deps,
  tx: Transaction,
  session: SessionRow,
  request: { requester: string; reason: string },
): Promise<void> {
  const organizationId = session.organizationId;
  const people = await tx
    .select({ email: user.email, name: user.name, role: member.role })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(
      and(eq(member.organizationId, organizationId), eq(member.status, "active"), sql`(${member.role} = 'admin' or ${member.id} = ${session.tutorMemberId})`),
    );
  const workspace = await workspaceName(tx, organizationId);
  const when = describeTime(session.startsAt, session.endsAt, session.timeZone);
  for (const person of people) {
    const url = `${deps.config.appUrl}/${person.role === "admin" ? "admin" : "tutor"}/sessions/${session.id}`;
    await notify(
      deps.jobs,
      tx,
      mails.cancellationRequested({
        to: person.email,
        name: person.name,
        workspace,
        requester: request.requester,
        subject: session.subject,
        when,
        reason: request.reason,
        url,
      }),
    );
  }
}

/** To the parent or student who asked (while their account exists): declined, with the reason. */
export async function queueCancellationDeclinedMail(
  deps: Deps,
  tx: Transaction,
  session: SessionRow,
  decision: { requesterUserId: string | null; requesterRole: "parent" | "student"; by: string; reason: string },
): Promise<void> {
  if (!decision.requesterUserId) return;
  const [requester] = await tx.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, decision.requesterUserId));
  if (!requester) return;
  const when = describeTime(session.startsAt, session.endsAt, session.timeZone);
  const url = `${deps.config.appUrl}/${decision.requesterRole}/sessions/${session.id}`;
  await notify(
    deps.jobs,
    tx,
    mails.cancellationDeclined({
      to: requester.email,
      name: requester.name,
      workspace: await workspaceName(tx, session.organizationId),
      by: decision.by,
      subject: session.subject,
      when,
      reason: decision.reason,
      url,
    }),
  );
}
