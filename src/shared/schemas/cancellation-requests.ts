import { z } from "zod";
import { longTextField } from "./fields.ts";
import { SESSION_STATUSES } from "./sessions.ts";
import { timeZoneField } from "./workspace.ts";

/**
 * A cancellation request's life: requested by a parent or student; accepted (the session is
 * cancelled, late inside the notice period), declined with a reason, or closed because the
 * session was cancelled otherwise.
 */
export const CANCELLATION_REQUEST_STATES = ["requested", "accepted", "declined", "closed"] as const;
export type CancellationRequestState = (typeof CANCELLATION_REQUEST_STATES)[number];

export const CANCELLATION_DECLINE_MAX = 500;

const REASON_REQUIRED = "Reason is required: the family reads it.";

export const cancellationDeclineSchema = z.strictObject({
  reason: z
    .string({ error: REASON_REQUIRED })
    .pipe(longTextField("Reason", CANCELLATION_DECLINE_MAX))
    .refine((value) => value.length > 0, REASON_REQUIRED),
});
export type CancellationDecline = z.infer<typeof cancellationDeclineSchema>;

export const cancellationRequestListQuerySchema = z.object({
  /** The viewer's zone for the sessions' local times; the workspace's if absent. */
  timeZone: timeZoneField.optional(),
});

export const cancellationRequestViewSchema = z.object({
  id: z.string(),
  state: z.enum(CANCELLATION_REQUEST_STATES),
  reason: z.string(),
  /** The requester's name (null when the account is gone) and relationship. */
  requester: z.object({ name: z.string().nullable(), role: z.enum(["parent", "student"]) }),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  declineReason: z.string().nullable(),
  session: z.object({
    id: z.string(),
    subject: z.string(),
    tutorName: z.string(),
    /** The students the viewer is shown (a family: only their own). */
    studentNames: z.array(z.string()),
    startsAt: z.string(),
    endsAt: z.string(),
    status: z.enum(SESSION_STATUSES),
    local: z.object({ timeZone: z.string(), date: z.string(), startTime: z.string(), endTime: z.string() }),
  }),
});
export type CancellationRequestView = z.infer<typeof cancellationRequestViewSchema>;

export const cancellationRequestListSchema = z.object({ items: z.array(cancellationRequestViewSchema) });
export type CancellationRequestList = z.infer<typeof cancellationRequestListSchema>;
