import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfSearchResultSchema, type PdfSearchHit } from '../../../../contracts/pdfs.ts';
import { createLocalFileStore } from '../../../lib/files/store.ts';
import { setupTestApp } from '../../../test/app.ts';
import { people, type Person } from '../../../test/people.ts';
import { insertPdfDocument } from '../../../test/pdf-documents.ts';
import { makePaperPdf } from '../../../test/pdfs.ts';
import { createTextExtractor } from './extract.ts';
import { createTextRepository } from './repository.ts';

const context = setupTestApp();
const { signUp, request } = people(context, '10.16.2');

const filler = (n: number) =>
  `Page ${n} reviews what is known about spaced repetition and how intervals grow between reviews.`;

/** Puts a generated paper in `person`'s library and extracts its text, as the job does. */
async function addPaper(person: Person, title: string, pages: string[]): Promise<string> {
  const id = await insertPdfDocument(context, person.id, await makePaperPdf({ title, pages }), {
    title,
    pageCount: pages.length,
  });
  const extractor = createTextExtractor({
    repository: createTextRepository(context.db),
    store: createLocalFileStore(path.join(context.dataDir, 'files')),
    log: context.app.log,
  });
  const signal = new AbortController().signal;
  expect(await extractor.extract(id, { retryCount: 0, retryLimit: 0, signal })).toBe('extracted');
  return id;
}

async function search(person: Person | undefined, query: string) {
  return request('GET', `/api/pdfs/search?${query}`, person);
}

async function hits(person: Person, q: string, limit?: number): Promise<PdfSearchHit[]> {
  const response = await search(
    person,
    new URLSearchParams({ q, ...(limit ? { limit: String(limit) } : {}) }).toString(),
  );
  expect(response.statusCode, response.body).toBe(200);
  return pdfSearchResultSchema.parse(response.json()).hits;
}

const marked = (hit: PdfSearchHit) => hit.snippet.filter((part) => part.hit).map((part) => part.text);
const plain = (hit: PdfSearchHit) => hit.snippet.map((part) => part.text).join('');

describe('GET /api/pdfs/search', () => {
  let ada: Person;
  let bea: Person;
  let paper: string;
  let other: string;

  beforeAll(async () => {
    ada = await signUp('Ada');
    bea = await signUp('Bea');
    paper = await addPaper(ada, 'Memory and brewing', [
      filler(1),
      filler(2),
      'Only the third page mentions zymurgy, the science of fermentation in brewing and baking.',
      filler(4),
    ]);
    other = await addPaper(ada, 'Interleaving', [
      'Interleaving mixes topics. Interleaving helps learners tell problems apart; interleaving is hard.',
      'A single mention of interleaving on this page, among many other words about learning and memory.',
    ]);
    await addPaper(ada, 'Markup in a PDF', [
      'The page prints <b>bold</b> tags, a <script>alert("quokka")</script> and &amp; as text: quokka.',
    ]);
    // Bea's PDF holds the same rare word: Ada must never see it, nor Bea Ada's.
    await addPaper(bea, 'Bea’s notes on zymurgy', [
      'Zymurgy for beginners: yeast, sugar, time and patience.',
    ]);
  });

  it('finds the page that holds a word, with the title and a snippet that marks it', async () => {
    const found = await hits(ada, 'zymurgy');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ documentId: paper, title: 'Memory and brewing', page: 3 });
    expect(marked(found[0]!)).toEqual(['zymurgy']);
    // ts_headline ends a snippet on a word.
    expect(plain(found[0]!)).toBe(
      'Only the third page mentions zymurgy, the science of fermentation in brewing and baking',
    );
  });

  it('finds words by their stem and without their accents, and ranks the page that says more first', async () => {
    const found = await hits(ada, 'interleaved');
    expect(found.map((hit) => [hit.documentId, hit.page])).toEqual([
      [other, 1],
      [other, 2],
    ]);
    // Page 1 starts with the title.
    expect(marked(found[0]!)).toEqual(['Interleaving', 'Interleaving', 'Interleaving', 'interleaving']);
    expect((await hits(ada, 'zýmurgy'))[0]?.page).toBe(3);
  });

  it('reads the query as a web search: quoted phrases, words to leave out', async () => {
    expect(await hits(ada, '"science of fermentation"')).toHaveLength(1);
    expect(await hits(ada, '"fermentation science"')).toHaveLength(0);
    expect((await hits(ada, 'spaced repetition -zymurgy')).map((hit) => hit.page)).not.toContain(3);
  });

  it('answers at most `limit` pages', async () => {
    expect((await hits(ada, 'spaced repetition')).length).toBe(3);
    expect(await hits(ada, 'spaced repetition', 2)).toHaveLength(2);
  });

  it('gives the text of a PDF as plain text, whatever markup it prints', async () => {
    const [hit] = await hits(ada, 'quokka');
    expect(plain(hit!)).toContain('<b>bold</b>');
    expect(plain(hit!)).toContain('<script>');
    expect(plain(hit!)).toContain('&amp;');
    expect(marked(hit!)).toContain('quokka');
  });

  it('never shows another person’s PDFs', async () => {
    const beas = await hits(bea, 'zymurgy');
    expect(beas).toHaveLength(1);
    expect(beas[0]!.title).toBe('Bea’s notes on zymurgy');
    expect(await hits(bea, 'interleaving')).toEqual([]);
  });

  it('finds nothing for words search leaves out, and refuses a bad query with 400', async () => {
    expect(await hits(ada, 'the of and')).toEqual([]);
    for (const query of [
      '',
      'q=',
      'q=%20%20',
      `q=${'a'.repeat(201)}`,
      'q=zymurgy&limit=0',
      'q=zymurgy&limit=101',
    ]) {
      const response = await search(ada, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('common/validation-failed');
    }
  });

  it('is for signed-in people only', async () => {
    const response = await search(undefined, 'q=zymurgy');
    expect(response.statusCode).toBe(401);
  });
});
