import { snippetMarks } from '../../../contracts/cards.ts';
import { foldWord, isStopWord, stemOf } from './english.ts';

/**
 * Search snippets: a few dozen words of a card's plain text around the first word that matches the query,
 * with the matching words between `snippetMarks`. PostgreSQL finds the cards; the snippets are made here, with
 * the same rules as its English search (see `english.ts`), so "ranked" marks "ranking". Asking PostgreSQL for them (`ts_headline`)
 * took a tenth of each search's time.
 */

/** At most this many words in a snippet (as `ts_headline`'s MaxWords). */
const SNIPPET_WORDS = 35;
/** Words shown before the first match, so a snippet does not start on it. */
const WORDS_BEFORE = 6;

/** The words of a query that a snippet marks. */
export type QueryTerms = { words: Set<string>; stems: Set<string>; prefixes: Set<string> };

const WORD = /[\p{L}\p{N}]+/gu;
const PREFIX = 3;

/**
 * The words of `q` that snippets mark: every word but the stop words and the excluded ones (`-word`, as
 * `websearch_to_tsquery` reads a query), folded and stemmed.
 */
export function queryTerms(q: string): QueryTerms {
  const terms: QueryTerms = { words: new Set(), stems: new Set(), prefixes: new Set() };
  for (const match of q.matchAll(WORD)) {
    const excluded =
      match.index > 0 && q[match.index - 1] === '-' && !/[\p{L}\p{N}]/u.test(q[match.index - 2] ?? '');
    const word = foldWord(match[0]);
    if (excluded || isStopWord(word)) continue;
    terms.words.add(word);
    const wordStem = stemOf(word);
    terms.stems.add(wordStem);
    // A word's stem is the word with its ending changed, so a text word can only share it if it starts alike.
    terms.prefixes.add(wordStem.slice(0, PREFIX));
  }
  return terms;
}

function matches(token: string, terms: QueryTerms): boolean {
  const word = foldWord(token);
  if (terms.words.has(word)) return true;
  if (!terms.prefixes.has(word.slice(0, PREFIX)) || isStopWord(word)) return false;
  return terms.stems.has(stemOf(word));
}

type Token = { at: number; text: string };

/** The words of `text`, one at a time. */
function* wordsOf(text: string): Generator<Token> {
  const word = new RegExp(WORD.source, 'gu');
  for (let match = word.exec(text); match; match = word.exec(text)) yield { at: match.index, text: match[0] };
}

/**
 * The snippet of `text` for `terms`: up to SNIPPET_WORDS words from a little before the first matching word
 * (from the start when none matches), ending at the space after the last, every matching word marked. Only
 * the words up to the first match and the snippet's own are looked at.
 */
export function snippetOf(text: string, terms: QueryTerms): string {
  let window: Token[] = [];
  let found = false;
  let skipped = false;
  for (const token of wordsOf(text)) {
    if (!found) {
      found = matches(token.text, terms);
      // Before the first match only the last few words are kept: the ones the snippet shows before it.
      if (!found && window.length === WORDS_BEFORE) {
        window.shift();
        skipped = true;
      }
    }
    window.push(token);
    if (found && window.length === SNIPPET_WORDS) break;
  }
  if (!found) {
    window = [];
    for (const token of wordsOf(text)) if (window.push(token) === SNIPPET_WORDS) break;
    skipped = false;
  }
  const first = window[0];
  const last = window.at(-1);
  if (!first || !last) return text.trim();

  const lastEnd = last.at + last.text.length;
  const space = text.slice(lastEnd).search(/\s/);
  const end = space === -1 ? text.length : lastEnd + space;
  let snippet = '';
  // A snippet from the first word keeps whatever comes before it (an opening bracket or quote).
  let at = skipped ? first.at : 0;
  for (const token of window) {
    if (!matches(token.text, terms)) continue;
    snippet += `${text.slice(at, token.at)}${snippetMarks.start}${token.text}${snippetMarks.end}`;
    at = token.at + token.text.length;
  }
  return (snippet + text.slice(at, end)).trim();
}
