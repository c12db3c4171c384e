import { useCallback, useEffect, useRef } from "react";
import { useLocation, useNavigationType, useSearchParams, type NavigateOptions } from "react-router";

export type SearchParamsChange = (next: URLSearchParams) => void;

/**
 * A screen's state kept in the URL's query (filters, search, page), changed step by step.
 *
 * React Router's functional `setSearchParams` starts from the query of the last render, so two
 * changes in a row lose the first when the URL has not caught up yet: choosing "All roles" and
 * then typing a search (sent after a pause) kept the old role when the first navigation was
 * still loading. Here each change starts from the last query asked for until the URL shows it
 * (or Back and Forward move elsewhere).
 */
export function useUrlSearchParams(): [URLSearchParams, (change: SearchParamsChange, options?: NavigateOptions) => void] {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigationType = useNavigationType();
  const requested = useRef<URLSearchParams | null>(null);

  useEffect(() => {
    if (!requested.current) return;
    if (navigationType === "POP" || requested.current.toString() === params.toString()) requested.current = null;
  }, [location.key, navigationType, params]);

  const update = useCallback(
    (change: SearchParamsChange, options?: NavigateOptions) => {
      const next = new URLSearchParams(requested.current ?? params);
      change(next);
      requested.current = next;
      setParams(next, options);
    },
    [params, setParams],
  );
  return [params, update];
}
