/**
 * Previewing proposed health rules before publishing them: every active student scored under
 * the proposal and compared with their card as it stands, so that an admin sees how many
 * students each band would hold and who would move, with the reasons, before anyone's card
 * changes.
 */
import { z } from "zod";
import { HEALTH_BANDS, healthRulesSchema } from "./student-health.ts";

/** What the preview scores: the rules as they would be published (the same checks as publishing). */
export const healthRulesPreviewRequestSchema = z.strictObject({ rules: healthRulesSchema });
export type HealthRulesPreviewRequest = z.infer<typeof healthRulesPreviewRequestSchema>;

const bandCountsSchema = z.object({ on_track: z.number().int(), watch: z.number().int(), act: z.number().int() });
export type HealthBandCounts = z.infer<typeof bandCountsSchema>;

/** A student whose band the proposal would change. */
export const healthPreviewChangeSchema = z.object({
  studentId: z.string(),
  studentName: z.string(),
  scoreNow: z.number().int(),
  scoreAfter: z.number().int(),
  bandNow: z.enum(HEALTH_BANDS),
  bandAfter: z.enum(HEALTH_BANDS),
  /** The reasons that would fire, highest points first (the first is the card's top reason). */
  reasonsAfter: z.array(z.string()),
});
export type HealthPreviewChange = z.infer<typeof healthPreviewChangeSchema>;

export const healthRulesPreviewSchema = z.object({
  /** The version in force, which a student not scored yet is scored under for "now". */
  ruleVersion: z.number().int(),
  /** The active students scored. */
  students: z.number().int(),
  /** Of those, the ones without a stored card yet: their "now" is scored under the rules in force. */
  unscored: z.number().int(),
  bandsNow: bandCountsSchema,
  bandsAfter: bandCountsSchema,
  /** How many students would change band (all of them, however many are listed). */
  changed: z.number().int(),
  /** The students who would change band, the largest change of score first, at most `limit`. */
  changes: z.array(healthPreviewChangeSchema),
  limit: z.number().int(),
  /** Whether more students change band than are listed. */
  truncated: z.boolean(),
});
export type HealthRulesPreview = z.infer<typeof healthRulesPreviewSchema>;

export const HEALTH_RULES_PREVIEW_STATUSES = ["queued", "done", "failed"] as const;
export type HealthRulesPreviewStatus = (typeof HEALTH_RULES_PREVIEW_STATUSES)[number];

/**
 * A preview asked for: scoring every active student takes a while in a large workspace, so a
 * job runs it and the screen polls its state (…/rules/previews/{previewId}) until it is done.
 */
export const healthRulesPreviewQueuedSchema = z.object({
  id: z.string(),
  status: z.literal("queued"),
  requestedAt: z.string(),
});
export type HealthRulesPreviewQueued = z.infer<typeof healthRulesPreviewQueuedSchema>;

/** A preview's state: queued, done with its result, or failed with the reason in plain words. */
export const healthRulesPreviewStateSchema = z.object({
  id: z.string(),
  status: z.enum(HEALTH_RULES_PREVIEW_STATUSES),
  requestedAt: z.string(),
  /** When the job finished, done or failed; null while queued. */
  finishedAt: z.string().nullable(),
  /** Present once done. */
  result: healthRulesPreviewSchema.optional(),
  /** Present once failed. */
  error: z.string().optional(),
});
export type HealthRulesPreviewState = z.infer<typeof healthRulesPreviewStateSchema>;
