import { useCallback, useState } from "react";

/**
 * Whether a box is narrower than what it holds, so that it scrolls sideways: checked again
 * whenever the box or its content changes size (a narrower window, a wider row). Give the
 * returned ref to the box.
 */
export function useScrollsSideways<Element extends HTMLElement>(): [ref: (box: Element | null) => (() => void) | undefined, scrolls: boolean] {
  const [scrolls, setScrolls] = useState(false);
  const ref = useCallback((box: Element | null) => {
    if (!box || typeof ResizeObserver === "undefined") return undefined;
    const check = () => setScrolls(box.scrollWidth > box.clientWidth);
    const observer = new ResizeObserver(check);
    observer.observe(box);
    for (const child of box.children) observer.observe(child);
    return () => observer.disconnect();
  }, []);
  return [ref, scrolls];
}
