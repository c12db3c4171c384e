/**
 * The growth playbook: steps to grow a tutoring business, grouped, each ticked by itself from
 * the workspace's data or, where no data can tell, by hand; any step may be skipped with a
 * reason.
 */
import { z } from "zod";

export const PLAYBOOK_GROUPS = ["set-up", "get-enquiries", "convert", "keep-families", "grow-tutors"] as const;
export type PlaybookGroup = (typeof PLAYBOOK_GROUPS)[number];

export const PLAYBOOK_GROUP_TITLES: Record<PlaybookGroup, string> = {
  "set-up": "Set up",
  "get-enquiries": "Get enquiries",
  convert: "Convert",
  "keep-families": "Keep families",
  "grow-tutors": "Grow tutors",
};

export const PLAYBOOK_STEP_KEYS = [
  "tutors-joined",
  "availability-set",
  "packages-on-sale",
  "first-package",
  "enquiry-page-lead",
  "referral-lead",
  "first-trial",
  "first-conversion",
  "ten-summaries",
  "low-balance-reminders",
  "overdue-reminders",
  "health-rules-reviewed",
  "policy-acknowledged",
  "reviews-asked",
  "first-pay-run",
  "reports-on-time",
  "tutor-check-ins",
] as const;
export type PlaybookStepKey = (typeof PLAYBOOK_STEP_KEYS)[number];

/** done: ticked (from data or by hand); open: still to do; skipped: set aside with a reason. */
export const PLAYBOOK_STEP_STATES = ["done", "open", "skipped"] as const;

export const playbookStepSchema = z.object({
  key: z.enum(PLAYBOOK_STEP_KEYS),
  group: z.enum(PLAYBOOK_GROUPS),
  title: z.string(),
  /** What to do and why, in a few sentences. */
  advice: z.string(),
  /** How it is ticked: from the workspace's data, or by hand. */
  tickedBy: z.enum(["data", "hand"]),
  state: z.enum(PLAYBOOK_STEP_STATES),
  /** For a step ticked from data: what the data says now ("3 tutors", "7 of 10 summaries"). */
  evidence: z.string().nullable(),
  /** The analytics figure that goes with the step (its key in the metric registry). */
  kpi: z.object({ metricKey: z.string(), name: z.string() }).nullable(),
  /** Where in the app the step is done. */
  link: z.object({ label: z.string(), href: z.string() }),
  /** A hand tick or a skip: who and when, and the reason of a skip. */
  decision: z.object({ state: z.enum(["ticked", "skipped"]), reason: z.string().nullable(), byName: z.string().nullable(), at: z.string() }).nullable(),
});
export type PlaybookStep = z.infer<typeof playbookStepSchema>;

export const playbookSchema = z.object({
  steps: z.array(playbookStepSchema),
  done: z.number().int(),
  skipped: z.number().int(),
  total: z.number().int(),
});
export type Playbook = z.infer<typeof playbookSchema>;

/** A step's key: any other answers 404, as a record that is not there. */
export const playbookStepParams = z.object({ stepKey: z.string().min(1).max(100) });

/** Tick a step by hand, skip it with a reason, or open it again. */
export const playbookDecisionSchema = z
  .strictObject({
    state: z.enum(["ticked", "skipped", "open"], { error: "State must be ticked, skipped or open." }),
    reason: z.string().trim().max(500, "The reason must be at most 500 characters.").optional(),
  })
  .superRefine((value, ctx) => {
    if (value.state === "skipped" && !value.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: "Say why the step is skipped." });
    if (value.state !== "skipped" && value.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: "Only a skipped step takes a reason." });
  });
export type PlaybookDecision = z.infer<typeof playbookDecisionSchema>;
