import { marked } from "marked";

/**
 * The blog posts and case studies: Markdown files in content/blog and content/case-studies,
 * each with a front matter block of `key: value` lines between two `---` lines. The file name
 * is the page's slug (its address: the list's path, then the slug). Pure (no file system): the web build reads the files through Vite, the
 * server and the build configuration through content/files.ts.
 */
export const CONTENT_KINDS = {
  blog: { folder: "blog", listPath: "/resources/blog" },
  "case-studies": { folder: "case-studies", listPath: "/resources/case-studies" },
} as const;

export type ContentKind = keyof typeof CONTENT_KINDS;

export interface ContentSummary {
  kind: ContentKind;
  slug: string;
  path: string;
  title: string;
  description: string;
  /** ISO date, YYYY-MM-DD. */
  date: string;
  author: string;
}

export interface ContentEntry extends ContentSummary {
  /** The Markdown body, after the front matter. */
  body: string;
}

const FIELDS = ["title", "description", "date", "author"] as const;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Parses one file; a malformed one stops the build (or the server's start) with a sentence naming the file and the problem. */
export function parseEntry(kind: ContentKind, slug: string, text: string): ContentEntry {
  const where = `content/${CONTENT_KINDS[kind].folder}/${slug}.md`;
  if (!SLUG.test(slug)) throw new Error(`${where}: the file name must be lowercase words joined by hyphens (it is the page's address).`);
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`${where}: the file must start with a front matter block between two --- lines.`);
  const fields = new Map<string, string>();
  for (const line of match[1]!.split(/\r?\n/)) {
    if (line.trim() === "") continue;
    const separator = line.indexOf(":");
    if (separator < 1) throw new Error(`${where}: front matter line "${line}" is not "key: value".`);
    fields.set(line.slice(0, separator).trim(), line.slice(separator + 1).trim());
  }
  for (const field of FIELDS) {
    if (!fields.get(field)) throw new Error(`${where}: front matter needs a ${field}.`);
  }
  const date = fields.get("date")!;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) throw new Error(`${where}: date must be a day as YYYY-MM-DD, not "${date}".`);
  return {
    kind,
    slug,
    path: `${CONTENT_KINDS[kind].listPath}/${slug}`,
    title: fields.get("title")!,
    description: fields.get("description")!,
    date,
    author: fields.get("author")!,
    body: match[2]!,
  };
}

/** Newest first (then by title, so the order is stable). */
export function newestFirst<T extends ContentSummary>(entries: T[]): T[] {
  return [...entries].sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));
}

export function summaryOf({ body: _body, ...summary }: ContentEntry): ContentSummary {
  return summary;
}

/**
 * The body as HTML. The Markdown is ours (files in the repository, reviewed like code), so its
 * HTML is trusted; the body's first heading level is 2 (the page's own title is its h1).
 */
export function renderBody(entry: ContentEntry): string {
  return marked.parse(entry.body, { async: false, gfm: true });
}
