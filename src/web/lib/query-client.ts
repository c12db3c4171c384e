import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { MESSAGES } from "../../shared/messages.ts";
import { ApiError } from "./api-client.ts";
import { provideQueryClient } from "./query-provider.ts";

/**
 * Signing out clears the cache while the screen that was open is still mounted: its queries
 * fetch again, get 401 and would send the person to /login with "Session expired" instead of
 * the plain sign-in page. Those answers are expected for a moment after a sign-out.
 */
const SIGN_OUT_GRACE_MS = 5_000;
let signedOutAt = 0;

export function noteSignedOut(): void {
  signedOutAt = Date.now();
}

/**
 * An expired session (401 from any call but the session probe itself) goes to /login with
 * the catalogue's 'Session expired. Please log in again.' and the way back (no retry).
 */
function onSessionExpired(error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 401 || typeof window === "undefined") return;
  if (Date.now() - signedOutAt < SIGN_OUT_GRACE_MS) return;
  const here = window.location.pathname + window.location.search;
  if (window.location.pathname === "/login") return;
  window.location.assign(`/login?${new URLSearchParams({ reason: MESSAGES.sessionExpired, redirectTo: here })}`);
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onSessionExpired }),
  mutationCache: new MutationCache({ onError: onSessionExpired }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => error instanceof ApiError && error.retryable && failureCount < 1,
    },
  },
});

// The root provides it from the moment this module is loaded (lib/query-provider.ts): every
// module that fetches through TanStack Query imports this one.
provideQueryClient(queryClient);
