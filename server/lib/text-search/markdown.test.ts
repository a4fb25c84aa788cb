import { describe, expect, it } from 'vitest';
import { markdownWords } from '../../../contracts/card-text.ts';
import { snippetMarks } from '../../../contracts/cards.ts';
import { mayMatchMarkdown } from './markdown.ts';
import { markedSnippet, queryTerms } from './snippets.ts';
import { seededRandom } from '../seeded-random.ts';

const { start: S, end: E } = snippetMarks;

/** Whether a word of the Markdown's plain text, as search reads it, matches the query. */
const plainTextMatches = (markdown: string, q: string) =>
  markedSnippet(markdownWords(markdown).replaceAll(S, '').replaceAll(E, ''), queryTerms(q)) !== undefined;

// Pieces of words that Markdown syntax between them may join, every character of that syntax, and its
// constructs around pieces.
const PIECES = [
  'ca',
  'fe',
  'fé',
  'FÉ',
  'caf',
  'e\u0301',
  'rank',
  'ing',
  'ΟΔΟ',
  'Σ',
  'ΟΔΟΣ',
  'ς',
  'ﬁ',
  'le',
  'x',
];
const SYNTAX = [
  ...['[', ']', '(', ')', '!', '|', '{', '}', 'c1', '::', '<', '>', '$', '$$', '\\', '`', '```', '#', '-'],
  ...['*', '_', '~', ' ', '\n', '\n\n', '\t', '.', "'", S, E],
];
const CONSTRUCTS: ((a: string, b: string) => string)[] = [
  (a, b) => `[${a}](${b})`,
  (a, b) => `![${a}](${b})`,
  (a, b) => `[[${a}|${b}]]`,
  (a) => `[[${a}]]`,
  (a) => `{{c1::${a}}}`,
  (a, b) => `{{c2::${a}::${b}}}`,
  (a) => `$${a}$`,
  (a) => `$\\${a}$`,
  (a) => `$$${a}$$`,
  (a) => `\`${a}\``,
  (a) => `\`\`\`${a}\`\`\``,
  (a) => `**${a}**`,
  (a) => `<${a}>`,
];
const QUERIES = ['cafe', 'café', 'rank', 'ranking', 'cafeing', 'ΟΣ', 'οσ', 'file', 'fe', 'x', 'the cafe'];

function markdownOf(next: () => number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const length = 1 + Math.floor(next() * 12);
  let markdown = '';
  for (let i = 0; i < length; i++) {
    const roll = next();
    markdown +=
      roll < 0.45 ? pick(PIECES) : roll < 0.8 ? pick(SYNTAX) : pick(CONSTRUCTS)(pick(PIECES), pick(PIECES));
  }
  return markdown;
}

describe('mayMatchMarkdown', () => {
  it('is true for every Markdown whose plain text has a matching word, on thousands of generated texts', () => {
    const next = seededRandom(20_260_715);
    let skipped = 0;
    for (let run = 0; run < 20_000; run++) {
      const markdown = markdownOf(next);
      const q = QUERIES[Math.floor(next() * QUERIES.length)]!;
      const may = mayMatchMarkdown(markdown, queryTerms(q));
      if (plainTextMatches(markdown, q)) expect(may, JSON.stringify({ q, markdown })).toBe(true);
      if (!may) skipped++;
    }
    // The test tells apart nothing if it never says no.
    expect(skipped).toBeGreaterThan(2000);
  });

  it('is false for a body without the words, true for one with them in any spelling or syntax', () => {
    expect(mayMatchMarkdown('## Tea\n\nA **cup** of [[tea]], $x$ and `code`.', queryTerms('cafe'))).toBe(
      false,
    );
    for (const [markdown, q] of [
      ['Le Café de Flore.', 'cafe'],
      ['CAFE', 'cafe'],
      ['ca**fe**', 'cafe'],
      ['ca`fe`', 'cafe'],
      ['ca[[fe]]', 'cafe'],
      ['ca$fe$', 'cafe'],
      ['ca$\\fe$', 'cafe'],
      ['ca|fe', 'cafe'],
      [`ca${S}fe`, 'cafe'],
      ['[ca](https://example.com)fe', 'cafe'],
      ['ca[[Title|fe]]', 'cafe'],
      ['ca{{c1::fe::hint}}', 'cafe'],
      // Syntax that forms once the math's dollars are dropped.
      ['[ca]$($u)fe', 'cafe'],
      ['ca{${$c1::fe}}', 'cafe'],
      ['cafe\u0301 noir', 'café'],
      // Alone, the sigma is final ("ος"); before the code's letters, it is not ("οσx").
      ['ΟΣ```x```', 'ΟΣ'],
    ] as const) {
      expect(plainTextMatches(markdown, q), markdown).toBe(true);
      expect(mayMatchMarkdown(markdown, queryTerms(q)), markdown).toBe(true);
    }
  });
});
