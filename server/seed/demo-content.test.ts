import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  demoCardArea,
  demoCardFields,
  extractLinks,
  readDemoCards,
  readDemoUsers,
  toDemoCard,
} from './demo-content.ts';

const doc = (...lines: string[]) => lines.join('\n');

describe('toDemoCard', () => {
  const base = { title: 'A card', tags: ['ml', 'ml/optimisation'], author: 'ravi_k' };

  it('returns typed cards with the fields of their type', () => {
    expect(toDemoCard('a.md', { ...base, type: 'note' }, 'Body')).toEqual({
      file: 'a.md',
      ...base,
      type: 'note',
      body: 'Body',
    });
    const paper = toDemoCard(
      'p.md',
      {
        ...base,
        type: 'paper',
        authors: ['A. Author'],
        year: 2009,
        url: 'https://doi.org/10.1145/x',
        doi: '10.1145/x',
      },
      'Summary',
    );
    expect(paper).toMatchObject({ type: 'paper', authors: ['A. Author'], year: 2009, doi: '10.1145/x' });
    const flashcard = toDemoCard('f.md', { ...base, type: 'flashcard', front: 'Q?', back: 'A.' }, 'Context');
    expect(flashcard).toMatchObject({ type: 'flashcard', front: 'Q?', back: 'A.' });
  });

  it('reads a paper record: venue, arXiv id, code, TL;DR, citation key and references by DOI or arXiv id', () => {
    const paper = toDemoCard(
      'paper-bpr.md',
      {
        ...base,
        type: 'paper',
        authors: ['Steffen Rendle', 'Christoph Freudenthaler'],
        year: 2009,
        url: 'https://arxiv.org/abs/1205.2618',
        venue: 'UAI 2009',
        arxivId: '1205.2618',
        codeUrl: 'https://example.org/bpr',
        tldr: 'Rank observed items above unobserved ones.',
        citationKey: 'rendle2009bpr',
        references: ['10.1109/ICDM.2008.22', 'arXiv:1511.06939'],
      },
      'Summary',
    );
    expect(demoCardFields(paper)).toEqual({
      authors: ['Steffen Rendle', 'Christoph Freudenthaler'],
      year: 2009,
      url: 'https://arxiv.org/abs/1205.2618',
      venue: 'UAI 2009',
      arxivId: '1205.2618',
      codeUrl: 'https://example.org/bpr',
      tldr: 'Rank observed items above unobserved ones.',
      citationKey: 'rendle2009bpr',
      references: [{ doi: '10.1109/ICDM.2008.22' }, { arxivId: '1511.06939' }],
    });
  });

  const paper = { ...base, type: 'paper', authors: ['A'], year: 2000, url: 'https://x.org' };
  it.each([
    [{ ...paper, doi: '10.1109' }, /^p\.md: "doi" "10\.1109": A DOI looks like 10\.1234\/abcd/],
    [{ ...paper, doi: 'doi:10.1109/MC.2009.263' }, /^p\.md: "doi"/],
    [
      { ...paper, arxivId: 'arXiv:1205.2618' },
      /^p\.md: "arxivId" "arXiv:1205\.2618": An arXiv id looks like/,
    ],
    [{ ...paper, references: ['10.1145/371920.372071', 'Koren 2009'] }, /^p\.md: "references" "Koren 2009"/],
    [{ ...paper, references: ['arXiv:12.26'] }, /^p\.md: "references" "12\.26": An arXiv id/],
    [
      { ...paper, references: ['10.1145/ab', '10.1145/AB'] },
      /^p\.md: the reference "10\.1145\/AB" is listed twice/,
    ],
    [{ ...paper, citationKey: 'koren 2009' }, /^p\.md: "citationKey" "koren 2009": Letters, digits/],
    [{ ...paper, tldr: 'x'.repeat(401) }, /^p\.md: "tldr" .*At most 400 characters/],
    [{ ...paper, codeUrl: 'github.com/x' }, /^p\.md: "codeUrl" must be an http\(s\) address/],
    [{ ...paper, venue: 'v'.repeat(301) }, /^p\.md: "venue" .*At most 300 characters/],
  ])('refuses a paper with %j', (data, message) => {
    expect(() => toDemoCard('p.md', data, 'Summary')).toThrow(message);
  });

  it.each([
    [{ ...base, type: 'essay' }, 'Body', /"type" must be one of note, flashcard/],
    [{ ...base, type: 'flashcard', front: 'Q?' }, 'Body', /"back" must be a non-empty string/],
    [
      { ...base, type: 'paper', authors: ['A'], url: 'https://x.org' },
      'Body',
      /"year" must be a whole number/,
    ],
    [
      { ...base, type: 'paper', authors: [], year: 2000, url: 'https://x.org' },
      'B',
      /"authors" must be a non-empty/,
    ],
    [{ ...base, type: 'link', url: 'ftp://x.org' }, 'Body', /"url" must be an http\(s\) address/],
    [{ ...base, type: 'code' }, 'Body', /"language" must be a non-empty string/],
    [{ ...base, type: 'cloze' }, 'No deletion here', /needs a \{\{c1::…\}\} deletion/],
    [{ ...base, type: 'note', url: 'https://x.org' }, 'Body', /"url" is not a field of a note card/],
    [{ ...base, type: 'note', tags: ['ML'] }, 'Body', /the tag "ML" is not lowercase/],
    [{ ...base, type: 'note', tags: ['a//b'] }, 'Body', /the tag "a\/\/b"/],
    [{ ...base, type: 'note', tags: ['ml-'] }, 'Body', /the tag "ml-"/],
    [{ ...base, type: 'note', title: 'A | B' }, 'Body', /a title cannot hold \[, \] or \|/],
    [
      { ...base, type: 'note', tags: Array.from({ length: 11 }, (_, i) => `t${i}`) },
      'Body',
      /at most 10 tags/,
    ],
    [{ ...base, type: 'note', title: 'x'.repeat(121) }, 'Body', /over 120 characters/],
    [{ ...base, type: 'note', author: 'no spaces please' }, 'Body', /is not a handle/],
    [{ ...base, type: 'note' }, '   ', /the body is empty/],
    [{ ...base, type: 'note' }, 'x'.repeat(50_001), /the body is over 50000 characters/],
  ])('refuses %j', (data, body, message) => {
    expect(() => toDemoCard('card.md', data, body)).toThrow(message);
  });

  it('names the file in its errors', () => {
    expect(() => toDemoCard('broken-card.md', { ...base }, 'Body')).toThrow(/^broken-card\.md: "type"/);
  });
});

