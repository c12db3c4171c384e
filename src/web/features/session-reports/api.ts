import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";

import type {
  DueReportPage,
  FamilySummaryPage,
  ReportView,
  ReviewPage,
  SessionReportInput,
  Summary,
  SummaryShare,
} from "../../../shared/schemas/session-reports.ts";

import type { Session } from "../../../shared/schemas/sessions.ts";

import { api } from "../../lib/api-client.ts";

import { queryClient } from "../../lib/query-client.ts";

import { calendarKeys } from "../calendar/api.ts";
import type { Area, ManagerArea, FamilyArea } from "../../../shared/roles.ts";

export const reportKeys = {
  all: ["session-reports"] as const,
  session: (area: Area, sessionId: string) => [...reportKeys.all, "session", area, sessionId] as const,
  report: (area: ManagerArea, sessionId: string) => [...reportKeys.all, "report", area, sessionId] as const,
  due: (area: ManagerArea, overdueOnly: boolean, page: number) => [...reportKeys.all, "due", area, overdueOnly, page] as const,
  review: (page: number) => [...reportKeys.all, "review", page] as const,
  family: (area: FamilyArea, filter: { studentId?: string; sessionId?: string }, page: number, pageSize: number) =>
    [...reportKeys.all, "family", area, filter.studentId ?? null, filter.sessionId ?? null, page, pageSize] as const,
};

const id = encodeURIComponent;

export const useSession = (area: Area, sessionId: string) =>
  useQuery({ queryKey: reportKeys.session(area, sessionId), queryFn: () => api.get<Session>(`/${area}/sessions/${id(sessionId)}`) });

export const useReport = (area: ManagerArea, sessionId: string) =>
  useQuery({ queryKey: reportKeys.report(area, sessionId), queryFn: () => api.get<ReportView>(`/${area}/sessions/${id(sessionId)}/report`) });

/** After a report or a summary changes: the session (its status), its report, the lists and the calendars. */
const afterWrite = () =>
  Promise.all([queryClient.invalidateQueries({ queryKey: reportKeys.all }), queryClient.invalidateQueries({ queryKey: calendarKeys.lists() })]);

export function useFileReport(area: ManagerArea, sessionId: string) {
  return useMutation({
    mutationFn: (input: SessionReportInput) => api.put<ReportView>(`/${area}/sessions/${id(sessionId)}/report`, input),
    onSuccess: afterWrite,
  });
}

export function useUpdateSummary(area: ManagerArea, sessionId: string, studentId: string) {
  return useMutation({
    mutationFn: (body: string) => api.put<Summary>(`/${area}/sessions/${id(sessionId)}/summaries/${id(studentId)}`, { body }),
    onSuccess: afterWrite,
  });
}

/** Shares (or submits); `acknowledgeReportChange` shares words older than a correction of the report as they are. */
export function useShareSummary(area: ManagerArea, sessionId: string, studentId: string) {
  return useMutation({
    mutationFn: (input: SummaryShare = { acknowledgeReportChange: false }) =>
      api.post<Summary>(`/${area}/sessions/${id(sessionId)}/summaries/${id(studentId)}/share`, input),
    onSuccess: afterWrite,
  });
}

/** Replaces the words with a fresh draft from the report as it stands (saved at once). */
export function useRedraftSummary(area: ManagerArea, sessionId: string, studentId: string) {
  return useMutation({
    mutationFn: () => api.post<Summary>(`/${area}/sessions/${id(sessionId)}/summaries/${id(studentId)}/redraft`),
    onSuccess: afterWrite,
  });
}

export const useDueReports = (area: ManagerArea, overdueOnly: boolean, page = 1) =>
  useQuery({
    queryKey: reportKeys.due(area, overdueOnly, page),
    queryFn: () => api.get<DueReportPage>(`/${area}/session-reports/due?overdueOnly=${overdueOnly}&page=${page}&pageSize=20`),
    placeholderData: keepPreviousData,
  });

export const useReviewQueue = (page = 1) =>
  useQuery({
    queryKey: reportKeys.review(page),
    queryFn: () => api.get<ReviewPage>(`/admin/summaries/awaiting-review?page=${page}&pageSize=20`),
    placeholderData: keepPreviousData,
  });

export const useFamilySummaries = (area: FamilyArea, filter: { studentId?: string; sessionId?: string }, page = 1, pageSize = 10) =>
  useQuery({
    queryKey: reportKeys.family(area, filter, page, pageSize),
    queryFn: () => {
      const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
      if (filter.studentId) params.set("studentId", filter.studentId);
      if (filter.sessionId) params.set("sessionId", filter.sessionId);
      return api.get<FamilySummaryPage>(`/${area}/summaries?${params}`);
    },
    placeholderData: keepPreviousData,
  });
