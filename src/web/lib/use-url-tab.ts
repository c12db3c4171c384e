import { useCallback } from "react";
import { useUrlSearchParams } from "./url-search-params.ts";

/**
 * A screen's active tab kept in the URL (?tab=), so that Back, a reload and a shared link open
 * the same tab. The first of `tabs` is the default and leaves the query empty; an unknown value
 * reads as the default. Choosing a tab starts it with its own list: the other tab's search,
 * filters and page are left behind, and the page does not jump to the top.
 */
export function useUrlTab<T extends string>(tabs: readonly [T, ...T[]]): [T, (value: string | null) => void] {
  const [params, setParams] = useUrlSearchParams();
  const [fallback] = tabs;
  const isTab = useCallback((value: string | null): value is T => value !== null && (tabs as readonly string[]).includes(value), [tabs]);
  const requested = params.get("tab");
  const tab = isTab(requested) ? requested : fallback;
  const setTab = useCallback(
    (value: string | null) => {
      if (!isTab(value)) return;
      setParams(
        (next) => {
          for (const key of [...next.keys()]) next.delete(key);
          if (value !== fallback) next.set("tab", value);
        },
        { preventScrollReset: true },
      );
    },
    [isTab, fallback, setParams],
  );
  return [tab, setTab];
}
