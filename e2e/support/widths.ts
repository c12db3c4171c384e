/**
 * The widths every page is checked at (phones to desktops, and both sides of the header's
 * 1,200 px break), and what pushes a page sideways when it scrolls so.
 */
import type { Page } from "@playwright/test";

export const WIDTHS = [320, 768, 992, 1100, 1199, 1200, 1440] as const;

export interface Sideways {
  /** How many pixels the document is wider than the window. */
  overflow: number;
  /** The innermost elements reaching past the window's right edge (outside any scrolling container). */
  culprits: string[];
}

export function sideways(page: Page): Promise<Sideways> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const overflow = root.scrollWidth - root.clientWidth;
    // Measuring every element is slow on a long page: only a page that scrolls needs its culprits.
    if (overflow <= 0) return { overflow: 0, culprits: [] };
    const limit = root.clientWidth + 1;
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== root && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== "visible") return true;
      }
      return false;
    };
    const reaching = [...document.body.querySelectorAll("*")].filter((element) => element.getBoundingClientRect().right > limit && !clipped(element));
    const innermost = reaching.filter((element) => !reaching.some((other) => other !== element && element.contains(other)));
    const describe = (element: Element) => {
      const classes = [...element.classList].slice(0, 3).join(".");
      const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ""} (right ${Math.round(element.getBoundingClientRect().right)} px) "${text}"`;
    };
    return { overflow, culprits: innermost.slice(0, 5).map(describe) };
  });
}
