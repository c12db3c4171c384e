import { useDebouncedCallback } from "@mantine/hooks";
import { useState } from "react";
import { useUrlSearchParams } from "../../lib/url-search-params.ts";

/** Filters of a server-paginated list as the URL holds them (?q=&status=&page=). */
export interface ListFilters<S extends string> {
  q: string;
  status: S | null;
  page: number;
}

export function readListFilters<S extends string>(params: URLSearchParams, statuses: readonly S[]): ListFilters<S> {
  const status = params.get("status");
  const page = Number(params.get("page"));
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    status: status && (statuses as readonly string[]).includes(status) ? (status as S) : null,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

export function writeListFilters<S extends string>(filters: ListFilters<S>): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.status) params.set("status", filters.status);
  if (filters.page > 1) params.set("page", String(filters.page));
  return params;
}

/**
 * The list's filters in the URL (so that Back and a shared link keep them): the search box
 * updates the URL 300 ms after typing stops; a new search or status starts at page 1.
 */
export function useListFilters<S extends string>(statuses: readonly S[]) {
  const [params, setParams] = useUrlSearchParams();
  const filters = readListFilters(params, statuses);
  const [search, setSearchText] = useState(filters.q);

  // Each change applies to the filters last asked for, so a search sent after a pause keeps a status chosen meanwhile.
  const apply = (changes: Partial<ListFilters<S>>, replace = false) =>
    setParams(
      (next) => {
        const written = writeListFilters({ ...readListFilters(next, statuses), ...changes });
        for (const key of [...next.keys()]) next.delete(key);
        for (const [key, value] of written) next.set(key, value);
      },
      { replace, preventScrollReset: true },
    );
  const applySearch = useDebouncedCallback((q: string) => apply({ q: q.trim(), page: 1 }, true), 300);

  return {
    filters,
    search,
    setSearch: (text: string) => {
      setSearchText(text);
      applySearch(text);
    },
    setStatus: (status: S | null) => apply({ status, page: 1 }),
    setPage: (page: number) => apply({ page }),
    clear: () => {
      applySearch.cancel();
      setSearchText("");
      apply({ q: "", status: null, page: 1 });
    },
    filtered: filters.q !== "" || filters.status !== null,
  };
}
