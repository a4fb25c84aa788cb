import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { snippetMarks } from '../../../contracts/cards.ts';
import { DEMO_CARDS_DIR } from '../../seed/demo-content.ts';
import { setupTestApp } from '../../test/app.ts';
import { foldWord } from './english.ts';
import { queryTerms, snippetOf } from './snippets.ts';

const { start: S, end: E } = snippetMarks;
const words = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `word${from + i}`).join(' ');

describe('snippetOf', () => {
  it('keeps a short text whole and marks every match, by its stem', () => {
    expect(snippetOf('We were ranking candidates; the ranked list.', queryTerms('rank'))).toBe(
      `We were ${S}ranking${E} candidates; the ${S}ranked${E} list.`,
    );
  });

  it('folds accents and keeps the text’s own letters', () => {
    expect(snippetOf('Le sentiment de déjà vu, encore.', queryTerms('DEJA vu'))).toBe(
      `Le sentiment de ${S}déjà${E} ${S}vu${E}, encore.`,
    );
    expect(foldWord('Encyclopædia')).toBe('encyclopaedia');
  });

  it('cuts a long text a few words before the first match, at spaces', () => {
    const text = `${words(200)} the quokka smiles. ${words(200, 200)}`;
    const snippet = snippetOf(text, queryTerms('quokkas'));
    expect(snippet.startsWith('word195 word196')).toBe(true);
    expect(snippet).toContain(`the ${S}quokka${E} smiles.`);
    expect(snippet.split(' ')).toHaveLength(35);
    expect(text.replace(/\s+/g, ' ')).toContain(snippet.replaceAll(S, '').replaceAll(E, ''));
  });

  it('starts at the beginning when nothing matches', () => {
    expect(snippetOf(words(300), queryTerms('déjà'))).toBe(words(35));
  });

  it('marks neither stop words nor excluded words', () => {
    const terms = queryTerms('the graph -tree');
    expect(snippetOf('The graph is not a tree.', terms)).toBe(`The ${S}graph${E} is not a tree.`);
    // A hyphen inside a word is not an exclusion.
    expect(snippetOf('A real-time system.', queryTerms('real-time'))).toBe(
      `A ${S}real${E}-${S}time${E} system.`,
    );
  });
});

describe('stems', () => {
  const context = setupTestApp();

  it('agree with PostgreSQL’s English stemmer on the words of the demo cards', async () => {
    const files = await fs.readdir(DEMO_CARDS_DIR);
    const text = (
      await Promise.all(files.map((file) => fs.readFile(path.join(DEMO_CARDS_DIR, file), 'utf8')))
    ).join(' ');
    const vocabulary = [...new Set(text.match(/[\p{L}]{2,}/gu)?.map(foldWord))];
    expect(vocabulary.length).toBeGreaterThan(2000);
    const result = await context.db.orm.execute<{ word: string; lexeme: string | null }>(
      sql`select word, (ts_lexize('english_stem', word))[1] as lexeme from unnest(${sql.param(vocabulary)}::text[]) as word`,
    );
    const differing = result.rows.filter((row) => {
      const terms = queryTerms(row.word);
      // Stop words have no lexeme in PostgreSQL and no terms here.
      return row.lexeme === null ? terms.stems.size > 0 : !terms.stems.has(row.lexeme);
    });
    // Snowball's newer English stemmer (PostgreSQL 16 and later) keeps the double letter of "added" ("add");
    // Porter2 as published, like PostgreSQL 15's, does not. No other word of the demo cards differs.
    expect(['added', 'adding']).toEqual(expect.arrayContaining(differing.map((row) => row.word)));
  });
});
