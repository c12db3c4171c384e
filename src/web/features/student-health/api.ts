import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import type {
  FamilyHealthList,
  FamilyHealthRules,
  HealthBand,
  HealthCardView,
  HealthListPage,
  HealthListSort,
  HealthRuleKey,
  OwnHealth,
  SortDirection,
} from "../../../shared/schemas/student-health.ts";
import type { HealthRulesPreviewQueued, HealthRulesPreviewRequest, HealthRulesPreviewState } from "../../../shared/schemas/student-health-preview.ts";
import type { HealthRules, HealthRulesHistory, HealthRulesPublish, HealthRulesVersion } from "../../../shared/schemas/student-health.ts";
import { api, ApiError } from "../../lib/api-client.ts";
import { queryClient } from "../../lib/query-client.ts";

/** The areas that read a student's whole card (the student reads their own figures elsewhere). */
export type HealthCardArea = "admin" | "tutor" | "parent";

export const healthKeys = {
  all: ["student-health"] as const,
  card: (area: HealthCardArea, studentId: string) => [...healthKeys.all, "card", area, studentId] as const,
  lists: () => [...healthKeys.all, "list"] as const,
  list: (area: HealthListArea, filters: HealthListFilters) => [...healthKeys.lists(), area, filters] as const,
  familyList: () => [...healthKeys.all, "family-list"] as const,
};

export const useHealthCard = (area: HealthCardArea, studentId: string) =>
  useQuery({
    queryKey: healthKeys.card(area, studentId),
    queryFn: () => api.get<HealthCardView>(`/${area}/students/${encodeURIComponent(studentId)}/health`),
  });

/** The rules families read (the parent's thresholds page) and the student's own figures (their profile). */
export const familyHealthRulesKey = [...healthKeys.all, "family-rules"] as const;
export const ownHealthKey = [...healthKeys.all, "own"] as const;

export const useFamilyHealthRules = () => useQuery({ queryKey: familyHealthRulesKey, queryFn: () => api.get<FamilyHealthRules>("/parent/health/rules") });

export const useOwnHealth = () => useQuery({ queryKey: ownHealthKey, queryFn: () => api.get<OwnHealth>("/student/health") });

// ---- The rules editor (/admin/health/rules): the rules in force, every version, preview and publish ----

export const healthRulesKeys = {
  all: () => [...healthKeys.all, "rules"] as const,
  current: () => [...healthRulesKeys.all(), "current"] as const,
  versions: () => [...healthRulesKeys.all(), "versions"] as const,
  preview: (previewId: string) => [...healthRulesKeys.all(), "preview", previewId] as const,
};

export const useHealthRules = () => useQuery({ queryKey: healthRulesKeys.current(), queryFn: () => api.get<HealthRulesVersion>("/admin/health/rules") });

export const useHealthRuleVersions = () =>
  useQuery({ queryKey: healthRulesKeys.versions(), queryFn: () => api.get<HealthRulesHistory>("/admin/health/rules/versions") });

/** How often a preview still queued is read again. */
export const PREVIEW_POLL_MS = 1_000;

/** A preview's state, read again every second while its job has not finished. */
export const useHealthRulesPreview = (previewId: string | null) =>
  useQuery({
    queryKey: healthRulesKeys.preview(previewId ?? ""),
    queryFn: () => api.get<HealthRulesPreviewState>(`/admin/health/rules/previews/${encodeURIComponent(previewId!)}`),
    enabled: previewId !== null,
    refetchInterval: (query) => (query.state.status === "success" && query.state.data?.status === "queued" ? PREVIEW_POLL_MS : false),
  });

/** Where the preview asked for last stands (usePreviewHealthRules). */
export type HealthRulesPreviewPhase = "idle" | "running" | "done" | "failed" | "error";

/**
 * Who would change band under the rules proposed (no card changes). Scoring every active
 * student takes a while in a large workspace, so the request only queues it: the preview
 * asked for last is then polled until its job has finished. Asking again supersedes the
 * preview before, whose answers are no longer read.
 */
