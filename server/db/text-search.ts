import { sql, type Placeholder } from 'drizzle-orm';

/**
 * The query of a full-text search (cards and Confer messages alike): the words stemmed as English (as titles
 * and bodies are indexed), or else all of them as written, which is how tags are indexed ('simple'):
 * "recsys" stems to "recsi", yet must find the tag `recsys`.
 */
export const tsQuery = (q: string | Placeholder) =>
  sql`(websearch_to_tsquery('english', cardweb_unaccent(${q})) || websearch_to_tsquery('simple', cardweb_unaccent(${q})))`;
