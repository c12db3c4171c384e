import { useSyncExternalStore } from "react";

/**
 * Connection errors are held in state until dismissed, so that a failure
 * seen in the background stays visible. A later success does not clear it by itself.
 */
export interface ConnectionError {
  message: string;
  retryable: boolean;
}

let current: ConnectionError | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function reportConnectionError(error: ConnectionError): void {
  current = { message: error.message, retryable: error.retryable };
  emit();
}

export function clearConnectionError(): void {
  current = null;
  emit();
}

export function useConnectionError(): ConnectionError | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}