export function usePreviewHealthRules() {
  const [asked, setAsked] = useState<{ id: string; rules: HealthRules } | null>(null);
  // Which request is the newest: an older one answering late must not replace it.
  const latest = useRef(0);
  const request = useMutation({
    mutationFn: (input: HealthRulesPreviewRequest) => api.post<HealthRulesPreviewQueued>("/admin/health/rules/preview", input),
  });
  const state = useHealthRulesPreview(asked?.id ?? null);

  const start = (rules: HealthRules, options: { onError?: (error: Error) => void } = {}) => {
    const mine = ++latest.current;
    // The preview before is superseded at once: its result no longer answers the rules asked about.
    setAsked(null);
    request.mutate(
      { rules },
      {
        onSuccess: (queued) => {
          if (mine === latest.current) setAsked({ id: queued.id, rules });
        },
        onError: (error) => {
          if (mine === latest.current) options.onError?.(error);
        },
      },
    );
  };
  const reset = () => {
    latest.current++;
    request.reset();
    setAsked(null);
  };

  const preview = state.data && state.data.id === asked?.id ? state.data : undefined;
  const error = request.error ?? (asked ? state.error : null);
  const finished = preview?.status === "done" || preview?.status === "failed" ? preview.status : null;
  const phase: HealthRulesPreviewPhase = error ? "error" : request.isPending || (asked && !finished) ? "running" : (finished ?? "idle");
  return {
    start,
    reset,
    /**
     * Where the preview asked for last stands: idle before any (or after reset), running from the
     * request until its job finishes, then done or failed; error when the request was refused
     * (bad rules: on their fields) or the preview could not be read.
     */
    phase,
    /** The request itself is on its way. */
    isSending: request.isPending,
    /** The rules of the preview asked for last. */
    rules: asked?.rules ?? null,
    result: preview?.status === "done" ? (preview.result ?? null) : null,
    /** Why the job failed, in plain words. */
    failure: preview?.status === "failed" ? (preview.error ?? "The preview could not be completed.") : null,
    error,
  };
}

/** Refused because another version was published since the one edited. */
export const isStaleRulesEdit = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.issues.some((issue) => issue.path[0] === "baseVersion");

/**
 * Publishes the next version; after it the versions are read again. A stale edit (another
 * version published since) reads the rules again, after `onStale` is told why.
 */
export function usePublishHealthRules(onStale?: (message: string) => void) {
  return useMutation({
    mutationFn: (input: HealthRulesPublish) => api.put<HealthRulesVersion>("/admin/health/rules", input),
    onSuccess: async (published) => {
      queryClient.setQueryData(healthRulesKeys.current(), published);
      await queryClient.invalidateQueries({ queryKey: healthRulesKeys.versions() });
    },
    onError: async (error) => {
      if (!isStaleRulesEdit(error)) return;
      onStale?.(error.message);
      await queryClient.invalidateQueries({ queryKey: healthRulesKeys.all() });
    },
  });
}

// ---- The lists of cards: the workspace's by risk (/admin/health), a tutor's caseload, a family's children ----

export type HealthListArea = "admin" | "tutor";

/** What a health list asks for; null is no filter (and the server's order: highest risk first). */
export interface HealthListFilters {
  q: string;
  band: HealthBand | null;
  rule: HealthRuleKey | null;
  tutorId: string | null;
  sort: HealthListSort | null;
  direction: SortDirection | null;
  page: number;
  pageSize: number;
}

export const HEALTH_LIST_PAGE_SIZE = 25;

export function healthListQueryString(filters: HealthListFilters): string {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set("q", filters.q.trim());
  for (const key of ["band", "rule", "tutorId", "sort", "direction"] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  params.set("page", String(filters.page));
  params.set("pageSize", String(filters.pageSize));
  return params.toString();
}

/** A page of the workspace's students (admin) or of the tutor's caseload, by their stored cards. */
export const useHealthList = (area: HealthListArea, filters: HealthListFilters) =>
  useQuery({
    queryKey: healthKeys.list(area, filters),
    queryFn: () => api.get<HealthListPage>(`/${area}/health/students?${healthListQueryString(filters)}`),
    placeholderData: keepPreviousData,
  });

/** The parent's children with the family's score, band and top reason. */
export const useFamilyHealthList = () => useQuery({ queryKey: healthKeys.familyList(), queryFn: () => api.get<FamilyHealthList>("/parent/health/students") });
