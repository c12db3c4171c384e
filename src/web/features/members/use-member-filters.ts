import { useCallback, useMemo } from "react";
import { isMemberRole, MEMBERSHIP_STATUSES, type MembershipStatus } from "../../../shared/roles.ts";
import { useUrlSearchParams } from "../../lib/url-search-params.ts";
import type { MemberFilters } from "./api.ts";

const isStatus = (value: string | null): value is MembershipStatus => (MEMBERSHIP_STATUSES as readonly (string | null)[]).includes(value);

/**
 * The members list's search, filters and page live in the URL (?q=&role=&status=&page=), so that
 * Back, a reload and a shared link show the same list. Any change but the page goes to page 1.
 */
export function useMemberFilters(): [MemberFilters, (changes: Partial<MemberFilters>) => void] {
  const [params, setParams] = useUrlSearchParams();
  const filters = useMemo<MemberFilters>(() => {
    const role = params.get("role");
    const status = params.get("status");
    const page = Number(params.get("page"));
    return {
      q: params.get("q") ?? "",
      role: isMemberRole(role) ? role : null,
      status: isStatus(status) ? status : null,
      page: Number.isInteger(page) && page > 0 ? page : 1,
    };
  }, [params]);

  const update = useCallback(
    (changes: Partial<MemberFilters>) => {
      setParams(
        (next) => {
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === "" || (key === "page" && value === 1)) next.delete(key);
            else next.set(key, String(value));
          }
          if (!("page" in changes)) next.delete("page");
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );
  return [filters, update];
}
