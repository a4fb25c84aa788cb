import { snippetMarks } from '../../../contracts/cards.ts';
import { foldWord, isAscii, isStopWord, stemOf } from './english.ts';

/**
 * Search snippets: a few dozen words of a card's plain text around the first word that matches the query,
 * with the matching words between `snippetMarks`. PostgreSQL finds the cards; the snippets are made here, with
 * the same rules as its English search (see `english.ts`), so "ranked" marks "ranking". Asking PostgreSQL for them (`ts_headline`)
 * took a tenth of each search's time.
 *
 * A word is a run of letters and digits (`[\p{L}\p{N}]+`). Search makes a snippet for every result on a page,
 * so little of the text is read word by word: where the text is ASCII, the query's needles (`indexOf` in the
 * lower-cased text) are the only places a match can start, the words before the first match are read back
 * from it, and the snippet's last word is found with one expression.
 */

/** At most this many words in a snippet (as `ts_headline`'s MaxWords). */
const SNIPPET_WORDS = 35;
/** Words shown before the first match, so a snippet does not start on it. */
const WORDS_BEFORE = 6;

/** The words of a query that a snippet marks. */
export type QueryTerms = {
  words: Set<string>;
  stems: Set<string>;
  prefixes: Set<string>;
  /**
   * What every matching word starts with once folded: one of the words, or one of the stems' prefixes. The
   * empty string is left out; only a word that folding erases (halfwidth sound marks) starts with nothing.
   */
  needles: string[];
  /** The needles' first characters: a word starting with an ASCII character not among them cannot match. */
  initials: Set<string>;
};

const WORD = /[\p{L}\p{N}]+/gu;
const PREFIX = 3;

/**
 * The words of `q` that snippets mark: every word but the stop words and the excluded ones (`-word`, as
 * `websearch_to_tsquery` reads a query), folded and stemmed.
 */
export function queryTerms(q: string): QueryTerms {
  const words = new Set<string>();
  const stems = new Set<string>();
  const prefixes = new Set<string>();
  for (const match of q.matchAll(WORD)) {
    const excluded =
      match.index > 0 && q[match.index - 1] === '-' && !/[\p{L}\p{N}]/u.test(q[match.index - 2] ?? '');
    const word = foldWord(match[0]);
    if (excluded || isStopWord(word)) continue;
    words.add(word);
    const wordStem = stemOf(word);
    stems.add(wordStem);
    // A word's stem is the word with its ending changed, so a text word can only share it if it starts alike.
    prefixes.add(wordStem.slice(0, PREFIX));
  }
  const needles = [...new Set([...words, ...prefixes])].filter((needle) => needle !== '');
  return { words, stems, prefixes, needles, initials: new Set(needles.map((needle) => needle[0] ?? '')) };
}

/** Whether the word (as written) is one the query marks. */
function matches(word: string, terms: QueryTerms): boolean {
  const folded = foldWord(word);
  if (terms.words.has(folded)) return true;
  if (!terms.prefixes.has(folded.slice(0, PREFIX)) || isStopWord(folded)) return false;
  return terms.stems.has(stemOf(folded));
}

/** Whether the word at [start, end) of `text` is one the query marks. */
function matchesAt(text: string, start: number, end: number, terms: QueryTerms): boolean {
  // An ASCII first letter folds to itself in lower case, and a matching word's folded form starts with a
  // needle: most words are turned away here, before anything is sliced or folded.
  const first = text.charCodeAt(start);
  if (first < 128 && !terms.initials.has(String.fromCharCode(first).toLowerCase())) return false;
  return matches(text.slice(start, end), terms);
}

// ---------------------------------------------------------------------------------------------------------
// Words, read with character codes (no expression or object per word)

/** 1 for the ASCII letters and digits, the only ASCII characters in `\p{L}` or `\p{N}`. */
const ASCII_WORD_CHARS = Uint8Array.from({ length: 128 }, (_, code) =>
  /[0-9A-Za-z]/.test(String.fromCharCode(code)) ? 1 : 0,
);
const WORD_CHAR = /^[\p{L}\p{N}]$/u;
/** For each character of the Basic Multilingual Plane, once asked: 1 for a letter or digit, 2 for not. */
const bmpWordChars = new Uint8Array(0x10000);

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * The length of the letter or digit at `i` (2 for one written as a surrogate pair), or 0 when there is none.
 * `i` must not be the middle of a surrogate pair.
 */
