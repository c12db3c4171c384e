import type { QueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";

/**
 * The query client, for the root's QueryClientProvider, without the root loading TanStack
 * Query's client: lib/query-client.ts hands it over here when it is first loaded, that is,
 * with the first screen that fetches through it (the area layouts, the 404), or with the
 * connection banner. The content pages never load it, and the account pages only for that
 * banner (the page-weight budgets of tests/budgets).
 */
let client: QueryClient | null = null;
const listeners = new Set<() => void>();

export function provideQueryClient(next: QueryClient): void {
  client = next;
  for (const listener of listeners) listener();
}

/** The query client if a screen has loaded it, else null (then there is no cache to clear). */
export function loadedQueryClient(): QueryClient | null {
  return client;
}

/** Loads the query client, for a page that did not need it yet. */
export function loadQueryClient(): Promise<unknown> {
  return import("./query-client-lazy.ts");
}

/** The query client, or null while no screen has needed it. */
export function useLoadedQueryClient(): QueryClient | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => client,
    () => client,
  );
}
