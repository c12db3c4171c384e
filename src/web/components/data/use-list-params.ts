import { useDebouncedCallback } from "@mantine/hooks";
import { useMemo, useState } from "react";
import { useUrlSearchParams } from "../../lib/url-search-params.ts";

/**
 * Each filter of a list and the values it may take, e.g. `{ role: MEMBER_ROLES, status: MEMBERSHIP_STATUSES }`,
 * or a test of the value for a filter whose values are records (a tutor's id).
 */
export type FilterChoices = Readonly<Record<string, readonly string[] | ((value: string) => boolean)>>;

/** A list's search, filters and page as the URL holds them (?q=&role=&status=&page=); no filter is null. */
export type ListParams<F extends FilterChoices> = { q: string; page: number } & {
  -readonly [K in keyof F]: (F[K] extends readonly string[] ? F[K][number] : string) | null;
};

const MAX_SEARCH = 100;
const MAX_PAGE = 100_000;

/** What is valid in the query, the rest ignored: an unknown filter value is no filter, a bad page is page 1. */
export function readListParams<F extends FilterChoices>(params: URLSearchParams, choices: F): ListParams<F> {
  const page = Number(params.get("page"));
  const list: Record<string, string | number | null> = {
    q: (params.get("q") ?? "").trim().slice(0, MAX_SEARCH),
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
  for (const [key, values] of Object.entries(choices)) {
    const value = params.get(key);
    const valid = typeof values === "function" ? values : (candidate: string) => values.includes(candidate);
    list[key] = value !== null && valid(value) ? value : null;
  }
  return list as ListParams<F>;
}

/** Only what differs from the defaults: the search, each filter set, the page past the first. */
export function writeListParams<F extends FilterChoices>(list: ListParams<F>, choices: F): URLSearchParams {
  const params = new URLSearchParams();
  const values = list as Record<string, string | number | null>;
  if (list.q) params.set("q", list.q);
  for (const key of Object.keys(choices)) {
    const value = values[key];
    if (value) params.set(key, String(value));
  }
  if (list.page > 1) params.set("page", String(list.page));
  return params;
}

/**
 * A server-paginated list's search, filters and page in the URL, so that Back, a reload and a
 * shared link show the same list. The search box updates the URL 300 ms after typing stops
 * (replacing the entry, so that Back does not step through every word); a filter or a page is
 * a new entry. A new search or filter starts at page 1. Each change applies to the query last
 * asked for (useUrlSearchParams), so a search sent after a pause keeps a filter chosen meanwhile.
 */
export function useListParams<F extends FilterChoices>(choices: F) {
  const [urlParams, setUrlParams] = useUrlSearchParams();
  const query = urlParams.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the query string stands for the params; the choices are constants
  const params = useMemo(() => readListParams(new URLSearchParams(query), choices), [query]);

  // The text in the search box runs ahead of the URL while typing. When the URL's search changes
  // to something other than what the box last sent (Back, Forward), the box shows it too.
  const [search, setSearchText] = useState(params.q);
  const [sentQ, setSentQ] = useState(params.q);
  const [seenQ, setSeenQ] = useState(params.q);
  if (params.q !== seenQ) {
    setSeenQ(params.q);
    if (params.q !== sentQ) {
      setSentQ(params.q);
      setSearchText(params.q);
    }
  }

  const apply = (changes: Partial<ListParams<F>>, replace: boolean) =>
    setUrlParams(
      (next) => {
        const written = writeListParams({ ...readListParams(next, choices), ...changes }, choices);
        for (const key of [...next.keys()]) next.delete(key);
        for (const [key, value] of written) next.set(key, value);
      },
      { replace, preventScrollReset: true },
    );
  const sendSearch = useDebouncedCallback((text: string) => {
    const q = text.trim().slice(0, MAX_SEARCH);
    setSentQ(q);
    apply({ q, page: 1 } as Partial<ListParams<F>>, true);
  }, 300);

  const filtered = params.q !== "" || Object.keys(choices).some((key) => (params as Record<string, unknown>)[key] !== null);

  return {
    /** The list as the URL holds it: what to ask the server for. */
    params,
    /** The search box's text (ahead of `params.q` while typing). */
    search,
    setSearch: (text: string) => {
      setSearchText(text);
      sendSearch(text);
    },
    /** Empties the search box and the URL's search at once (a clear button). */
    clearSearch: () => {
      sendSearch.cancel();
      setSearchText("");
      setSentQ("");
      apply({ q: "", page: 1 } as Partial<ListParams<F>>, true);
    },
    setFilter: <K extends keyof F & string>(key: K, value: ListParams<F>[K]) => apply({ [key]: value, page: 1 } as Partial<ListParams<F>>, false),
    setPage: (page: number) => apply({ page } as Partial<ListParams<F>>, false),
    /** No search, no filter, page 1. */
    clear: () => {
      sendSearch.cancel();
      setSearchText("");
      setSentQ("");
      const none = Object.fromEntries(Object.keys(choices).map((key) => [key, null]));
      apply({ ...none, q: "", page: 1 } as Partial<ListParams<F>>, false);
    },
    /** Whether a search or a filter narrows the list (an empty list then says "no match", not "none yet"). */
    filtered,
  };
}
