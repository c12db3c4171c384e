import { useEffect, useState, useSyncExternalStore } from "react";
import type { MeResponse, PublicConfig } from "../../../shared/schemas/me.ts";
import { ApiError, api } from "../../lib/api-client.ts";
import { loadedQueryClient } from "../../lib/query-provider.ts";
import { sessionKeys } from "./keys.ts";

/**
 * The session without TanStack Query, for the public pages: their header, the Switch Role
 * gate and the permission-denied screen only ask "who is signed in". The one way of fetching
 * the session is here (fetchMe); features/session/api.ts builds its queries on it and keeps
 * this store and its cache in step, so both always give the same answer (the page-weight budgets: content
 * pages stay within the public pages' budget without the query library).
 */

/** How long a read of the viewer is fresh: the same for this store and the query cache. */
export const ME_STALE_TIME = 15_000;

/**
 * The viewer, or null when signed out. Visitors are recognised by Better Auth's session read
 * (200 with null), so a public page does not log a failed request; a session that ends
 * between the two calls is a 401, which also means signed out.
 */
export async function fetchMe(): Promise<MeResponse | null> {
  const session = await api.get<unknown>("/auth/get-session");
  if (!session) return null;
  try {
    return await api.get<MeResponse>("/me");
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export interface KnownViewer {
  me: MeResponse | null;
  /** When it was read (ms since the epoch). */
  at: number;
}

let known: KnownViewer | undefined;
/** Counts the recordings, so that a read knows whether a newer one came while it ran. */
let recordings = 0;
let reading: Promise<MeResponse | null> | undefined;
const listeners = new Set<() => void>();

export function knownViewer(): KnownViewer | undefined {
  return known;
}

/** Records the viewer (the query cache calls this whenever its copy changes). */
export function setKnownViewer(me: MeResponse | null, at = Date.now()): void {
  if (known && known.me === me && known.at === at) return;
  known = { me, at };
  recordings += 1;
  for (const listener of listeners) listener();
}

/** Reads the viewer once, however many callers ask at the same time. */
export function readViewer(): Promise<MeResponse | null> {
  const recordingsAtStart = recordings;
  reading ??= fetchMe()
    .then((me) => {
      // A viewer recorded while this read ran (refreshViewer after sign-in) is newer: this read must not undo it.
      if (recordings === recordingsAtStart) setKnownViewer(me);
      return me;
    })
    .finally(() => {
      reading = undefined;
    });
  return reading;
}

/**
 * Reads the viewer again now, after the session changed on this page (sign-in, accepting an
 * invitation, a new workspace), and records it here and, when a screen has loaded it, in the
 * query cache: the screen the person goes to next reads it from there (features/session/api.ts
 * starts its cache from this store when it loads later). The public pages do not load the query
 * library for this.
 */
export async function refreshViewer(): Promise<MeResponse | null> {
  const me = await fetchMe();
  const at = Date.now();
  setKnownViewer(me, at);
  loadedQueryClient()?.setQueryData(sessionKeys.me, me, { updatedAt: at });
  return me;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The viewer for a public page: undefined until known, then the member or null. Read on
 * mount when unknown or older than ME_STALE_TIME (as useMe does); a failed read leaves it
 * unknown, and a connection problem shows in the connection banner like any API call's.
 */
export function useViewer(): MeResponse | null | undefined {
  const current = useSyncExternalStore(subscribe, knownViewer, () => undefined);
  useEffect(() => {
    if (!known || Date.now() - known.at > ME_STALE_TIME) readViewer().catch(() => {});
  }, []);
  return current?.me;
}

let config: Promise<PublicConfig> | undefined;

/** The public configuration, read once per page load (it does not change while it runs). */
export function readPublicConfig(): Promise<PublicConfig> {
  config ??= api.get<PublicConfig>("/config").catch((error: unknown) => {
    config = undefined;
    throw error;
  });
  return config;
}

/** The public configuration for a public page: undefined until read. */
export function usePublicConfigValue(): PublicConfig | undefined {
  const [value, setValue] = useState<PublicConfig>();
  useEffect(() => {
    let live = true;
    readPublicConfig().then(
      (read) => {
        if (live) setValue(read);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  return value;
}
