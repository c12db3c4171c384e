/**
 * The CRM board: per stage in force, how many leads stand in it and the first few cards. A
 * card carries what the board shows (names, need, source, owner, time in stage, the next open
 * task), not the lead's contacts: the lead's page has those.
 */
import { z } from "zod";
import { LEAD_SOURCES, stageSchema } from "./crm.ts";

/** How many cards a column shows at most; the list view pages through the rest. */
export const BOARD_CARDS_MAX = 50;
export const BOARD_CARDS_DEFAULT = 20;

export const boardQuerySchema = z.object({
  perStage: z.coerce
    .number({ error: "Cards per stage must be a number." })
    .int("Cards per stage must be a whole number.")
    .min(1, "Cards per stage must be 1 or more.")
    .max(BOARD_CARDS_MAX, `Cards per stage must be at most ${BOARD_CARDS_MAX}.`)
    .default(BOARD_CARDS_DEFAULT),
  /** Admins may narrow the board to one owner's leads; a tutor's board is their own anyway. */
  ownerMemberId: z.string().min(1).max(64).optional(),
});
export type BoardQuery = z.infer<typeof boardQuerySchema>;

export const boardCardSchema = z.object({
  id: z.string(),
  guardianName: z.string().nullable(),
  studentName: z.string().nullable(),
  subjects: z.array(z.string()),
  level: z.string().nullable(),
  source: z.enum(LEAD_SOURCES),
  owner: z.object({ memberId: z.string(), name: z.string() }).nullable(),
  stageEnteredAt: z.string(),
  convertedAt: z.string().nullable(),
  /** The lead's open task due first, if any. */
  nextTask: z.object({ id: z.string(), title: z.string(), dueOn: z.string() }).nullable(),
});
export type BoardCard = z.infer<typeof boardCardSchema>;

export const boardColumnSchema = z.object({
  stage: stageSchema,
  /** Every lead in the stage the viewer sees, not only the cards shown. */
  total: z.number().int(),
  /** Whether `total` is only a lower bound: past 100 leads a column stops counting (the board says "100+"). */
  totalIsAtLeast: z.boolean(),
  cards: z.array(boardCardSchema),
});
export type BoardColumn = z.infer<typeof boardColumnSchema>;

export const boardSchema = z.object({ columns: z.array(boardColumnSchema), lostReasons: z.array(z.string()) });
export type Board = z.infer<typeof boardSchema>;
