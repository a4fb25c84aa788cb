import { describe, expect, it } from 'vitest';
import { snippetMarks } from '../../../contracts/cards.ts';
import { isStopWord, stemOf } from './english.ts';
import { markedSnippet, queryTerms, snippetOf, type QueryTerms } from './snippets.ts';
import { seededRandom } from '../seeded-random.ts';

// ---------------------------------------------------------------------------------------------------------
// The reference: snippets as they were made before words were read with character codes and the text before
// the first match was skipped (a generator of word objects, a regular expression per word). Kept as it was,
// so any difference in what users see fails below.

const REFERENCE_WORD = /[\p{L}\p{N}]+/gu;
const REFERENCE_SNIPPET_WORDS = 35;
const REFERENCE_WORDS_BEFORE = 6;
const REFERENCE_LIGATURES: Record<string, string> = {
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ß: 'ss',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
};

function referenceFoldWord(word: string): string {
  const lower = word.toLowerCase();
  if (/^[\p{ASCII}]*$/u.test(lower)) return lower;
  return lower
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[æœøßłđðþ]/g, (char) => REFERENCE_LIGATURES[char] ?? char);
}

function referenceMatches(token: string, terms: QueryTerms): boolean {
  const word = referenceFoldWord(token);
  if (terms.words.has(word)) return true;
  if (!terms.prefixes.has(word.slice(0, 3)) || isStopWord(word)) return false;
  return terms.stems.has(stemOf(word));
}

type ReferenceToken = { at: number; text: string };

function* referenceWordsOf(text: string): Generator<ReferenceToken> {
  const word = new RegExp(REFERENCE_WORD.source, 'gu');
  for (let match = word.exec(text); match; match = word.exec(text)) yield { at: match.index, text: match[0] };
}

function referenceSnippetOf(text: string, terms: QueryTerms): string {
  let window: ReferenceToken[] = [];
  let found = false;
  let skipped = false;
  for (const token of referenceWordsOf(text)) {
    if (!found) {
      found = referenceMatches(token.text, terms);
      if (!found && window.length === REFERENCE_WORDS_BEFORE) {
        window.shift();
        skipped = true;
      }
    }
    window.push(token);
    if (found && window.length === REFERENCE_SNIPPET_WORDS) break;
  }
  if (!found) {
    window = [];
    for (const token of referenceWordsOf(text)) if (window.push(token) === REFERENCE_SNIPPET_WORDS) break;
    skipped = false;
  }
  const first = window[0];
  const last = window.at(-1);
  if (!first || !last) return text.trim();

  const lastEnd = last.at + last.text.length;
  const space = text.slice(lastEnd).search(/\s/);
  const end = space === -1 ? text.length : lastEnd + space;
  let snippet = '';
  let at = skipped ? first.at : 0;
  for (const token of window) {
    if (!referenceMatches(token.text, terms)) continue;
    snippet += `${text.slice(at, token.at)}${snippetMarks.start}${token.text}${snippetMarks.end}`;
    at = token.at + token.text.length;
  }
  return (snippet + text.slice(at, end)).trim();
}

// ---------------------------------------------------------------------------------------------------------
// Generated texts and queries

/**
 * Words queries are made of, and words that look like them: inflections sharing a stem, words sharing only the
 * first letters of a stem, accented and unaccented spellings, ligatures, capitals, Greek final sigma,
 * letters outside the Basic Multilingual Plane, digits, and stop words.
 */
const QUERY_LIKE = [
  'rank',
  'ranks',
  'ranking',
  'ranked',
  'Ranking',
  'rancid',
  'ran',
  'graph',
  'graphs',
  'graphic',
  'GRAPH',
  'cafe',
  'café',
  'Café',
  'CAFÉ',
  'cafe\u0301',
  'cafeteria',
  'déjà',
  'deja',
  'Encyclopædia',
  'encyclopaedia',
  'naïve',
  'naive',
  'straße',
  'strasse',
  'ﬁle',
  'file',
  'files',
  'dying',
  'die',
  'ΟΔΟΣ',
  'οδος',
  'Σοφία',
  'İstanbul',
  'istanbul',
  '𝐀lpha',
  'alpha',
  '日本語',
  'x',
  'x2',
  '4th',
  '2024',
  'quokka',
  'quokkas',
  'the',
  'The',
  'a',
  'of',
  'is',
  'not',
];
const SEPARATORS = [
  ' ',
  ' ',
  ' ',
  ' ',
  '  ',
  '\n',
  '\n\n',
  ', ',
  '. ',
  '-',
  ' - ',
  '—',
  '’',
  '(',
  ') ',
  '\t',
];
const ODD = ['\u00a0', '…', '“', '”', snippetMarks.start, snippetMarks.end, '\u0301', '*', '[[', ']]', '#'];
const SYLLABLES = ['ka', 'lo', 'mir', 'ven', 'tor', 'ran', 'gra', 'caf', 'de', 'ph', 'é', 'ß', 'ing', 's'];