function wordCharAt(text: string, i: number): number {
  const code = text.charCodeAt(i);
  if (code < 128) return ASCII_WORD_CHARS[code] ?? 0;
  if (Number.isNaN(code)) return 0;
  if (isHighSurrogate(code) && isLowSurrogate(text.charCodeAt(i + 1)))
    return WORD_CHAR.test(text.slice(i, i + 2)) ? 2 : 0;
  let known = bmpWordChars[code];
  if (!known) bmpWordChars[code] = known = WORD_CHAR.test(text.charAt(i)) ? 1 : 2;
  return known === 1 ? 1 : 0;
}

/** The length of the letter or digit that ends at `end`, or 0 when there is none. */
function wordCharBefore(text: string, end: number): number {
  if (end <= 0) return 0;
  const pair =
    end >= 2 && isLowSurrogate(text.charCodeAt(end - 1)) && isHighSurrogate(text.charCodeAt(end - 2));
  return pair ? wordCharAt(text, end - 2) : wordCharAt(text, end - 1);
}

/** The start of the first word at or after `from`, or -1. */
function nextWord(text: string, from: number): number {
  // A character that is no letter or digit is skipped one code unit at a time: the second half of a
  // surrogate pair is never a letter on its own either.
  for (let i = from; i < text.length; i++) if (wordCharAt(text, i) > 0) return i;
  return -1;
}

/** The end of the word that starts at `start`. */
function wordEnd(text: string, start: number): number {
  let end = start;
  for (let width = wordCharAt(text, end); width > 0; width = wordCharAt(text, end)) end += width;
  return end;
}

/** The start of the word that ends at `end`. */
function wordStart(text: string, end: number): number {
  let start = end;
  for (let width = wordCharBefore(text, start); width > 0; width = wordCharBefore(text, start))
    start -= width;
  return start;
}

/** The start of the word before the one starting at `start` (walking back over what separates them), or -1. */
function previousWord(text: string, start: number): number {
  let end = start;
  while (end > 0 && wordCharBefore(text, end) === 0) end--;
  return end > 0 ? wordStart(text, end) : -1;
}

// ---------------------------------------------------------------------------------------------------------
// Matches

/** A text being searched for matching words, with what finds them quickly. */
type Reader = {
  text: string;
  terms: QueryTerms;
  /** Where the words start to be read one by one: the text is ASCII before, and no word runs across it. */
  byWordsFrom: number;
  /** The text before `byWordsFrom`, lower-cased. */
  lower: string;
  /** The next place a match can start before `byWordsFrom`, at or after an offset that never decreases. */
  nextNeedle: (from: number) => number;
};

const NON_ASCII = /[\u0080-\uffff]/;

function readerOf(text: string, terms: QueryTerms): Reader {
  // Up to the first other character, folding a word is lower-casing it, which keeps every offset: there the
  // needles, found in the lower-cased text, are the few places a match can start. From the word that runs
  // into that character on, the words are folded one by one.
  const nonAscii = isAscii(text) ? -1 : text.search(NON_ASCII);
  const byWordsFrom = nonAscii === -1 ? text.length : wordStart(text, nonAscii);
  const lower = text.slice(0, byWordsFrom).toLowerCase();
  return { text, terms, byWordsFrom, lower, nextNeedle: needleFinder(lower, terms.needles) };
}

/** The reader for the words before `to` only: its needles are not looked for past there. */
function readerBefore(reader: Reader, to: number): Reader {
  return { ...reader, nextNeedle: needleFinder(reader.lower.slice(0, to), reader.terms.needles) };
}

/**
 * The first offset at or after `from` where one of the needles is in `text`, for offsets that never decrease:
 * each needle is looked for again only once the offsets have passed where it was last found.
 */
