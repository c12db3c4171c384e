import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { CONTENT_KINDS, type ContentEntry, type ContentKind, newestFirst, parseEntry } from "./entries.ts";

/**
 * The content files read from disk, for the server (sitemap) and the build configuration
 * (the pre-rendered paths). The web build reads the same files through Vite's import.meta.glob
 * (src/web/features/content/sources.ts): its server bundle no longer sits beside this folder.
 */
export function readContent(kind: ContentKind, root: string = import.meta.dirname): ContentEntry[] {
  const folder = path.join(root, CONTENT_KINDS[kind].folder);
  const files = readdirSync(folder).filter((name) => name.endsWith(".md"));
  return newestFirst(files.map((name) => parseEntry(kind, name.slice(0, -".md".length), readFileSync(path.join(folder, name), "utf8"))));
}

/** Every content entry of every kind. */
export function readAllContent(root?: string): ContentEntry[] {
  return (Object.keys(CONTENT_KINDS) as ContentKind[]).flatMap((kind) => readContent(kind, root));
}
