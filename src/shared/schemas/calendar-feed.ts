import { z } from "zod";

/** Whether the member has a private calendar feed, and since when (its URL is shown only when made). */
export const calendarFeedStatusSchema = z.object({
  exists: z.boolean(),
  createdAt: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

/** A feed just made (or made again): its URL, shown this once; the previous URL no longer works. */
export const calendarFeedCreatedSchema = z.object({
  url: z.string(),
  createdAt: z.string(),
  /** Whether an older URL was revoked by this call. */
  replaced: z.boolean(),
});
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;

/** Days before and after today that a feed covers. */
export const CALENDAR_FEED_PAST_DAYS = 60;
export const CALENDAR_FEED_FUTURE_DAYS = 180;
