import { ContentArticle } from "../../features/content/content-article.tsx";
import { loadContentPage } from "../../features/content/sources.ts";
import { pageMeta } from "../../lib/public-meta.ts";
import type { Route } from "./+types/case-study";
import { CONTENT_PAGE_HANDLE } from "../../lib/content-page.ts";

/** Runs at build time only: each case study is pre-rendered (react-router.config.ts lists them). */
export const loader = ({ pattern }: Route.LoaderArgs) => loadContentPage("case-studies", pattern);

export const handle = CONTENT_PAGE_HANDLE;

export const meta = ({ loaderData }: Route.MetaArgs) =>
  pageMeta({ title: `${loaderData.title} · Glassroom`, description: loaderData.description, type: "article" });

/** One case study, under the notice that it is an illustrative scenario. */
export default function CaseStudy({ loaderData }: Route.ComponentProps) {
  return (
    <ContentArticle
      entry={loaderData}
      html={loaderData.html}
      back={{ to: "/resources/case-studies", label: "All case studies" }}
      notice={{
        title: "Illustrative scenario",
        text: "This is not a customer story. The business and the people in it are invented to show how a tutoring business of this kind could run on Glassroom as it is today; nothing here is a testimonial.",
      }}
    />
  );
}