function textOf(next: () => number, words: number, queryShare: number): string {
  let text = next() < 0.2 ? SEPARATORS[Math.floor(next() * SEPARATORS.length)]! : '';
  for (let i = 0; i < words; i++) {
    if (next() < queryShare) text += QUERY_LIKE[Math.floor(next() * QUERY_LIKE.length)];
    else {
      const length = 1 + Math.floor(next() * 3);
      for (let s = 0; s < length; s++) text += SYLLABLES[Math.floor(next() * SYLLABLES.length)];
    }
    text +=
      next() < 0.1
        ? ODD[Math.floor(next() * ODD.length)]
        : SEPARATORS[Math.floor(next() * SEPARATORS.length)];
  }
  return next() < 0.5 ? text : text.trimEnd();
}

function queryOf(next: () => number): string {
  const length = 1 + Math.floor(next() * 3);
  const words: string[] = [];
  for (let i = 0; i < length; i++) {
    const word = QUERY_LIKE[Math.floor(next() * QUERY_LIKE.length)]!;
    words.push(next() < 0.1 ? `-${word}` : word);
  }
  return words.join(' ');
}

const someWordMatches = (text: string, terms: QueryTerms) =>
  [...text.matchAll(REFERENCE_WORD)].some((match) => referenceMatches(match[0], terms));

describe('snippetOf against the reference', () => {
  it('makes the same snippets on thousands of generated texts and queries', () => {
    const next = seededRandom(20_260_714);
    for (let run = 0; run < 6000; run++) {
      // Short texts, texts about a snippet long, and long ones with the match anywhere or nowhere.
      const words = [Math.floor(next() * 12), 20 + Math.floor(next() * 40), 100 + Math.floor(next() * 400)][
        run % 3
      ]!;
      const text = textOf(next, words, [0, 0.002, 0.02, 0.2][Math.floor(next() * 4)]!);
      const q = queryOf(next);
      const terms = queryTerms(q);
      const expected = referenceSnippetOf(text, terms);
      const context = JSON.stringify({ run, q, text });
      expect(snippetOf(text, terms), context).toBe(expected);
      expect(markedSnippet(text, terms), context).toBe(someWordMatches(text, terms) ? expected : undefined);
    }
  });

  it('makes the same snippets for words at the very start and end, and for no words', () => {
    const cases: [string, string][] = [
      ['', 'rank'],
      ['   ', 'rank'],
      ['— … —', 'rank'],
      ['ranking', 'rank'],
      ['(ranking)', 'rank'],
      ['x ranking', 'rank'],
      [`${'word '.repeat(6)}ranking`, 'rank'],
      [`${'word '.repeat(7)}ranking`, 'rank'],
      [`(${'word '.repeat(7)}ranking`, 'rank'],
      [`${'word '.repeat(100)}ranking.`, 'rank'],
      [`${'word '.repeat(100)}café ranking`, 'rank cafe'],
      [`${'wörd '.repeat(100)}ranking`, 'rank'],
      ['the ranking of graphs', 'the'],
      ['𝐀lpha 𝐀lpha alpha', '𝐀lpha'],
      ['ΟΔΟΣ οδος οδοσ', 'ΟΔΟΣ'],
      [`${'ﬁle '.repeat(10)}file`, 'file'],
    ];
    for (const [text, q] of cases) {
      const terms = queryTerms(q);
      expect(snippetOf(text, terms), JSON.stringify({ q, text })).toBe(referenceSnippetOf(text, terms));
    }
  });
});
