import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type {
  Alert,
  AlertList,
  AlertListQuery,
  AlertUpdate,
  Contest,
  ContestAnswer,
  ContestCreate,
  ContestList,
  NotificationPreferences,
} from "../../../shared/schemas/health-alerts.ts";
import { api } from "../../lib/api-client.ts";
import { queryClient } from "../../lib/query-client.ts";

/**
 * Alerts, families' questions about a card's data point, and notification preferences:
 * /api/admin/health/alerts, /api/tutor/alerts and /api/parent/alerts for each reader's list;
 * …/students/{id}/health/contests for a card's thread; /api/admin/health/contests for the
 * admin's questions inbox; /api/{area}/settings/notifications.
 */
export type AlertArea = "admin" | "tutor" | "parent";
export type AlertFilter = Pick<AlertListQuery, "state" | "topic" | "studentId" | "page">;

const LIST_PATH: Record<AlertArea, string> = { admin: "/admin/health/alerts", tutor: "/tutor/alerts", parent: "/parent/alerts" };
/** Where each area reads its alerts on screen. */
export const ALERTS_SCREEN: Record<AlertArea, string> = { admin: "/admin/health/alerts", tutor: "/tutor/alerts", parent: "/parent/alerts" };
export const PAGE_SIZE = 20;

export const alertKeys = {
  all: ["health-alerts"] as const,
  lists: () => [...alertKeys.all, "list"] as const,
  list: (area: AlertArea, filter: AlertFilter) => [...alertKeys.lists(), area, filter] as const,
  contests: () => [...alertKeys.all, "contests"] as const,
  inbox: (state: "open" | "all") => [...alertKeys.contests(), "inbox", state] as const,
  thread: (area: "admin" | "parent", studentId: string) => [...alertKeys.contests(), "thread", area, studentId] as const,
  preferences: (area: AlertArea) => [...alertKeys.all, "preferences", area] as const,
};

const id = (value: string) => encodeURIComponent(value);

function listQuery(filter: AlertFilter): string {
  const params = new URLSearchParams({ state: filter.state, page: String(filter.page), pageSize: String(PAGE_SIZE) });
  if (filter.topic) params.set("topic", filter.topic);
  if (filter.studentId) params.set("studentId", filter.studentId);
  return params.toString();
}

export const useAlerts = (area: AlertArea, filter: AlertFilter) =>
  useQuery({
    queryKey: alertKeys.list(area, filter),
    queryFn: () => api.get<AlertList>(`${LIST_PATH[area]}?${listQuery(filter)}`),
    placeholderData: keepPreviousData,
  });

export function useUpdateAlert(area: "admin" | "tutor", alertId: string) {
  return useMutation({
    mutationFn: (input: AlertUpdate) => api.patch<Alert>(`${LIST_PATH[area]}/${id(alertId)}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.lists() }),
  });
}

export const useContestInbox = (state: "open" | "all") =>
  useQuery({ queryKey: alertKeys.inbox(state), queryFn: () => api.get<ContestList>(`/admin/health/contests?state=${state}`) });

export const useContestThread = (area: "admin" | "parent", studentId: string) =>
  useQuery({ queryKey: alertKeys.thread(area, studentId), queryFn: () => api.get<ContestList>(`/${area}/students/${id(studentId)}/health/contests`) });

/** After a question is asked or answered: the threads, the inbox, the card and the alerts read again. */
async function afterContest() {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: alertKeys.contests() }),
    queryClient.invalidateQueries({ queryKey: alertKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: ["student-health"] }),
  ]);
}

export function useRaiseContest(studentId: string) {
  return useMutation({
    mutationFn: (input: ContestCreate) => api.post<Contest>(`/parent/students/${id(studentId)}/health/contests`, input),
    onSuccess: afterContest,
  });
}

export function useAnswerContest(contestId: string) {
  return useMutation({
    mutationFn: (input: ContestAnswer) => api.post<Contest>(`/admin/health/contests/${id(contestId)}/answer`, input),
    onSuccess: afterContest,
  });
}

export const useNotificationPreferences = (area: AlertArea) =>
  useQuery({ queryKey: alertKeys.preferences(area), queryFn: () => api.get<NotificationPreferences>(`/${area}/settings/notifications`) });

export function useSaveNotificationPreferences(area: AlertArea) {
  return useMutation({
    mutationFn: (input: NotificationPreferences) => api.put<NotificationPreferences>(`/${area}/settings/notifications`, input),
    onSuccess: (saved) => queryClient.setQueryData(alertKeys.preferences(area), saved),
  });
}
