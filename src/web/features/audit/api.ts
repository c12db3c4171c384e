import { useInfiniteQuery } from "@tanstack/react-query";
import type { AuditAction, AuditPage } from "../../../shared/schemas/audit.ts";
import { api } from "../../lib/api-client.ts";

/** The audit log's filters; every one optional. Dates are YYYY-MM-DD in the workspace's time zone. */
export interface AuditFilters {
  actorUserId: string | null;
  action: AuditAction | null;
  studentId: string | null;
  from: string | null;
  to: string | null;
}

export const NO_AUDIT_FILTERS: AuditFilters = { actorUserId: null, action: null, studentId: null, from: null, to: null };
export const AUDIT_PAGE_SIZE = 50;

export const auditKeys = {
  all: ["audit"] as const,
  list: (filters: AuditFilters) => [...auditKeys.all, "list", filters] as const,
};

/** The filters as query parameters (shared by the list and the CSV download). */
export function auditParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return params;
}

export const auditCsvHref = (filters: AuditFilters) => {
  const query = auditParams(filters).toString();
  return `/api/admin/audit/export.csv${query ? `?${query}` : ""}`;
};

/** The workspace's audit log, newest first, a page at a time ("Load more" follows the cursor). */
export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: auditKeys.list(filters),
    queryFn: ({ pageParam }) => {
      const params = auditParams(filters);
      params.set("limit", String(AUDIT_PAGE_SIZE));
      if (pageParam) params.set("cursor", pageParam);
      return api.get<AuditPage>(`/admin/audit?${params}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
}
