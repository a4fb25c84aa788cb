import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cardSchema } from '../../../contracts/cards.ts';
import { errorEnvelopeSchema } from '../../../contracts/errors.ts';
import {
  importPreviewSchema,
  importResultSchema,
  projectSchema,
  researchHomeSchema,
} from '../../../contracts/research.ts';
import { setupTestApp } from '../../test/app.ts';
import { people, type Person } from '../../test/people.ts';
import { researchHelpers, uniqueWord } from '../../test/research.ts';

describe('importing a bibliography', () => {
  const context = setupTestApp();
  const { signUp, request } = people(context, '198.18.68');
  const { newPaper, cardCount } = researchHelpers(context, request);

  /**
   * A BibTeX file of three good entries, one malformed (line 12), one of a paper already here (line 17), one
   * repeating the first (line 19) and one without a year (line 21).
   */
  function library(word: string, existingDoi: string) {
    return [
      `@article{one, title = {First ${word}}, author = {Koren, Yehuda}, year = 2009, doi = {10.5555/${word}.1}}`, // 1
      `@article{two, title = {Second ${word}}, author = {Bell, Robert}, year = 2010, doi = {10.5555/${word}.2}}`, // 2
      '', // 3
      '@inproceedings{three,', // 4
      `  title = {Third ${word}},`, // 5
      '  author = {Rendle, Steffen and Freudenthaler, Christoph},', // 6
      '  booktitle = {UAI},', // 7
      '  year = 2009,', // 8
      `  url = {https://example.org/${word}}`, // 9
      '}', // 10
      '', // 11
      '@article{broken,', // 12
      '  title = {Broken}', // 13
      '  year = 2002', // 14
      '}', // 15
      '', // 16
      `@article{known, title = {Known ${word}}, author = {Lovelace, Ada}, year = 2020, doi = {${existingDoi.toUpperCase()}}}`, // 17
      '', // 18
      `@article{again, title = {First ${word}, again}, author = {Koren, Y.}, year = 2009, doi = {10.5555/${word}.1}}`, // 19
      '', // 20
      `@article{undated, title = {Undated ${word}}, author = {Hopper, Grace}, doi = {10.5555/${word}.4}}`, // 21
    ].join('\n');
  }

  async function preview(person: Person, text: string) {
    const response = await request('POST', '/api/research/import/preview', person, { text });
    expect(response.statusCode, response.body).toBe(200);
    return importPreviewSchema.parse(response.json());
  }

  it('previews each entry without writing anything, then imports the new ones and files all', async () => {
    const ada = await signUp('Ada');
    const word = uniqueWord();
    const existingDoi = `10.5555/${randomUUID()}`;
    const existing = await newPaper(ada, { doi: existingDoi });
    const text = library(word, existingDoi);

    const before = await cardCount();
    const shown = await preview(ada, text);
    expect(await cardCount()).toBe(before);
    expect(shown.format).toBe('bibtex');
    expect(shown.counts).toEqual({ new: 3, duplicate: 2, invalid: 2 });
    expect(
      shown.entries.map((entry) =>
        entry.status === 'invalid'
          ? [entry.line, 'invalid', entry.reason]
          : entry.status === 'duplicate'
            ? [entry.line, 'duplicate', entry.existingId, entry.matchedBy]
            : [entry.line, 'new', entry.paper.title],
      ),
    ).toEqual([
      [1, 'new', `First ${word}`],
      [2, 'new', `Second ${word}`],
      [4, 'new', `Third ${word}`],
      [
        12,
        'invalid',
        'Entry 4 (line 12): The BibTeX cannot be read: } was expected, not a field name (line 14)',
      ],
      [17, 'duplicate', existing, 'doi'],
      [19, 'duplicate', null, 'doi'],
      [21, 'invalid', 'Entry 7 (line 21): Give the year'],
    ]);

    const project = projectSchema.parse(
      (await request('POST', '/api/research/projects', ada, { title: 'Thesis' })).json(),
    );
    const response = await request('POST', '/api/research/import', ada, {
      text,
      addToQueue: true,
      projectId: project.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = importResultSchema.parse(response.json());
    expect(result.created).toHaveLength(3);
    expect(result.existing).toEqual([existing]);
    expect(result.invalid).toBe(2);
    expect(await cardCount()).toBe(before + 3);

    const home = researchHomeSchema.parse((await request('GET', '/api/research/home', ada)).json());
    expect(home.queue.map((item) => item.paper.id).sort()).toEqual([...result.created, existing].sort());
    const filed = projectSchema.parse(
      (await request('GET', `/api/research/projects/${project.id}`, ada)).json(),
    );
    expect(filed.papers.map((entry) => entry.paper.id)).toEqual([...result.created, existing]);
    expect(filed.papers.map((entry) => entry.paper.citationKey)).toEqual([
      'one',
      'two',
      'three',
      expect.any(String),
    ]);

    // The same file again adds nothing: all four are here now.
    const again = importResultSchema.parse(
      (await request('POST', '/api/research/import', ada, { text })).json(),
    );
    expect(again.created).toEqual([]);
    expect(again.existing.sort()).toEqual([...result.created, existing].sort());
    expect(await cardCount()).toBe(before + 3);
  });

  it('keeps the keywords that can be tags and leaves out the others, rather than refusing the file', async () => {
    const ada = await signUp('Ada');
    const word = uniqueWord();
    const text = [
      `@article{kw, title = {Keywords ${word}}, author = {Koren, Yehuda}, year = 2009, doi = {10.5555/${word}.kw},`,
      '  keywords = {Recommender Systems, ???, A keyword far too long to be one segment of a tag here}}',
    ].join('\n');
    const response = await request('POST', '/api/research/import', ada, { text });
    expect(response.statusCode, response.body).toBe(200);
    const [id] = importResultSchema.parse(response.json()).created;
    const card = cardSchema.parse((await request('GET', `/api/cards/${id}`)).json());
    expect(card.tags).toEqual(['recommender-systems']);
  });

  it('refuses a file over the size cap or of no known format, writing nothing', async () => {
    const ada = await signUp('Ada');
    const before = await cardCount();
    // Under the cap in characters, over it in bytes.
    const heavy = `@article{a, title = {${'é'.repeat(2_700_000)}}, year = 2001}`;
    for (const url of ['/api/research/import/preview', '/api/research/import']) {
      const response = await request('POST', url, ada, { text: heavy });
      expect(response.statusCode).toBe(422);
      expect(errorEnvelopeSchema.parse(response.json()).error).toMatchObject({
        code: 'research/invalid-file',
        message: 'A file of at most 5 MB can be imported',
      });
      const unknown = await request('POST', url, ada, { text: 'Just some words.' });
      expect(unknown.statusCode).toBe(422);
      expect(errorEnvelopeSchema.parse(unknown.json()).error).toMatchObject({
        code: 'research/invalid-file',
        message: 'The file is not BibTeX, RIS or CSL-JSON',
      });
    }
    const long = await request('POST', '/api/research/import', ada, {
      text: 'a'.repeat(5 * 1024 * 1024 + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(long.json()).error.code).toBe('common/validation-failed');
    expect(await cardCount()).toBe(before);
  });

  it('refuses another person’s project before writing', async () => {
    const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
    const project = projectSchema.parse(
      (await request('POST', '/api/research/projects', ada, { title: 'Mine' })).json(),
    );
    const before = await cardCount();
    const response = await request('POST', '/api/research/import', bob, {
      text: library(uniqueWord(), `10.5555/${randomUUID()}`),
      projectId: project.id,
    });
    expect(response.statusCode).toBe(404);
    expect(await cardCount()).toBe(before);
  });
});
