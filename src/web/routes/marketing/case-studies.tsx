import { findPublicRoute } from "../../../shared/public-routes.ts";
import { ContentList } from "../../features/content/content-list.tsx";
import { listContent } from "../../features/content/sources.ts";
import { publicMetaFor } from "../../lib/public-meta.ts";
import type { Route } from "./+types/case-studies";
import { CONTENT_PAGE_HANDLE } from "../../lib/content-page.ts";

/** Runs at build time only (the page is pre-rendered). */
export const loader = () => ({ studies: listContent("case-studies") });

export const handle = CONTENT_PAGE_HANDLE;

export const meta = () => publicMetaFor("/resources/case-studies");

/** The case studies: illustrative scenarios, and the list says so before anything else. */
export default function CaseStudies({ loaderData }: Route.ComponentProps) {
  return (
    <ContentList
      title={findPublicRoute("/resources/case-studies")!.title}
      intro="These are illustrative scenarios, not customer stories: each describes a typical kind of tutoring business and how it could run on Glassroom as it is today. The businesses and people in them are invented, and nothing in them is a testimonial."
      entries={loaderData.studies}
    />
  );
}
