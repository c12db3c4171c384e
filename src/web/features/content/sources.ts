import { type ContentEntry, type ContentKind, newestFirst, parseEntry, renderBody, summaryOf } from "../../../../content/entries.ts";

/**
 * The Markdown content for the route loaders. Loaders run only at build time (the pages are
 * pre-rendered; their data ships as JSON beside the HTML), so neither the Markdown nor its
 * parser reaches the browser: this module is imported by loaders alone.
 */
const FILES: Record<ContentKind, Record<string, string>> = {
  blog: import.meta.glob<string>("/content/blog/*.md", { query: "?raw", import: "default", eager: true }),
  "case-studies": import.meta.glob<string>("/content/case-studies/*.md", { query: "?raw", import: "default", eager: true }),
};

function entries(kind: ContentKind): ContentEntry[] {
  return newestFirst(Object.entries(FILES[kind]).map(([file, text]) => parseEntry(kind, file.slice(file.lastIndexOf("/") + 1, -".md".length), text)));
}

/** The list page's data: every entry's title, description, date and address, newest first. */
export function listContent(kind: ContentKind) {
  return entries(kind).map(summaryOf);
}

/**
 * The data of the page whose route pattern this is (each page is a route of its own, at its
 * path: src/web/routes.ts), or a 404 response.
 */
export function loadContentPage(kind: ContentKind, pattern: string) {
  const entry = entries(kind).find((candidate) => candidate.path === pattern);
  if (!entry) throw new Response("Not Found", { status: 404 });
  return { ...summaryOf(entry), html: renderBody(entry) };
}
