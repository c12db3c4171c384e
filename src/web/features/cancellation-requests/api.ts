import { useMutation, useQuery } from "@tanstack/react-query";

import type { CancellationDecline, CancellationRequestList, CancellationRequestView } from "../../../shared/schemas/cancellation-requests.ts";

import type { CancellationRequest } from "../../../shared/schemas/sessions.ts";

import { api } from "../../lib/api-client.ts";

import { queryClient } from "../../lib/query-client.ts";

import { calendarKeys } from "../calendar/api.ts";
import { reportKeys } from "../session-reports/api.ts";
import type { Area, ManagerArea, FamilyArea } from "../../../shared/roles.ts";

export const cancellationKeys = {
  all: ["cancellation-requests"] as const,
  open: (area: ManagerArea) => [...cancellationKeys.all, "open", area] as const,
  session: (area: Area, sessionId: string) => [...cancellationKeys.all, "session", area, sessionId] as const,
};

const id = encodeURIComponent;

/** The open requests the tutor (their sessions) or an admin (all) decides. */
export const useOpenRequests = (area: ManagerArea) =>
  useQuery({ queryKey: cancellationKeys.open(area), queryFn: () => api.get<CancellationRequestList>(`/${area}/cancellation-requests`) });

/** The requests on a session: a family's own, or all of them for the tutor and admins. */
export const useSessionRequests = (area: Area, sessionId: string) =>
  useQuery({
    queryKey: cancellationKeys.session(area, sessionId),
    queryFn: () => api.get<CancellationRequestList>(`/${area}/sessions/${id(sessionId)}/cancellation-requests`),
  });

/** After asking or deciding: the requests, the session (its status) and the calendars. */
const afterWrite = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: cancellationKeys.all }),
    queryClient.invalidateQueries({ queryKey: reportKeys.all }),
    queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
  ]);

export function useAskToCancel(area: FamilyArea) {
  return useMutation({
    mutationFn: ({ sessionId, input }: { sessionId: string; input: CancellationRequest }) =>
      api.post<CancellationRequestView>(`/${area}/sessions/${id(sessionId)}/cancellation-requests`, input),
    onSuccess: afterWrite,
  });
}

export function useAcceptRequest(area: ManagerArea) {
  return useMutation({
    mutationFn: (requestId: string) => api.post<CancellationRequestView>(`/${area}/cancellation-requests/${id(requestId)}/accept`),
    onSuccess: afterWrite,
  });
}

export function useDeclineRequest(area: ManagerArea) {
  return useMutation({
    mutationFn: ({ requestId, input }: { requestId: string; input: CancellationDecline }) =>
      api.post<CancellationRequestView>(`/${area}/cancellation-requests/${id(requestId)}/decline`, input),
    onSuccess: afterWrite,
  });
}
