import { useContext } from "react";
import { UNSAFE_FrameworkContext, useMatches } from "react-router";

/**
 * A content page is pre-rendered HTML that reads and works completely without JavaScript:
 * it ships without React's client bundle (the root leaves out React Router's scripts and
 * module preloads) and loads only a small plain script, src/web/content-page-script.js (about
 * 1.3 KB of gzip: the theme switch, the Copy buttons, the menus' Escape; its comment lists the
 * rest). A route declares it by exporting this as its `handle`; a page with a form or anything
 * else that needs React must not (docs/decisions/029).
 */
export const CONTENT_PAGE_HANDLE = { contentPage: true } as const;

function isContentPageHandle(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && "contentPage" in handle && handle.contentPage === true;
}

/**
 * True while a content page is pre-rendered: the root then leaves out the framework's scripts.
 * Not in the browser (a page the client router renders after a client-side navigation keeps the
 * scripts that run it), and not for the SPA fallback, which is rendered at "/" (where the home
 * page's handle matches) but is the page of every screen that needs JavaScript.
 */
export function useIsPrerenderedContentPage(): boolean {
  const framework = useContext(UNSAFE_FrameworkContext);
  const declared = useMatches().some((match) => isContentPageHandle(match.handle));
  return declared && typeof document === "undefined" && framework?.isSpaMode === false;
}
