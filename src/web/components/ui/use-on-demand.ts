import { useCallback, useEffect, useRef, useState } from "react";
import { notifyError } from "../../lib/notify.ts";

export interface OnDemand<Module> {
  /** The module once loaded; until then the screen renders nothing of it. */
  module: Module | null;
  /**
   * Loads the module (once), then calls `then` after the screen has rendered it: a dialog
   * opened from `then` has mounted closed first, as Mantine's Modal needs in order to give the
   * focus back to the button that opened it. A failed load is told in a notification.
   */
  whenLoaded: (then: (module: Module) => void) => void;
  /** For the button that asks for it: starts the load when the button is pointed at or focused. */
  prefetch: { onPointerEnter: () => void; onFocus: () => void };
}

/**
 * Code that a screen needs only once its user acts (a dialog with its form and schema, an
 * inline form behind a button): imported on the click that asks for it, or a moment before
 * when its button is pointed at or focused, never with the page. After a failed load (the
 * connection dropped), the next click tries again.
 */
export function useOnDemand<Module>(importModule: () => Promise<Module>): OnDemand<Module> {
  const importer = useRef(importModule).current;
  const [module, setModule] = useState<Module | null>(null);
  const loading = useRef<Promise<Module> | null>(null);
  const rendered = useRef<((module: Module) => void) | null>(null);

  useEffect(() => {
    if (module) rendered.current?.(module);
  }, [module]);

  const load = useCallback(() => {
    loading.current ??= new Promise<Module>((resolve, reject) => {
      rendered.current = resolve;
      importer().then(
        (loaded) => setModule(() => loaded),
        (error: unknown) => {
          loading.current = null;
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
    return loading.current;
  }, [importer]);

  const whenLoaded = useCallback(
    (then: (module: Module) => void) => {
      load().then(then, () => notifyError("Could not open it", "This part of the page did not load: check the connection and try again."));
    },
    [load],
  );

  const prefetch = useCallback(() => {
    // A failed prefetch is tried again by the click, which tells it if it fails too.
    load().catch(() => undefined);
  }, [load]);

  return { module, whenLoaded, prefetch: { onPointerEnter: prefetch, onFocus: prefetch } };
}
