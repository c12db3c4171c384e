import { keepPreviousData, queryOptions, useMutation, useQuery } from "@tanstack/react-query";

import type { Session, SessionBatch, SessionCancel, SessionCreate, SessionPage } from "../../../shared/schemas/sessions.ts";

import type { StudentSummary } from "../../../shared/schemas/students.ts";

import { api, ApiError } from "../../lib/api-client.ts";

import { queryClient } from "../../lib/query-client.ts";

import { sessionSettingsQuery } from "../settings/session-settings-api.ts";

import { availabilityMessage } from "./format.ts";

import type { SessionUpdateRequest } from "./session-update.ts";
import type { Area } from "../../../shared/roles.ts";

/** The areas with a sessions API: who reads, and who may schedule and cancel. */
export const canSchedule = (area: Area): area is "admin" | "tutor" => area === "admin" || area === "tutor";

/** What the calendar asks for: dates (YYYY-MM-DD, `to` exclusive) read as midnight UTC by the API. */
export interface SessionRange {
  from: string;
  to: string;
}

export interface SessionFilters {
  tutorMemberId?: string | null;
  studentId?: string | null;
}

export const calendarKeys = {
  all: ["sessions"] as const,
  lists: () => [...calendarKeys.all, "list"] as const,
  list: (area: Area, range: SessionRange, filters: SessionFilters, timeZone: string) =>
    [...calendarKeys.lists(), area, range.from, range.to, filters.tutorMemberId ?? null, filters.studentId ?? null, timeZone] as const,
  tutorStudents: () => [...calendarKeys.all, "tutor-students"] as const,
  adminStudents: () => [...calendarKeys.all, "admin-students"] as const,
};

const PAGE_SIZE = 500;

/** Every session of the range (the API pages; a month of sessions fits one or a few pages). */
export async function fetchSessions(area: Area, range: SessionRange, filters: SessionFilters, timeZone: string): Promise<Session[]> {
  const items: Session[] = [];
  for (let page = 1; ; page += 1) {
    const params = new URLSearchParams({
      from: range.from,
      to: range.to,
      timeZone,
      page: String(page),
      pageSize: String(PAGE_SIZE),
    });
    if (filters.tutorMemberId) params.set("tutorMemberId", filters.tutorMemberId);
    if (filters.studentId) params.set("studentId", filters.studentId);
    const answer = await api.get<SessionPage>(`/${area}/sessions?${params}`);
    items.push(...answer.items);
    if (answer.items.length === 0 || items.length >= answer.total || page >= 20) return items;
  }
}

export const sessionsQuery = (area: Area, range: SessionRange, filters: SessionFilters, timeZone: string) =>
  queryOptions({
    queryKey: calendarKeys.list(area, range, filters, timeZone),
    queryFn: () => fetchSessions(area, range, filters, timeZone),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useSessions = (area: Area, range: SessionRange | null, filters: SessionFilters, timeZone: string) =>
  useQuery({
    ...sessionsQuery(area, range ?? { from: "", to: "" }, filters, timeZone),
    enabled: range !== null,
  });

/** A tutor's assigned students, for the schedule form. */
export const useTutorStudents = (enabled: boolean) =>
  useQuery({
    queryKey: calendarKeys.tutorStudents(),
    queryFn: () => api.get<{ items: StudentSummary[] }>("/tutor/students"),
    enabled,
    staleTime: 60_000,
  });

/** The admin's students (the first 100 by name), for the calendar's student filter. */
export const useAdminStudentOptions = (enabled: boolean) =>
  useQuery({
    queryKey: calendarKeys.adminStudents(),
    queryFn: () => api.get<{ items: StudentSummary[] }>("/admin/students?page=1&pageSize=100"),
    enabled,
    staleTime: 60_000,
  });

/** The workspace's late-cancellation notice in hours: admins may read it; others do not know it. */
export const useLateNotice = (enabled: boolean) => useQuery({ ...sessionSettingsQuery(), enabled });

const afterWrite = () => queryClient.invalidateQueries({ queryKey: calendarKeys.lists() });

export function useCreateSessions(area: "admin" | "tutor") {
  return useMutation({
    mutationFn: (input: SessionCreate) => api.post<SessionBatch>(`/${area}/sessions`, input),
    onSuccess: afterWrite,
  });
}

/** Changes a session (or it and the following ones of its series); every session changed. */
export function useUpdateSession(area: "admin" | "tutor") {
  return useMutation({
    mutationFn: ({ sessionId, input }: { sessionId: string; input: SessionUpdateRequest }) =>
      api.patch<SessionBatch>(`/${area}/sessions/${encodeURIComponent(sessionId)}`, input),
    onSuccess: afterWrite,
  });
}

/** The server's "outside the tutor's availability" refusal, worded for people; null for any other failure. */
export function outsideAvailabilityOf(error: unknown): string | null {
  const message = error instanceof ApiError ? error.fieldMessage("confirmOutsideAvailability") : undefined;
  return message ? availabilityMessage(message) : null;
}

export function useCancelSession(area: "admin" | "tutor") {
  return useMutation({
    mutationFn: ({ sessionId, input }: { sessionId: string; input: SessionCancel }) =>
      api.post<SessionBatch>(`/${area}/sessions/${encodeURIComponent(sessionId)}/cancel`, input),
    onSuccess: afterWrite,
  });
}
