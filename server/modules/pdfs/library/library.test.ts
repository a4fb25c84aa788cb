import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  citationLine,
  pdfCollectionSchema,
  pdfDetailSchema,
  pdfDocumentSchema,
  pdfLibrarySchema,
  pdfRules,
  type PdfDocument,
  type PdfLibrary,
} from '../../../../contracts/pdfs.ts';
import {
  cardSources,
  cards as cardsTable,
  pdfCollections,
  pdfHighlights,
  pdfPages,
} from '../../../db/schema.ts';
import { setupTestApp } from '../../../test/app.ts';
import { cardFactory } from '../../../test/cards.ts';
import { people, type Person } from '../../../test/people.ts';
import { pdfUploads } from '../../../test/pdf-uploads.ts';

describe('the PDF library', () => {
  const context = setupTestApp();
  const { signUp, request } = people(context, '100.83.0');
  const { paper } = pdfUploads(context);
  const cardsOf = cardFactory(context);

  async function library(person: Person, query = ''): Promise<PdfLibrary> {
    const response = await request('GET', `/api/pdfs${query}`, person);
    expect(response.statusCode, response.body).toBe(200);
    return pdfLibrarySchema.parse(response.json());
  }
  const titles = async (person: Person, query = '') =>
    (await library(person, query)).items.map((d) => d.title);

  async function patch(person: Person, id: string, body: object): Promise<PdfDocument> {
    const response = await request('PATCH', `/api/pdfs/${id}`, person, body);
    expect(response.statusCode, response.body).toBe(200);
    return pdfDocumentSchema.parse(response.json());
  }

  async function collection(person: Person, name: string): Promise<string> {
    const response = await request('POST', '/api/pdfs/collections', person, { name });
    expect(response.statusCode, response.body).toBe(201);
    return pdfCollectionSchema.parse(response.json()).id;
  }

  /** A highlight written as the highlights part of the library writes it. */
  async function highlight(documentId: string, page: number, x: number, y: number, cardId?: string) {
    const [row] = await context.db.orm
      .insert(pdfHighlights)
      .values({
        documentId,
        page,
        color: 'yellow',
        quote: `Quote on page ${page} at ${x},${y}`,
        rects: [{ x, y, width: 100, height: 12 }],
        cardId: cardId ?? null,
      })
      .returning();
    return row!;
  }

  describe('the list', () => {
    let reader: Person;
    let ids: Record<'zebra' | 'apple' | 'middle', string>;

    beforeAll(async () => {
      reader = await signUp('Lister');
      const upload = async (title: string, authors: string[], year: number | null) => {
        const { document } = await paper(reader);
        await patch(reader, document.id, { title, authors, year });
        return document.id;
      };
      ids = {
        zebra: await upload('Zebra findings', ['Maria Young', 'Ann Bell'], 2001),
        apple: await upload('apple studies', ['Carl Adams'], 2020),
        middle: await upload('Middle ground', [], null),
      };
      // Someone else's library is never part of it.
      const other = await signUp('Other lister');
      await paper(other, { title: 'Not yours' });
    });

    it('lists the person’s PDFs newest first, with the whole library’s total, usage and settings', async () => {
      const shown = await library(reader);
      expect(shown.items.map((d) => d.id)).toEqual([ids.middle, ids.apple, ids.zebra]);
      expect(shown.total).toBe(3);
      expect(shown.usage.usedBytes).toBe(shown.items.reduce((sum, d) => sum + d.byteSize, 0));
      expect(shown.usage.allowedBytes).toBe(250 * 1024 * 1024);
      expect(shown).toMatchObject({ collections: [], tags: [], makeCardAs: null });
    });

    it('sorts by title, first author, year, and when last opened', async () => {
      expect(await titles(reader, '?sort=title')).toEqual([
        'apple studies',
        'Middle ground',
        'Zebra findings',
      ]);
      // A paper without authors comes after those with one.
      expect(await titles(reader, '?sort=author')).toEqual([
        'apple studies',
        'Zebra findings',
        'Middle ground',
      ]);
      expect(await titles(reader, '?sort=year')).toEqual([
        'apple studies',
        'Zebra findings',
        'Middle ground',
      ]);
      expect((await request('GET', `/api/pdfs/${ids.zebra}`, reader)).statusCode).toBe(200);
      expect((await request('GET', `/api/pdfs/${ids.middle}`, reader)).statusCode).toBe(200);
      // Never opened comes last, after the newest opened first.
      expect(await titles(reader, '?sort=opened')).toEqual([
        'Middle ground',
        'Zebra findings',
        'apple studies',
      ]);
      expect((await request('GET', '/api/pdfs?sort=random', reader)).statusCode).toBe(400);
    });

    it('filters by tag, collection and status, and lists every tag and collection with its count', async () => {
      const tagged = await patch(reader, ids.zebra, { tags: ['memory', ' Memory ', 'sleep', 'memory'] });
      expect(tagged.tags).toEqual(['memory', 'sleep']);
      await patch(reader, ids.apple, { tags: ['Attention'], status: 'reading' });
      const group = await collection(reader, 'Reading group');
      const empty = await collection(reader, 'Another');
      await patch(reader, ids.apple, { collectionIds: [group] });
      await patch(reader, ids.middle, { collectionIds: [group, group], status: 'read' });

      expect(await titles(reader, '?tag=memory')).toEqual(['Zebra findings']);
      expect(await titles(reader, '?tag=Memory')).toEqual([]);
      expect(await titles(reader, `?collection=${group}`)).toEqual(['Middle ground', 'apple studies']);
      expect(await titles(reader, `?collection=${empty}`)).toEqual([]);
      expect(await titles(reader, '?status=reading')).toEqual(['apple studies']);
      expect(await titles(reader, '?status=to-read')).toEqual(['Zebra findings']);
      expect(await titles(reader, `?collection=${group}&status=read&sort=title`)).toEqual(['Middle ground']);

      const filtered = await library(reader, '?status=read');
      expect(filtered.total).toBe(3);
      expect(filtered.tags).toEqual(['Attention', 'memory', 'sleep']);
      expect(filtered.collections).toEqual([
        { id: empty, name: 'Another', documentCount: 0 },
        { id: group, name: 'Reading group', documentCount: 2 },
      ]);
      expect(filtered.items[0]?.collectionIds).toEqual([group]);
    });
  });

  describe('one PDF', () => {
    it('shows its highlights in reading order, the cards made from it, its paper card and citation', async () => {
      const reader = await signUp('Detail');
      const { document } = await paper(reader);
      await patch(reader, document.id, {
        title: 'Sleep and Memory',
        authors: ['Rosa Chen', 'Omar Haddad', 'Lea Roth'],
        year: 2018,
        doi: '10.5555/sleep.2018',
      });
      const kept = await cardsOf.card(reader.id, { title: 'Sleep consolidates', status: 'draft' });
      const gone = await cardsOf.card(reader.id, { title: 'Deleted card', deletedAt: new Date() });
      const second = await highlight(document.id, 2, 72, 300);
      const lower = await highlight(document.id, 1, 72, 500, gone.id);
      const right = await highlight(document.id, 1, 300, 100);
      const first = await highlight(document.id, 1, 72, 100, kept.id);
      const source = { paperTitle: 'Sleep and Memory', citation: 'A citation' };
      await context.db.orm.insert(cardSources).values([
        { cardId: kept.id, documentId: document.id, highlightId: first.id, page: 1, ...source },
        { cardId: gone.id, documentId: document.id, highlightId: lower.id, page: 1, ...source },
      ]);
      const paperCard = await cardsOf.card(reader.id, { title: 'Sleep and Memory (card)', type: 'paper' });
      await patch(reader, document.id, { paperCardId: paperCard.id });

      const before = Date.now();
      const response = await request('GET', `/api/pdfs/${document.id}`, reader);
      expect(response.statusCode, response.body).toBe(200);
      const detail = pdfDetailSchema.parse(response.json());
      expect(detail.highlights.map((h) => h.id)).toEqual([first.id, right.id, lower.id, second.id]);
      expect(detail.highlights[0]?.card).toEqual({
        id: kept.id,
        title: 'Sleep consolidates',
        status: 'draft',
      });
      // A deleted card is no card.
      expect(detail.highlights[2]?.card).toBeNull();
      expect(detail.cards).toEqual([
        { id: kept.id, title: 'Sleep consolidates', status: 'draft', page: 1, highlightId: first.id },
      ]);
      expect(detail.document).toMatchObject({
        highlightCount: 4,
        cardCount: 1,
        paperCard: { id: paperCard.id, title: 'Sleep and Memory (card)' },
      });
      expect(detail.citation).toBe(
        'Rosa Chen, Omar Haddad and Lea Roth (2018). Sleep and Memory. https://doi.org/10.5555/sleep.2018',
      );
      expect(detail.citation).toBe(citationLine(detail.document));
      // Opening it is noted.
      expect(Date.parse(detail.document.openedAt!)).toBeGreaterThanOrEqual(before - 1000);

      // The paper card, once deleted, is no longer shown.
      await context.db.orm
        .update(cardsTable)
        .set({ deletedAt: new Date() })
        .where(eq(cardsTable.id, paperCard.id));
      expect((await library(reader)).items[0]?.paperCard).toBeNull();
    });
  });

  describe('edits', () => {
    let reader: Person;
    let id: string;
    beforeAll(async () => {
      reader = await signUp('Editor');
      id = (await paper(reader, { pages: ['One', 'Two', 'Three', 'Four', 'Five'] })).document.id;
    });

    const refused = async (body: object, status: number, code: string) => {
      const response = await request('PATCH', `/api/pdfs/${id}`, reader, body);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().error.code).toBe(code);
      return response.json().error as { details?: { fields?: { path: string; message: string }[] } };
    };

    it('changes the fields sent, and only those', async () => {
      const before = await patch(reader, id, {});
      const changed = await patch(reader, id, {
        title: '  A Better Title  ',
        authors: ['Ida Stone'],
        year: 1999,
        doi: '10.1000/xyz-1',
        arxivId: '2101.01234v2',
        status: 'reading',
        lastPage: 3,
      });
      expect(changed).toMatchObject({
        title: 'A Better Title',
        authors: ['Ida Stone'],
        year: 1999,
        doi: '10.1000/xyz-1',
        arxivId: '2101.01234v2',
        status: 'reading',
        lastPage: 3,
        fileName: before.fileName,
        pageCount: 5,
      });
      expect(Date.parse(changed.updatedAt)).toBeGreaterThan(Date.parse(before.createdAt));
      const cleared = await patch(reader, id, { year: null, doi: null, arxivId: null });
      expect(cleared).toMatchObject({ year: null, doi: null, arxivId: null, title: 'A Better Title' });
    });

    it('keeps the last page within the document', async () => {
      expect((await patch(reader, id, { lastPage: 99 })).lastPage).toBe(5);
      await refused({ lastPage: 0 }, 400, 'common/validation-failed');
    });

    it('refuses fields that are not right, naming them, and changes nothing', async () => {
      const fields = async (body: object) =>
        (await refused(body, 400, 'common/validation-failed')).details?.fields?.map((f) => f.path);
      expect(await fields({ title: '   ' })).toEqual(['title']);
      expect(await fields({ doi: 'not a doi' })).toEqual(['doi']);
      expect(await fields({ arxivId: 'arXiv 12' })).toEqual(['arxivId']);
      expect(await fields({ status: 'skimmed' })).toEqual(['status']);
      expect(await fields({ tags: Array.from({ length: pdfRules.maxTags + 1 }, (_, i) => `t${i}`) })).toEqual(
        ['tags'],
      );

      const stranger = await signUp('Stranger');
      const theirs = await collection(stranger, 'Theirs');
      const mine = await collection(reader, 'Mine');
      const error = await refused(
        { title: 'Never saved', collectionIds: [mine, theirs] },
        400,
        'common/validation-failed',
      );
      expect(error.details?.fields).toEqual([
        { path: 'collectionIds.1', message: 'There is no such collection in your library' },
      ]);
      const now = (await library(reader)).items[0]!;
      expect(now.title).not.toBe('Never saved');
      expect(now.collectionIds).toEqual([]);
      expect((await patch(reader, id, { collectionIds: [mine] })).collectionIds).toEqual([mine]);
      expect((await patch(reader, id, { collectionIds: [] })).collectionIds).toEqual([]);
    });

    it('attaches a paper card of the person’s own or a listed one, never a private one of someone else', async () => {
      const note = await cardsOf.card(reader.id, { type: 'note' });
      const deleted = await cardsOf.card(reader.id, { type: 'paper', deletedAt: new Date() });
      const someoneElse = await cardsOf.card(await cardsOf.author(), {
        type: 'paper',
        visibility: 'private',
      });
      for (const card of [note, deleted, someoneElse]) {
        await refused({ paperCardId: card.id }, 422, 'pdf/not-a-paper-card');
      }
      await refused({ paperCardId: '00000000-0000-4000-8000-000000000000' }, 422, 'pdf/not-a-paper-card');
      const draft = await cardsOf.card(reader.id, { type: 'paper', status: 'draft', title: 'My paper' });
      expect((await patch(reader, id, { paperCardId: draft.id })).paperCard).toEqual({
        id: draft.id,
        title: 'My paper',
      });
      const listed = await cardsOf.card(await cardsOf.author(), { type: 'paper', title: 'Their paper' });
      expect((await patch(reader, id, { paperCardId: listed.id })).paperCard).toEqual({
        id: listed.id,
        title: 'Their paper',
      });
      expect((await patch(reader, id, { paperCardId: null })).paperCard).toBeNull();
    });
  });

  it('deletes a PDF with its text, highlights and collection entries; its cards keep their text and citation', async () => {
    const reader = await signUp('Deleter');
    const { document } = await paper(reader);
    const group = await collection(reader, 'To clear');
    await patch(reader, document.id, { collectionIds: [group] });
    await context.db.orm
      .insert(pdfPages)
      .values({ documentId: document.id, ownerKey: reader.id, page: 1, text: 'Page one' });
    const card = await cardsOf.card(reader.id, { title: 'From the paper', body: 'The quote' });
    const marked = await highlight(document.id, 1, 10, 10, card.id);
    await context.db.orm.insert(cardSources).values({
      cardId: card.id,
      documentId: document.id,
      highlightId: marked.id,
      page: 1,
      paperTitle: document.title,
      citation: 'Its citation',
    });

    const deleted = await request('DELETE', `/api/pdfs/${document.id}`, reader);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await request('GET', `/api/pdfs/${document.id}`, reader)).statusCode).toBe(404);
    expect((await request('DELETE', `/api/pdfs/${document.id}`, reader)).statusCode).toBe(404);
    expect(await context.db.orm.select().from(pdfPages).where(eq(pdfPages.documentId, document.id))).toEqual(
      [],
    );
    expect(
      await context.db.orm.select().from(pdfHighlights).where(eq(pdfHighlights.documentId, document.id)),
    ).toEqual([]);
    expect((await library(reader)).collections).toEqual([{ id: group, name: 'To clear', documentCount: 0 }]);
    const [source] = await context.db.orm.select().from(cardSources).where(eq(cardSources.cardId, card.id));
    expect(source).toMatchObject({
      documentId: null,
      highlightId: null,
      page: 1,
      paperTitle: document.title,
      citation: 'Its citation',
    });
    const [kept] = await context.db.orm.select().from(cardsTable).where(eq(cardsTable.id, card.id));
    expect(kept).toMatchObject({ title: 'From the paper', body: 'The quote', deletedAt: null });
  });

  describe('collections', () => {
    it('are made, renamed and deleted; a name is taken whatever its case, in one library only', async () => {
      const reader = await signUp('Curator');
      const made = await request('POST', '/api/pdfs/collections', reader, { name: '  Sleep  ' });
      expect(made.statusCode).toBe(201);
      const sleep = pdfCollectionSchema.parse(made.json());
      expect(sleep).toMatchObject({ name: 'Sleep', documentCount: 0 });
      const again = await request('POST', '/api/pdfs/collections', reader, { name: 'SLEEP' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('pdf/collection-name-taken');
      expect((await request('POST', '/api/pdfs/collections', reader, { name: '' })).statusCode).toBe(400);
      // Another library may use the name.
      await collection(await signUp('Other curator'), 'Sleep');

      const memory = await collection(reader, 'Memory');
      const taken = await request('PATCH', `/api/pdfs/collections/${memory}`, reader, { name: 'sleep' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error.code).toBe('pdf/collection-name-taken');
      // Its own name in another case is a rename, not a clash.
      const renamed = await request('PATCH', `/api/pdfs/collections/${sleep.id}`, reader, { name: 'SLEEP' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toEqual({ id: sleep.id, name: 'SLEEP', documentCount: 0 });

      const { document } = await paper(reader);
      await patch(reader, document.id, { collectionIds: [sleep.id, memory] });
      expect((await library(reader)).collections.map((c) => [c.name, c.documentCount])).toEqual([
        ['Memory', 1],
        ['SLEEP', 1],
      ]);
      expect((await request('DELETE', `/api/pdfs/collections/${sleep.id}`, reader)).statusCode).toBe(204);
      const after = await library(reader);
      expect(after.collections.map((c) => c.name)).toEqual(['Memory']);
      // Its PDFs stay in the library.
      expect(after.items.map((d) => [d.id, d.collectionIds])).toEqual([[document.id, [memory]]]);
      expect((await request('DELETE', `/api/pdfs/collections/${sleep.id}`, reader)).statusCode).toBe(404);
    });

    it(`stop at ${pdfRules.maxCollections}`, async () => {
      const reader = await signUp('Many');
      await context.db.orm
        .insert(pdfCollections)
        .values(
          Array.from({ length: pdfRules.maxCollections }, (_, i) => ({ ownerKey: reader.id, name: `C${i}` })),
        );
      const refused = await request('POST', '/api/pdfs/collections', reader, { name: 'One more' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.details.fields[0].path).toBe('name');
      expect((await library(reader)).collections).toHaveLength(pdfRules.maxCollections);
    });
  });

  it('saves whether Make card writes drafts or publishes', async () => {
    const reader = await signUp('Settler');
    const saved = await request('PUT', '/api/pdfs/settings', reader, { makeCardAs: 'published' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ makeCardAs: 'published' });
    expect((await library(reader)).makeCardAs).toBe('published');
    expect((await request('PUT', '/api/pdfs/settings', reader, { makeCardAs: null })).json()).toEqual({
      makeCardAs: null,
    });
    expect((await library(reader)).makeCardAs).toBeNull();
    expect((await request('PUT', '/api/pdfs/settings', reader, { makeCardAs: 'always' })).statusCode).toBe(
      400,
    );
  });

  it('never shows or changes someone else’s PDF or collection: they are not there (404)', async () => {
    const owner = await signUp('Keeper');
    const other = await signUp('Snoop');
    const { document, bytes } = await paper(owner);
    const group = await collection(owner, 'Private group');
    const attempts = [
      request('GET', `/api/pdfs/${document.id}`, other),
      request('GET', `/api/pdfs/${document.id}/file`, other),
      request('PATCH', `/api/pdfs/${document.id}`, other, { title: 'Mine now' }),
      request('DELETE', `/api/pdfs/${document.id}`, other),
      request('PATCH', `/api/pdfs/collections/${group}`, other, { name: 'Mine now' }),
      request('DELETE', `/api/pdfs/collections/${group}`, other),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().error.code).toBe('common/not-found');
    }
    expect((await library(other)).items).toEqual([]);
    const still = await library(owner);
    expect(still.items.map((d) => [d.id, d.title])).toEqual([[document.id, document.title]]);
    expect(still.collections.map((c) => c.name)).toEqual(['Private group']);
    const file = await request('GET', `/api/pdfs/${document.id}/file`, owner);
    expect(file.rawPayload.equals(bytes)).toBe(true);
    // Signed out, every route asks for a sign-in.
    for (const [method, url] of [
      ['GET', '/api/pdfs'],
      ['GET', `/api/pdfs/${document.id}`],
      ['DELETE', `/api/pdfs/${document.id}`],
      ['PUT', '/api/pdfs/settings'],
    ] as const) {
      expect((await request(method, url)).statusCode).toBe(401);
    }
  });
});

describe('the PDF library in the OpenAPI document', () => {
  const context = setupTestApp();

  it('describes every route, the upload’s body and name header, and the file’s range answers', async () => {
    const document = (await context.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const operations = [
      ['/api/pdfs', 'get'],
      ['/api/pdfs', 'post'],
      ['/api/pdfs/{id}', 'get'],
      ['/api/pdfs/{id}', 'patch'],
      ['/api/pdfs/{id}', 'delete'],
      ['/api/pdfs/{id}/file', 'get'],
      ['/api/pdfs/{id}/file', 'head'],
      ['/api/pdfs/collections', 'post'],
      ['/api/pdfs/collections/{id}', 'patch'],
      ['/api/pdfs/collections/{id}', 'delete'],
      ['/api/pdfs/settings', 'put'],
    ] as const;
    for (const [path, method] of operations) {
      expect(document.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(['pdfs']);
    }
    const upload = document.paths['/api/pdfs']?.post;
    expect(upload?.parameters).toEqual([
      { schema: { type: 'string', maxLength: 2000 }, in: 'header', name: 'x-file-name', required: false },
    ]);
    expect(Object.keys(upload?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '201', '413', '415', '422']),
    );
    const file = document.paths['/api/pdfs/{id}/file']?.get?.responses as Record<string, unknown>;
    expect(Object.keys(file)).toEqual(expect.arrayContaining(['200', '206', '304', '404', '416']));
  });
});