function needleFinder(text: string, needles: readonly string[]): (from: number) => number {
  const found = needles.map(() => -2);
  return (from) => {
    let first = -1;
    for (let k = 0; k < needles.length; k++) {
      let at = found[k] ?? -1;
      if (at !== -1 && at < from) found[k] = at = text.indexOf(needles[k] ?? '', from);
      if (at !== -1 && (first === -1 || at < first)) first = at;
    }
    return first;
  };
}

/**
 * The start of the first matching word that starts in [from, to), or -1. Calls on one reader go forward:
 * each `from` is at or after the end of the word the last call found.
 */
function nextMatch(reader: Reader, from: number, to: number): number {
  const { text, terms, byWordsFrom } = reader;
  const needlesTo = Math.min(to, byWordsFrom);
  for (let at = reader.nextNeedle(from); at !== -1 && at < needlesTo;) {
    const end = wordEnd(text, at);
    // A needle inside a word is not the start of one: only the word's own start can match.
    if (end > at && wordCharBefore(text, at) === 0 && matchesAt(text, at, end, terms)) return at;
    at = reader.nextNeedle(Math.max(end, at + 1));
  }
  for (let start = nextWord(text, Math.max(from, byWordsFrom)); start !== -1 && start < to;) {
    const end = wordEnd(text, start);
    if (matchesAt(text, start, end, terms)) return start;
    start = nextWord(text, end);
  }
  return -1;
}

// ---------------------------------------------------------------------------------------------------------
// Snippets

/**
 * The snippet of `text` for `terms`: up to SNIPPET_WORDS words from a little before the first matching word
 * (from the start when none matches), ending at the space after the last, every matching word marked.
 */
export function snippetOf(text: string, terms: QueryTerms): string {
  return markedSnippet(text, terms) ?? leadingSnippet(text);
}

/**
 * The snippet of `text` around its first matching word, as `snippetOf` makes it; undefined when no word
 * matches.
 */
export function markedSnippet(text: string, terms: QueryTerms): string | undefined {
  // With no words (stop words only), nothing matches.
  if (terms.words.size === 0) return undefined;
  const reader = readerOf(text, terms);
  const match = nextMatch(reader, 0, text.length);
  if (match === -1) return undefined;
  // The words shown before the match; a snippet that starts on a later word than the first drops what
  // comes before that word too.
  let first = match;
  let before = 0;
  for (
    let word = previousWord(text, match);
    word !== -1 && before < WORDS_BEFORE;
    word = previousWord(text, word)
  ) {
    first = word;
    before++;
  }
  const skipped = previousWord(text, first) !== -1;

  // The match and the words after it, up to SNIPPET_WORDS in all, each marked if it matches.
  const last = endOfWords(text, match, SNIPPET_WORDS - before);
  const inSnippet = readerBefore(reader, last);
  let snippet = '';
  let at = skipped ? first : 0;
  for (let start = match; start !== -1; start = nextMatch(inSnippet, at, last)) {
    const end = wordEnd(text, start);
    snippet += `${text.slice(at, start)}${snippetMarks.start}${text.slice(start, end)}${snippetMarks.end}`;
    at = end;
  }
  return (snippet + text.slice(at, spaceAfter(text, last))).trim();
}

/** The first SNIPPET_WORDS words of `text`, with whatever comes before the first (the whole text if none). */
function leadingSnippet(text: string): string {
  const first = nextWord(text, 0);
  if (first === -1) return text.trim();
  return text.slice(0, spaceAfter(text, endOfWords(text, first, SNIPPET_WORDS))).trim();
}

/** For each count, an expression reading up to that many words from a word's start. */
const wordRuns: RegExp[] = [];

/** The end of the last of up to `count` words from the word starting at `start` (one expression, no loop). */
function endOfWords(text: string, start: number, count: number): number {
  const words = (wordRuns[count] ??= new RegExp(`(?:[^\\p{L}\\p{N}]*[\\p{L}\\p{N}]+){1,${count}}`, 'uy'));
  words.lastIndex = start;
  return words.test(text) ? words.lastIndex : start;
}

const SPACE = /\s/g;

/** Where the snippet ending with the word that ends at `end` stops: at the next space, or the text's end. */
function spaceAfter(text: string, end: number): number {
  SPACE.lastIndex = end;
  return SPACE.exec(text)?.index ?? text.length;
}
