import { describe, expect, it } from 'vitest';
import { FrontMatterError } from '../../lib/front-matter.ts';
import { cardToMarkdownFile, fileNameFor, markdownFileToCard, type CardFile } from './markdown-files.ts';

describe('card files', () => {
  it('writes a card that reads back the same, quotes and colons included', () => {
    const card: CardFile = {
      title: 'BM25: "best match" ranking',
      type: 'paper',
      tags: ['search/ranking', 'ir'],
      fields: {
        authors: ['Stephen Robertson', 'Karen Spärck Jones'],
        year: 1994,
        url: 'https://example.org/a?b=c#d',
      },
      body: '# Notes\n\nScore = $\\sum_i$ …\n\n---\n\nA rule below the text.',
    };
    expect(markdownFileToCard('bm25.md', cardToMarkdownFile(card))).toEqual(card);
  });

  it('reads a plain Markdown file as a note titled by its first heading or its name', () => {
    expect(markdownFileToCard('x.md', '# Heaps\n\nA tree with an order.')).toEqual({
      title: 'Heaps',
      type: 'note',
      tags: [],
      fields: {},
      body: 'A tree with an order.',
    });
    expect(markdownFileToCard('queues.md', 'First in, first out.').title).toBe('queues');
  });

  it('says what is wrong with a bad file', () => {
    expect(() => markdownFileToCard('a.md', '---\ntitle: A\ntype: poem\n---\nx')).toThrow(FrontMatterError);
    expect(() => markdownFileToCard('a.md', '---\ntitle: A\n')).toThrow(/never closed/);
  });

  it('names files after titles without clashes', () => {
    const taken = new Set<string>();
    expect(fileNameFor('Déjà vu!', taken)).toBe('deja-vu.md');
    expect(fileNameFor('Deja vu', taken)).toBe('deja-vu-2.md');
    expect(fileNameFor('李', taken)).toBe('card.md');
  });
});
