import { lazy, Suspense } from "react";
import { useConnectionError } from "../../lib/connection-error.ts";

// Loaded only when a connection error happens: every page stays lighter for it.
const ConnectionErrorBanner = lazy(() => import("./connection-error-banner.tsx"));

/** Shows the held connection error until it is dismissed. */
export function ConnectionErrorGate() {
  const error = useConnectionError();
  if (!error) return null;
  return (
    <Suspense fallback={null}>
      <ConnectionErrorBanner />
    </Suspense>
  );
}
