import { ContentArticle } from "../../features/content/content-article.tsx";
import { loadContentPage } from "../../features/content/sources.ts";
import { pageMeta } from "../../lib/public-meta.ts";
import type { Route } from "./+types/blog-post";
import { CONTENT_PAGE_HANDLE } from "../../lib/content-page.ts";

/** Runs at build time only: each post is pre-rendered (react-router.config.ts lists them). */
export const loader = ({ pattern }: Route.LoaderArgs) => loadContentPage("blog", pattern);

export const handle = CONTENT_PAGE_HANDLE;

export const meta = ({ loaderData }: Route.MetaArgs) =>
  pageMeta({ title: `${loaderData.title} · Glassroom`, description: loaderData.description, type: "article" });

/** One blog post. */
export default function BlogPost({ loaderData }: Route.ComponentProps) {
  return <ContentArticle entry={loaderData} html={loaderData.html} back={{ to: "/resources/blog", label: "All articles" }} />;
}
