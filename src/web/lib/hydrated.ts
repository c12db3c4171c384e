import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False during the first render of a pre-rendered page (the hydration, which must match the
 * HTML built without the address's query string or anything of this browser), true after it and
 * on every client-side render. What depends on the query string shows once this is true.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
