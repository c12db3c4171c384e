/**
 * The query keys of the settings screens. A file of its own so that what reads a setting
 * elsewhere (the calendar's session policies) does not load the account settings' Better Auth
 * client with it.
 */
export const settingsKeys = {
  all: ["settings"] as const,
  sessions: () => [...settingsKeys.all, "sessions"] as const,
  sessionPolicy: () => [...settingsKeys.all, "session-policy"] as const,
  calendarFeed: () => [...settingsKeys.all, "calendar-feed"] as const,
};
