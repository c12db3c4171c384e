import { findPublicRoute } from "../../../shared/public-routes.ts";
import { ContentList } from "../../features/content/content-list.tsx";
import { listContent } from "../../features/content/sources.ts";
import { publicMetaFor } from "../../lib/public-meta.ts";
import type { Route } from "./+types/blog";
import { CONTENT_PAGE_HANDLE } from "../../lib/content-page.ts";

/** Runs at build time only (the page is pre-rendered). */
export const loader = () => ({ posts: listContent("blog") });

export const handle = CONTENT_PAGE_HANDLE;

export const meta = () => publicMetaFor("/resources/blog");

/** The blog: every post, newest first. */
export default function Blog({ loaderData }: Route.ComponentProps) {
  return (
    <ContentList
      title={findPublicRoute("/resources/blog")!.title}
      intro="Practical articles for people who run tutoring businesses: reporting to families, pricing, policies, hiring and student data. Written by the team that builds Glassroom."
      entries={loaderData.posts}
    />
  );
}
