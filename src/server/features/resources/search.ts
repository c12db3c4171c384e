/**
 * The library's full-text search: each resource keeps a search document (PostgreSQL tsvector,
 * GIN-indexed) of its title (weight A), its description, category and tags (B) and the text of
 * its current version's file (C), in the English configuration (so "policies" finds "policy").
 * The service refreshes it whenever one of those changes; searches rank by it.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Transaction } from "../../db/tenant.ts";
import { resource } from "../../db/resources-schema.ts";

/** At most this much of a file's text is indexed (a tsvector holds at most 1 MB). */
export const INDEXED_TEXT_CHARACTERS = 200_000;

export async function refreshSearchDocument(tx: Transaction, organizationId: string, resourceId: string): Promise<void> {
  await tx.execute(sql`
    update resource r set search_document =
      setweight(to_tsvector('english', r.title), 'A') ||
      setweight(to_tsvector('english', r.description || ' ' || r.category || ' ' || array_to_string(r.tags, ' ')), 'B') ||
      setweight(to_tsvector('english', left(coalesce(v.extracted_text, ''), ${INDEXED_TEXT_CHARACTERS})), 'C')
    from resource_version v
    where r.organization_id = ${organizationId} and r.id = ${resourceId}
      and v.organization_id = r.organization_id and v.resource_id = r.id and v.version = r.current_version`);
}

/** The query a search text makes: words people type, quoted phrases, "or", "-word" (websearch syntax, which never fails to parse). */
export const searchQueryOf = (text: string): SQL => sql`websearch_to_tsquery('english', ${text})`;

export const matchesSearch = (text: string): SQL => sql`${resource.searchDocument} @@ ${searchQueryOf(text)}`;

export const searchRank = (text: string): SQL<number> => sql<number>`ts_rank(${resource.searchDocument}, ${searchQueryOf(text)})`;

/** A short excerpt of where the search matched (description, or the file's text), words marked « ». */
export const searchExcerpt = (text: string): SQL<string | null> =>
  sql<
    string | null
  >`ts_headline('english', ${resource.description} || ' ' || left(coalesce((select extracted_text from resource_version v where v.organization_id = ${resource.organizationId} and v.resource_id = ${resource.id} and v.version = ${resource.currentVersion}), ''), 20000), ${searchQueryOf(text)}, 'StartSel=«, StopSel=», MaxWords=24, MinWords=10, MaxFragments=1')`;
