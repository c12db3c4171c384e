import { keepPreviousData, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { Availability, TutorDetail, TutorProfileUpdate, TutorStatus, tutorPageSchema } from "../../../shared/schemas/tutors.ts";
import { api, apiFetch } from "../../lib/api-client.ts";
import { queryClient } from "../../lib/query-client.ts";

export type TutorPage = z.infer<typeof tutorPageSchema>;

/** The filters of the tutors list, as the URL holds them. */
export interface TutorFilters {
  q: string;
  status: TutorStatus | null;
  page: number;
}

export const TUTORS_PAGE_SIZE = 25;

export const tutorKeys = {
  all: ["tutors"] as const,
  lists: () => [...tutorKeys.all, "list"] as const,
  list: (filters: TutorFilters) => [...tutorKeys.lists(), filters] as const,
  options: (q: string) => [...tutorKeys.all, "options", q] as const,
  detail: (memberId: string) => [...tutorKeys.all, "detail", memberId] as const,
};

const tutorPath = (memberId: string) => `/admin/tutors/${encodeURIComponent(memberId)}`;

function tutorQueryString(filters: TutorFilters, pageSize = TUTORS_PAGE_SIZE): string {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set("q", filters.q.trim());
  if (filters.status) params.set("status", filters.status);
  params.set("page", String(filters.page));
  params.set("pageSize", String(pageSize));
  return params.toString();
}

export const fetchTutors = (filters: TutorFilters, pageSize?: number) => api.get<TutorPage>(`/admin/tutors?${tutorQueryString(filters, pageSize)}`);

export const tutorsQuery = (filters: TutorFilters) =>
  queryOptions({ queryKey: tutorKeys.list(filters), queryFn: () => fetchTutors(filters), placeholderData: keepPreviousData, staleTime: 0 });
export const useTutors = (filters: TutorFilters) => useQuery(tutorsQuery(filters));

/** Tutors whose name or email matches (the first 50), for the "assign a tutor" picker. */
export const useTutorOptions = (q: string, enabled: boolean) =>
  useQuery({ queryKey: tutorKeys.options(q), queryFn: () => fetchTutors({ q, status: null, page: 1 }, 50), placeholderData: keepPreviousData, enabled });

export const tutorQuery = (memberId: string) =>
  queryOptions({ queryKey: tutorKeys.detail(memberId), queryFn: () => api.get<TutorDetail>(tutorPath(memberId)), retry: false });
export const useTutor = (memberId: string) => useQuery(tutorQuery(memberId));

function saved(tutor: TutorDetail) {
  queryClient.setQueryData(tutorKeys.detail(tutor.memberId), tutor);
  return queryClient.invalidateQueries({ queryKey: tutorKeys.lists() });
}

export function useUpdateTutor(memberId: string) {
  return useMutation({
    mutationFn: (changes: TutorProfileUpdate) => api.patch<TutorDetail>(tutorPath(memberId), changes),
    onSuccess: saved,
  });
}

export function useUpdateAvailability(memberId: string) {
  return useMutation({
    mutationFn: (availability: Availability) => apiFetch<TutorDetail>(`${tutorPath(memberId)}/availability`, { method: "PUT", json: availability }),
    onSuccess: saved,
  });
}
