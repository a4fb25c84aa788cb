import { sql, type Placeholder } from 'drizzle-orm';

/**
 * The query of a full-text search (cards and Confer messages alike): the words stemmed as English (as titles
 * and bodies are indexed), or else all of them as written, which is how tags are indexed ('simple'):
 * "recsys" stems to "recsi", yet must find the tag `recsys`.
 */
export const tsQuery = (q: string | Placeholder) =>
  sql`(websearch_to_tsquery('english', cardweb_unaccent(${q})) || websearch_to_tsquery('simple', cardweb_unaccent(${q})))`;

/**
 * The lexemes `tsQuery` makes of a one-word query (its English stem and the word as written, once each if
 * they are the same), which the first tier's posting lists are read by.
 */
export const oneWordLexemes = (q: string | Placeholder) =>
  sql`tsvector_to_array(to_tsvector('english', cardweb_unaccent(${q})) || to_tsvector('simple', cardweb_unaccent(${q})))`;
