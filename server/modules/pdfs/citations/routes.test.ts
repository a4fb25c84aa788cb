import { beforeAll, describe, expect, it } from 'vitest';
import { pdfCollectionItems, pdfCollections } from '../../../db/schema.ts';
import { setupTestApp } from '../../../test/app.ts';
import { people, type Person } from '../../../test/people.ts';
import { insertPdfDocument } from '../../../test/pdf-documents.ts';

const context = setupTestApp();
const { signUp, request } = people(context, '10.16.3');

/** A row in the library; the export reads only the rows, so any bytes do for the file. */
async function addPdf(person: Person, title: string, fields: Parameters<typeof insertPdfDocument>[3] = {}) {
  return insertPdfDocument(context, person.id, Buffer.from(`%PDF-1.7 ${title} ${person.id}`), {
    title,
    ...fields,
  });
}

async function addCollection(person: Person, name: string, documentIds: string[]) {
  const [collection] = await context.db.orm
    .insert(pdfCollections)
    .values({ ownerKey: person.id, name })
    .returning({ id: pdfCollections.id });
  if (documentIds.length) {
    await context.db.orm
      .insert(pdfCollectionItems)
      .values(documentIds.map((documentId) => ({ collectionId: collection!.id, documentId })));
  }
  return collection!.id;
}

const exportOf = (person: Person | undefined, query: string) =>
  request('GET', `/api/pdfs/export?${query}`, person);

/** The citation keys of a BibTeX file, in order. */
const keysOf = (bibtex: string) => [...bibtex.matchAll(/^@\w+\{([^,]+),/gm)].map((match) => match[1]);

describe('GET /api/pdfs/export', () => {
  let ada: Person;
  let bea: Person;
  let spacing: string;
  let attention: string;
  let memo: string;
  let beas: string;
  let reading: string;

  beforeAll(async () => {
    ada = await signUp('Ada');
    bea = await signUp('Bea');
    const at = (day: number) => new Date(Date.UTC(2026, 0, day));
    spacing = await addPdf(ada, 'Spacing effects in long-term retention', {
      authors: ['Ada Lovelace', 'Alan Turing'],
      year: 2021,
      doi: '10.1234/spacing.2021.5',
      createdAt: at(1),
    });
    attention = await addPdf(ada, 'Attention over cards', {
      authors: ['Ashish Vaswani'],
      year: 2017,
      arxivId: '1706.03762v5',
      createdAt: at(2),
    });
    memo = await addPdf(ada, 'The unsigned memo', { createdAt: at(3) });
    beas = await addPdf(bea, 'Bea’s own paper', { authors: ['Bea Brown'], year: 2020, createdAt: at(1) });
    reading = await addCollection(ada, 'Reading group', [attention, memo]);
  });

  it('exports the whole library as BibTeX, to download, in the order the PDFs were added', async () => {
    const response = await exportOf(ada, 'format=bibtex');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-bibtex; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="library.bib"');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(keysOf(response.body)).toEqual(['lovelace2021spacing', 'vaswani2017attention', 'unsigned']);
    expect(response.body).toContain('@misc{vaswani2017attention,\n\tauthor = {Vaswani, Ashish},');
    expect(response.body).toContain('\teprint = {1706.03762v5},\n\tarchivePrefix = {arXiv},');
  });

  it('exports RIS and CSL-JSON with their types and file names', async () => {
    const ris = await exportOf(ada, 'format=ris');
    expect(ris.statusCode).toBe(200);
    expect(ris.headers['content-type']).toBe('application/x-research-info-systems; charset=utf-8');
    expect(ris.headers['content-disposition']).toBe('attachment; filename="library.ris"');
    expect(ris.body.match(/^TY {2}- /gm)).toHaveLength(3);
    expect(ris.body).toContain('DO  - 10.1234/spacing.2021.5\nID  - lovelace2021spacing\n');

    const csl = await exportOf(ada, 'format=csl-json');
    expect(csl.statusCode).toBe(200);
    expect(csl.headers['content-type']).toBe('application/vnd.citationstyles.csl+json; charset=utf-8');
    expect(csl.headers['content-disposition']).toBe('attachment; filename="library.json"');
    expect((JSON.parse(csl.body) as { id: string; title: string }[]).map((item) => item.title)).toEqual([
      'Spacing effects in long-term retention',
      'Attention over cards',
      'The unsigned memo',
    ]);
  });

  it('exports the chosen PDFs, or a collection’s, or the chosen ones in a collection', async () => {
    const chosen = await exportOf(ada, `format=bibtex&ids=${memo},${spacing}`);
    expect(keysOf(chosen.body)).toEqual(['lovelace2021spacing', 'unsigned']);
    const collection = await exportOf(ada, `format=bibtex&collection=${reading}`);
    expect(keysOf(collection.body)).toEqual(['vaswani2017attention', 'unsigned']);
    const both = await exportOf(ada, `format=bibtex&collection=${reading}&ids=${spacing},${memo}`);
    expect(keysOf(both.body)).toEqual(['unsigned']);
  });

  it('leaves out another person’s PDFs, and answers 404 when none of those asked for is the person’s', async () => {
    const mixed = await exportOf(ada, `format=bibtex&ids=${spacing},${beas}`);
    expect(mixed.statusCode).toBe(200);
    expect(keysOf(mixed.body)).toEqual(['lovelace2021spacing']);
    expect(mixed.body).not.toContain('Bea');

    const others = await exportOf(ada, `format=bibtex&ids=${beas}`);
    expect(others.statusCode).toBe(404);
    expect(others.json().error.code).toBe('common/not-found');
    expect((await exportOf(bea, `format=ris&collection=${reading}`)).statusCode).toBe(404);

    const own = await exportOf(bea, 'format=bibtex');
    expect(keysOf(own.body)).toEqual(['brown2020bea']);
  });

  it('exports an empty file for an empty collection or library', async () => {
    const empty = await addCollection(ada, 'Empty', []);
    const collection = await exportOf(ada, `format=bibtex&collection=${empty}`);
    expect(collection.statusCode).toBe(200);
    expect(collection.body).toBe('');
    const newcomer = await signUp('Newcomer');
    const library = await exportOf(newcomer, 'format=csl-json');
    expect(library.statusCode).toBe(200);
    expect(library.body).toBe('[]\n');
  });

  it('refuses a bad format or id with 400, and a visitor with 401', async () => {
    for (const query of ['', 'format=endnote', `format=bibtex&ids=not-an-id`, 'format=ris&collection=x']) {
      const response = await exportOf(ada, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('common/validation-failed');
    }
    expect((await exportOf(undefined, 'format=bibtex')).statusCode).toBe(401);
  });
});
