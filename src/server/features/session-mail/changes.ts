/**
 * Change mails: when a session moves, changes place or is cancelled (one occurrence or this and
 * following), its people (core/recipients.ts) get one mail each describing the change; a series
 * change is one mail summarising it, not one per occurrence. The mails are queued (core/notify.ts)
 * in the transaction that makes the change, so a change that rolls back sends nothing, and a
 * change that commits has its mails in the queue whatever happens to the process next.
 * Changes to sessions already over (corrections of the record) are not mailed.
 */
import type { AppDeps } from "../../core/context.ts";
import { notify } from "../../core/notify.ts";
import { sessionPeople } from "../../core/recipients.ts";
import type { tutoringSession } from "../../db/schema.ts";
import type { Transaction } from "../../db/tenant.ts";
import { mails } from "../../mail/templates.ts";
import { describeTime } from "../../core/time.ts";
import { describeFor, pageFor } from "./wording.ts";

type SessionRow = typeof tutoringSession.$inferSelect;

export interface SessionChange {
  kind: "changed" | "cancelled";
  /** Who made the change, as the mail names them. */
  by: string;
  /** The sessions changed, as they were, in order (the first is the one the change was made on). */
  before: SessionRow[];
  /** The same sessions as saved, in the same order. */
  after: SessionRow[];
  /** A cancellation's reason. */
  reason?: string | null;
}

const timeOf = (row: SessionRow) => describeTime(row.startsAt, row.endsAt, row.timeZone);

function placeChange(label: string, before: string | null, after: string | null): string[] {
  if ((before ?? "") === (after ?? "")) return [];
  if (!after) return [`${label}: no longer ${before}`];
  return [before ? `${label}: now ${after} (was ${before})` : `${label}: ${after}`];
}

/** The lines of a "changed" mail; none when neither time nor place changed. */
function changeLines(before: SessionRow[], after: SessionRow[]): string[] {
  const first = { before: before[0]!, after: after[0]! };
  const moved = before.some(
    (row, index) =>
      row.startsAt.getTime() !== after[index]!.startsAt.getTime() ||
      row.endsAt.getTime() !== after[index]!.endsAt.getTime() ||
      row.timeZone !== after[index]!.timeZone,
  );
  const lines: string[] = [];
  if (moved) {
    lines.push(
      before.length > 1
        ? `Time: the first session is now ${timeOf(first.after)} (was ${timeOf(first.before)}); the others move the same way, weekly.`
        : `Time: now ${timeOf(first.after)} (was ${timeOf(first.before)})`,
    );
  }
  lines.push(...placeChange("Where", first.before.location, first.after.location), ...placeChange("Online", first.before.onlineUrl, first.after.onlineUrl));
  return lines;
}

/** Queues the change's mails in `tx` (the change's own transaction, inside its workspace). */
export async function queueSessionChangeMails(
  deps: Pick<AppDeps, "jobs" | "config" | "clock">,
  tx: Transaction,
  organizationId: string,
  change: SessionChange,
): Promise<void> {
  const now = deps.clock.now().getTime();
  const pairs = change.before
    .map((row, index) => ({ before: row, after: change.after[index]! }))
    .filter((pair) => Math.max(pair.before.endsAt.getTime(), pair.after.endsAt.getTime()) > now);
  if (pairs.length === 0) return;
  const before = pairs.map((pair) => pair.before);
  const after = pairs.map((pair) => pair.after);
  const lines = change.kind === "changed" ? changeLines(before, after) : [];
  if (change.kind === "changed" && lines.length === 0) return;

  const people = await sessionPeople(
    tx,
    organizationId,
    after.map((row) => row.id),
  );
  const subject = after[0]!.subject;
  for (const recipient of people.recipients) {
    const common = {
      to: recipient.email,
      name: recipient.name,
      workspace: people.workspace,
      subject,
      what: describeFor(recipient, people, subject, pairs.length),
      count: pairs.length,
      by: change.by,
      url: pageFor(deps.config.appUrl, recipient),
    };
    const mail =
      change.kind === "changed"
        ? mails.sessionChanged({ ...common, when: timeOf(before[0]!), changes: lines })
        : mails.sessionCancelled({ ...common, when: timeOf(before[0]!), lastWhen: timeOf(before[before.length - 1]!), reason: change.reason ?? null });
    await notify(deps.jobs, tx, mail);
  }
}
