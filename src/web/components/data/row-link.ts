import type { MouseEvent } from "react";
import { useNavigate } from "react-router";

/**
 * A whole table row as a target for the mouse (keyboards and screen readers use the link in
 * the row): a click that is not on a link or button, and not the end of a text selection,
 * opens the row's page.
 */
export function useRowLink<T>(hrefOf: (item: T) => string) {
  const navigate = useNavigate();
  return (item: T) => (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest("a, button") || window.getSelection()?.toString()) return;
    void navigate(hrefOf(item));
  };
}
