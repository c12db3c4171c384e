/**
 * The account settings every member has: profile, password, two-factor and sessions. They go
 * through Better Auth's client (src/server/auth/routes.ts lists what the server exposes);
 * each failure becomes the ApiError the UI shows, with Better Auth's code kept.
 */

import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { CalendarFeedCreated, CalendarFeedStatus } from "../../../shared/schemas/calendar-feed.ts";
import { api, ApiError, errorFromAnswer } from "../../lib/api-client.ts";
import { authClient } from "../../lib/auth-client.ts";
import { queryClient } from "../../lib/query-client.ts";
import { refreshMe } from "../session/api.ts";
import { settingsKeys } from "./keys.ts";
import { summariseUserAgent } from "./user-agent.ts";

/** Whether the member has a private calendar feed (its URL is shown only when it is made). */
export const useCalendarFeed = () => useQuery({ queryKey: settingsKeys.calendarFeed(), queryFn: () => api.get<CalendarFeedStatus>("/calendar-feed") });

/** Makes the feed URL, or a new one (the old URL stops working). */
export function useCreateCalendarFeed() {
  return useMutation({
    mutationFn: () => api.post<CalendarFeedCreated>("/calendar-feed", {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.calendarFeed() }),
  });
}

interface AuthResult<T> {
  data: T | null;
  error: { status: number; code?: string | undefined; message?: string | undefined } | null;
}

function unwrap<T>(result: AuthResult<T>): T {
  if (result.error) throw errorFromAnswer(result.error.status, result.error);
  return result.data as T;
}

/** Better Auth's codes for a wrong password, and the code our server adds for a common one. */
export const WRONG_PASSWORD_CODES = ["INVALID_PASSWORD", "INVALID_EMAIL_OR_PASSWORD"];
export const isWrongPassword = (error: unknown) => error instanceof ApiError && WRONG_PASSWORD_CODES.includes(error.code);

// ---- Sessions ----

export interface ActiveSession {
  id: string;
  token: string;
  /** The browser and system in words, e.g. "Chrome on Linux". */
  device: string;
  userAgent: string | null;
  ipAddress: string | null;
  signedInAt: Date;
  lastActiveAt: Date;
  current: boolean;
}

interface RawSession {
  id: string;
  token: string;
  userAgent?: string | null | undefined;
  ipAddress?: string | null | undefined;
  createdAt: Date | string;
  updatedAt: Date | string;
}

const SESSION_NOT_FRESH_MESSAGE = "For your security, the list of sessions needs a recent sign-in. Sign out, sign in again, and come back here.";

/** The viewer's active sessions, the current one first, then the most recently active. */
export async function fetchActiveSessions(): Promise<ActiveSession[]> {
  const [current, list] = await Promise.all([authClient.getSession(), authClient.listSessions()]);
  if (list.error?.code === "SESSION_NOT_FRESH") throw new ApiError(list.error.status, "SESSION_NOT_FRESH", SESSION_NOT_FRESH_MESSAGE);
  const sessions = unwrap(list as AuthResult<RawSession[]>) ?? [];
  const currentId = current.data?.session.id;
  return sessions
    .map((session) => ({
      id: session.id,
      token: session.token,
      device: summariseUserAgent(session.userAgent),
      userAgent: session.userAgent ?? null,
      ipAddress: session.ipAddress || null,
      signedInAt: new Date(session.createdAt),
      lastActiveAt: new Date(session.updatedAt),
      current: session.id === currentId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.getTime() - a.lastActiveAt.getTime());
}

export const activeSessionsQuery = queryOptions({ queryKey: settingsKeys.sessions(), queryFn: fetchActiveSessions, staleTime: 0 });
export const useActiveSessions = () => useQuery(activeSessionsQuery);

const invalidateSessions = () => queryClient.invalidateQueries({ queryKey: settingsKeys.sessions() });

export function useRevokeSession() {
  return useMutation({
    mutationFn: async (session: Pick<ActiveSession, "token">) => unwrap(await authClient.revokeSession({ token: session.token })),
    onSettled: invalidateSessions,
  });
}

export function useRevokeOtherSessions() {
  return useMutation({
    mutationFn: async () => unwrap(await authClient.revokeOtherSessions()),
    onSettled: invalidateSessions,
  });
}

// ---- Profile and password ----

export function useUpdateProfile() {
  return useMutation({
    mutationFn: async ({ name }: { name: string }) => unwrap(await authClient.updateUser({ name })),
    onSuccess: async () => {
      await refreshMe();
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: async (input: { currentPassword: string; newPassword: string }) =>
      unwrap(await authClient.changePassword({ ...input, revokeOtherSessions: true })),
    // The server ended the other sessions and started a new one for this device.
    onSuccess: invalidateSessions,
  });
}

// ---- Two-factor ----

export function useDisableTwoFactor() {
  return useMutation({
    mutationFn: async ({ password }: { password: string }) => unwrap(await authClient.twoFactor.disable({ password })),
    onSuccess: async () => {
      await refreshMe();
    },
  });
}

export function useGenerateBackupCodes() {
  return useMutation({
    mutationFn: async ({ password }: { password: string }) => {
      const result = unwrap(await authClient.twoFactor.generateBackupCodes({ password }));
      return result.backupCodes;
    },
    onSuccess: async () => {
      await refreshMe();
    },
  });
}
