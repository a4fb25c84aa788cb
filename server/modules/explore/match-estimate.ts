import { foldWord, isStopWord, stemOf } from '../../lib/text-search/english.ts';

/**
 * How many cards a search query matches, estimated the way PostgreSQL's planner does it (`tsmatchsel`), from
 * the same statistics: the frequencies of the most common lexemes of `cards.search_vector` that ANALYZE keeps.
 * Search picks how to read body matches by it (see `searchBodies`); asking PostgreSQL (EXPLAIN) cost a
 * planning round trip on every search.
 */

/** The statistics of the search vector: each common lexeme's share of cards, and the table's size. */
export type LexemeStats = {
  frequencies: ReadonlyMap<string, number>;
  /** The smallest share in the list: a lexeme not in it is rarer than this. */
  minimum: number;
  cards: number;
};

/** PostgreSQL's share for a lexeme it has no statistics for at all (DEFAULT_TS_MATCH_SEL). */
const DEFAULT_SHARE = 0.005;

type Term = { words: string[]; negated: boolean };
type Clause = Term[];

/**
 * The structure of a query as `websearch_to_tsquery` reads it: clauses joined by `or`, each an AND of terms; a
 * term is a word or a quoted phrase, negated by a leading `-`.
 */
function parse(q: string): Clause[] {
  const clauses: Clause[] = [[]];
  const pattern = /(-?)"([^"]*)"?|(-?)([\p{L}\p{N}]+)/gu;
  for (const match of q.matchAll(pattern)) {
    const negated = (match[1] ?? match[3]) === '-';
    const text = match[2] ?? match[4] ?? '';
    const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
    if (match[4] !== undefined && match[4].toLowerCase() === 'or' && !negated) {
      if ((clauses.at(-1) ?? []).length > 0) clauses.push([]);
      continue;
    }
    if (words.length > 0) clauses.at(-1)?.push({ words, negated });
  }
  return clauses.filter((clause) => clause.length > 0);
}

const and = (shares: number[]) => shares.reduce((product, share) => product * share, 1);
const or = (shares: number[]) => 1 - shares.reduce((product, share) => product * (1 - share), 1);

/**
 * The share of cards matching `q` (0–1), as the planner would estimate it. The query is the English form
 * (stemmed, stop words dropped) or the 'simple' form (every word as written), as search builds it.
 * `known` says whether any of its words is in the statistics: if none is, every word is rarer than the
 * rarest there, whatever the estimate says.
 */
export function estimateShare(q: string, stats: LexemeStats): { share: number; known: boolean } {
  const unknown = Math.min(DEFAULT_SHARE, stats.minimum / 2);
  let known = false;
  const shareOf = (lexeme: string) => {
    const share = stats.frequencies.get(lexeme);
    if (share === undefined) return unknown;
    known = true;
    return share;
  };
  const clauses = parse(q);
  // One form of the query: the clauses that keep a word in it, OR-ed; a term of stop words only is dropped, and
  // a query left with no words matches nothing.
  const form = (lexemesOf: (word: string) => string | undefined) => {
    const shares = clauses.flatMap((clause) => {
      const terms = clause.flatMap((term) => {
        const lexemes = term.words.flatMap((word) => lexemesOf(foldWord(word)) ?? []);
        if (lexemes.length === 0) return [];
        const share = and(lexemes.map(shareOf));
        return [term.negated ? 1 - share : share];
      });
      return terms.length === 0 ? [] : [and(terms)];
    });
    return shares.length === 0 ? 0 : or(shares);
  };
  const english = form((word) => (isStopWord(word) ? undefined : stemOf(word)));
  const simple = form((word) => word);
  return { share: or([english, simple]), known };
}
