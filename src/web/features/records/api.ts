import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { Area } from "../../../shared/roles.ts";
import type { AccessLog, StudentDetail, StudentPage, StudentSummary } from "../../../shared/schemas/students.ts";
import { ApiError, api } from "../../lib/api-client.ts";

/**
 * Student records as their viewers read them: a parent (their children), a tutor (assigned
 * students), a student (their own record). Every read of a record is audited by the server.
 */
export type RecordArea = Extract<Area, "parent" | "tutor">;

export const recordKeys = {
  all: ["records"] as const,
  list: (viewer: RecordArea) => [...recordKeys.all, viewer, "list"] as const,
  detail: (viewer: RecordArea, studentId: string) => [...recordKeys.all, viewer, "detail", studentId] as const,
  accessLog: (path: string) => [...recordKeys.all, "access-log", path] as const,
  own: () => [...recordKeys.all, "own"] as const,
  search: (q: string) => [...recordKeys.all, "admin-search", q] as const,
};

const studentPath = (viewer: RecordArea, studentId: string) => `/${viewer}/students/${encodeURIComponent(studentId)}`;

/** A 404 means "no such record for you": the screen says so instead of showing an error. */
const noRetryOnNotFound = (count: number, error: Error) =>
  !(error instanceof ApiError && error.status === 404) && error instanceof ApiError && error.retryable && count < 1;

export const studentListQuery = (viewer: RecordArea) =>
  queryOptions({
    queryKey: recordKeys.list(viewer),
    queryFn: async () => (await api.get<{ items: StudentSummary[] }>(`/${viewer}/students`)).items,
    staleTime: 0,
  });
export const useStudentList = (viewer: RecordArea) => useQuery(studentListQuery(viewer));

export const useStudentRecord = (viewer: RecordArea, studentId: string) =>
  useQuery({
    queryKey: recordKeys.detail(viewer, studentId),
    queryFn: () => api.get<StudentDetail>(studentPath(viewer, studentId)),
    retry: noRetryOnNotFound,
    staleTime: 0,
  });

export const useOwnRecord = () =>
  useQuery({ queryKey: recordKeys.own(), queryFn: () => api.get<StudentDetail>("/student/profile"), retry: noRetryOnNotFound, staleTime: 0 });

/** The access log of a record, newest first, a page at a time (keyset cursor). */
export function useAccessLog(path: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: recordKeys.accessLog(path),
    queryFn: ({ pageParam }) => api.get<AccessLog>(`${path}?${new URLSearchParams({ limit: "20", ...(pageParam ? { cursor: pageParam } : {}) })}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
    staleTime: 0,
  });
}

export const parentAccessLogPath = (studentId: string) => `${studentPath("parent", studentId)}/access-log`;
export const parentExportPath = (studentId: string) => `/api${studentPath("parent", studentId)}/export`;
export const OWN_ACCESS_LOG_PATH = "/student/profile/access-log";

/** Admins: students whose name matches, for pickers (the first 20, by name). */
export const useStudentSearch = (q: string) =>
  useQuery({
    queryKey: recordKeys.search(q),
    queryFn: () => api.get<StudentPage>(`/admin/students?${new URLSearchParams({ ...(q.trim() ? { q: q.trim() } : {}), page: "1", pageSize: "20" })}`),
    placeholderData: keepPreviousData,
  });

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
