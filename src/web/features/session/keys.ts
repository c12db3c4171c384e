/**
 * The session's query keys. A file of its own so that the public pages' session read
 * (./viewer.ts) can put a fresh viewer into the query cache without loading the query library.
 */
export const sessionKeys = {
  me: ["session", "me"] as const,
  config: ["session", "config"] as const,
};
