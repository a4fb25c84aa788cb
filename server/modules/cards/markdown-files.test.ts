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

  it('reads an Obsidian note: block lists, empty properties, and properties it does not use', () => {
    const note = [
      '---',
      'aliases:',
      '  - MF',
      'tags:',
      '  - recsys',
      '  - 2009',
      '  -',
      'title:',
      'created: 2024-01-15',
      'source:',
      '  url: https://example.org/mf',
      '---',
      '# Matrix factorisation',
      '',
      'Users and items share a latent space.',
    ].join('\n');
    expect(markdownFileToCard('mf.md', note)).toEqual({
      title: 'Matrix factorisation',
      type: 'note',
      tags: ['recsys', '2009'],
      fields: {},
      body: '# Matrix factorisation\n\nUsers and items share a latent space.',
    });
    const paper = [
      '---',
      'type: paper',
      'title: "Attention Is All You Need"',
      'authors:',
      '  - Ashish Vaswani',
      '  - Noam Shazeer',
      'year: 2017',
      'tags: transformers',
      '---',
      'Summary.',
    ].join('\n');
    expect(markdownFileToCard('attention.md', paper)).toMatchObject({
      title: 'Attention Is All You Need',
      type: 'paper',
      tags: ['transformers'],
      fields: { authors: ['Ashish Vaswani', 'Noam Shazeer'], year: 2017 },
    });
  });

  it('refuses properties it uses when they are shaped wrong', () => {
    const file = (...lines: string[]) => ['---', ...lines, '---', 'x'].join('\n');
    expect(() => markdownFileToCard('a.md', file('title:', '  en: Heaps'))).toThrow(
      /"title" must be a single value, not a map/,
    );
    expect(() => markdownFileToCard('a.md', file('title: [a, b]'))).toThrow(/"title" must be a single value/);
    expect(() => markdownFileToCard('a.md', file('tags:', '  - [a, b]'))).toThrow(
      /"tags" must be a list of single values/,
    );
    expect(() => markdownFileToCard('a.md', file('type: paper', 'year: 2017-05'))).toThrow(
      /"year" must be a number/,
    );
    expect(() => markdownFileToCard('a.md', file('title: A', 'tags:', '  - a', ' - b'))).toThrow(/^Line 5: /);
  });

  it('names files after titles without clashes', () => {
    const taken = new Set<string>();
    expect(fileNameFor('Déjà vu!', taken)).toBe('deja-vu.md');
    expect(fileNameFor('Deja vu', taken)).toBe('deja-vu-2.md');
    expect(fileNameFor('李', taken)).toBe('card.md');
  });
});