describe('extractLinks', () => {
  it('finds plain and labelled links and ignores code', () => {
    const body = doc(
      'See [[Gradient descent]] and [[Adam: A Method for Stochastic Optimization|Adam]].',
      'Inline `[[Not a link]]` and ``[[Also not]]``.',
      '```python',
      'x = "[[Inside a fence]]"',
      '```',
      '~~~',
      '[[Inside a tilde fence]]',
      '~~~',
      '[[ Spaced repetition ]] after the fences, but not in math: $[[x]]$.',
    );
    expect(extractLinks(body)).toEqual([
      { target: 'Gradient descent' },
      { target: 'Adam: A Method for Stochastic Optimization', label: 'Adam' },
      { target: 'Spaced repetition' },
    ]);
  });

  it('does not let a shorter fence close a longer one', () => {
    const body = doc('````md', '```', '[[Hidden]]', '```', '````', '[[Shown]]');
    expect(extractLinks(body)).toEqual([{ target: 'Shown' }]);
  });
});

describe('demoCardArea', () => {
  it('is the first segment of the first tag, when that is an area', () => {
    expect(demoCardArea({ tags: ['recsys/evaluation', 'ml'] })).toBe('recsys');
    expect(demoCardArea({ tags: ['study'] })).toBe('study');
    expect(demoCardArea({ tags: ['cooking/bread'] })).toBeUndefined();
    expect(demoCardArea({ tags: [] })).toBeUndefined();
  });
});

describe('readDemoCards and readDemoUsers', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await fs.rm(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('reads the Markdown files of a folder in name order and names a broken file', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'demo-cards-'));
    const card = (title: string) =>
      doc('---', `title: ${title}`, 'type: note', 'tags: [study]', 'author: sofia_m', '---', 'Body');
    await fs.writeFile(path.join(dir, 'b.md'), card('B'));
    await fs.writeFile(path.join(dir, 'a.md'), card('A'));
    await fs.writeFile(path.join(dir, 'notes.txt'), 'ignored');
    expect((await readDemoCards(dir)).map((c) => [c.file, c.title])).toEqual([
      ['a.md', 'A'],
      ['b.md', 'B'],
    ]);

    await fs.writeFile(path.join(dir, 'c.md'), doc('---', 'title: C', 'Body'));
    await expect(readDemoCards(dir)).rejects.toThrow(/^c\.md: Front matter opened on line 1 is never closed/);
  });

  it('reads users and refuses one without an email', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'demo-users-'));
    const file = path.join(dir, 'users.json');
    await fs.writeFile(
      file,
      JSON.stringify([{ handle: 'ada_l', name: 'Ada', bio: 'Bio', email: 'a@b.invalid' }]),
    );
    expect(await readDemoUsers(file)).toEqual([
      { handle: 'ada_l', name: 'Ada', bio: 'Bio', email: 'a@b.invalid' },
    ]);
    await fs.writeFile(file, JSON.stringify([{ handle: 'ada_l', name: 'Ada', bio: 'Bio' }]));
    await expect(readDemoUsers(file)).rejects.toThrow(/user 1 has no "email"/);
  });
});
