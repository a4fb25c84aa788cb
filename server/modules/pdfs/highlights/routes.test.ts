import { describe, expect, it } from 'vitest';
import { cardSchema } from '../../../../contracts/cards.ts';
import { makeCardResultSchema, pdfHighlightSchema } from '../../../../contracts/pdfs.ts';
import { setupTestApp } from '../../../test/app.ts';
import { cardFactory } from '../../../test/cards.ts';
import { people, type Person } from '../../../test/people.ts';

const rects = [{ x: 72, y: 100, width: 300, height: 12 }];

describe('highlights and Make card', () => {
  const context = setupTestApp();
  const { signUp, request } = people(context, '10.16.1');

  /** A PDF row in `owner`'s library (the bytes are not needed to highlight it). */
  async function pdf(owner: Person, fields: { title?: string; tags?: string[]; pageCount?: number } = {}) {
    const { rows } = await context.db.pool.query<{ id: string }>(
      `insert into pdf_documents (owner_key, file_hash, file_name, byte_size, page_count, title, authors, year, doi, tags)
       values ($1, md5(random()::text) || md5(random()::text), 'paper.pdf', 1000, $2, $3,
               '{Ada Lovelace,Alan Turing}', 2021, '10.1234/spacing.5', $4) returning id`,
      [owner.id, fields.pageCount ?? 5, fields.title ?? 'Spacing effects', fields.tags ?? []],
    );
    return rows[0]!.id;
  }

  const highlight = (owner: Person, documentId: string, body: object = {}) =>
    request('POST', `/api/pdfs/${documentId}/highlights`, owner, {
      page: 3,
      color: 'yellow',
      quote: 'Spaced reviews beat massed practice.',
      prefix: 'As shown before, ',
      suffix: ' This holds for',
      rects,
      ...body,
    });

  const count = async (table: string) =>
    Number((await context.db.pool.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]!.n);

  it('adds, changes and deletes a highlight, only in the owner’s PDF', async () => {
    const ada = await signUp('Ada');
    const bob = await signUp('Bob');
    const documentId = await pdf(ada);

    const created = await highlight(ada, documentId, { note: 'Key claim' });
    expect(created.statusCode, created.body).toBe(201);
    const saved = pdfHighlightSchema.parse(created.json());
    expect(saved).toMatchObject({ page: 3, color: 'yellow', note: 'Key claim', rects, card: null });

    const recoloured = await request('PATCH', `/api/pdfs/${documentId}/highlights/${saved.id}`, ada, {
      color: 'blue',
      note: '',
    });
    expect(recoloured.json()).toMatchObject({ color: 'blue', note: null });

    for (const [method, body] of [
      ['PATCH', { color: 'green' }],
      ['DELETE', undefined],
    ] as const) {
      const refused = await request(method, `/api/pdfs/${documentId}/highlights/${saved.id}`, bob, body);
      expect(refused.statusCode).toBe(404);
    }
    expect((await highlight(bob, documentId)).statusCode).toBe(404);

    const deleted = await request('DELETE', `/api/pdfs/${documentId}/highlights/${saved.id}`, ada);
    expect(deleted.statusCode).toBe(204);
    expect((await request('DELETE', `/api/pdfs/${documentId}/highlights/${saved.id}`, ada)).statusCode).toBe(
      404,
    );
  });

  it('refuses a bad highlight with a clear error and stores nothing', async () => {
    const ada = await signUp('Ada');
    const documentId = await pdf(ada, { pageCount: 5 });
    const before = await count('pdf_highlights');
    for (const [body, path] of [
      [{ page: 9 }, 'page'],
      [{ color: 'orange' }, 'color'],
      [{ quote: '   ' }, 'quote'],
      [{ rects: [] }, 'rects'],
    ] as const) {
      const refused = await highlight(ada, documentId, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error.details.fields.map((field: { path: string }) => field.path)).toContain(
        path,
      );
    }
    expect(await count('pdf_highlights')).toBe(before);
  });

  it('makes a draft card that quotes, notes and cites the page, and links its author back', async () => {
    const ada = await signUp('Ada');
    const documentId = await pdf(ada, { tags: ['memory', 'not a tag!'] });
    const made = pdfHighlightSchema.parse(
      (await highlight(ada, documentId, { note: 'Why spacing works\nMore thoughts.' })).json(),
    );

    const response = await request('POST', `/api/pdfs/${documentId}/highlights/${made.id}/card`, ada, {
      as: 'draft',
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = makeCardResultSchema.parse(response.json());
    expect(result.card).toMatchObject({ title: 'Why spacing works', status: 'draft' });
    expect(result.highlight.card).toEqual(result.card);

    const draft = (await request('GET', `/api/cards/${result.card.id}/draft`, ada)).json();
    expect(draft.body).toBe(
      '> Spaced reviews beat massed practice.\n\nWhy spacing works\nMore thoughts.\n\n' +
        '— Ada Lovelace and Alan Turing (2021). Spacing effects. https://doi.org/10.1234/spacing.5 p. 3',
    );
    expect(draft.tags).toEqual(['memory', 'not-a-tag']);

    const card = cardSchema.parse((await request('GET', `/api/cards/${result.card.id}`, ada)).json());
    expect(card.source).toEqual({
      paperTitle: 'Spacing effects',
      page: 3,
      citation: 'Ada Lovelace and Alan Turing (2021). Spacing effects. https://doi.org/10.1234/spacing.5',
      href: `/learn/pdf-library/${documentId}?page=3#h-${made.id}`,
    });
    const { rows } = await context.db.pool.query(
      'select make_card_as from pdf_library_settings where profile_key = $1',
      [ada.id],
    );
    expect(rows).toEqual([{ make_card_as: 'draft' }]);

    // Asking again, or twice at once, answers the one card the highlight has.
    const again = await Promise.all(
      [1, 2].map(() =>
        request('POST', `/api/pdfs/${documentId}/highlights/${made.id}/card`, ada, { as: 'published' }),
      ),
    );
    expect(again.map((each) => each.json().card.id)).toEqual([result.card.id, result.card.id]);
    const live = await context.db.pool.query(
      `select count(*)::int as n from cards c join card_sources s on s.card_id = c.id
       where s.highlight_id = $1 and c.deleted_at is null`,
      [made.id],
    );
    expect(live.rows[0].n).toBe(1);
  });

  it('publishes when asked; others see the paper and page without the link; the card outlives the PDF', async () => {
    const ada = await signUp('Ada');
    const bob = await signUp('Bob');
    const documentId = await pdf(ada);
    const made = pdfHighlightSchema.parse((await highlight(ada, documentId)).json());
    const result = makeCardResultSchema.parse(
      (
        await request('POST', `/api/pdfs/${documentId}/highlights/${made.id}/card`, ada, { as: 'published' })
      ).json(),
    );
    expect(result.card).toMatchObject({ title: 'Spaced reviews beat massed practice.', status: 'published' });

    const seen = cardSchema.parse((await request('GET', `/api/cards/${result.card.id}`, bob)).json());
    expect(seen.source).toMatchObject({ paperTitle: 'Spacing effects', page: 3, href: null });

    await context.db.pool.query('delete from pdf_documents where id = $1', [documentId]);
    const kept = cardSchema.parse((await request('GET', `/api/cards/${result.card.id}`, ada)).json());
    expect(kept.body).toContain('Spaced reviews beat massed practice.');
    expect(kept.source).toMatchObject({ paperTitle: 'Spacing effects', page: 3, href: null });
    expect(kept.source?.citation).toContain('Spacing effects');
  });

  it('refuses Make card on another person’s highlight', async () => {
    const ada = await signUp('Ada');
    const bob = await signUp('Bob');
    const documentId = await pdf(ada);
    const made = pdfHighlightSchema.parse((await highlight(ada, documentId)).json());
    const refused = await request('POST', `/api/pdfs/${documentId}/highlights/${made.id}/card`, bob, {
      as: 'draft',
    });
    expect(refused.statusCode).toBe(404);
    expect(
      await context.db.pool.query('select 1 from card_sources where highlight_id = $1', [made.id]),
    ).toMatchObject({
      rowCount: 0,
    });
  });

  it('shows a paper card’s attached PDF to its author only', async () => {
    const ada = await signUp('Ada');
    const bob = await signUp('Bob');
    const paper = await cardFactory(context).card(ada.id, { type: 'paper', title: 'Spacing (card)' });
    const documentId = await pdf(ada);
    await context.db.pool.query('update pdf_documents set paper_card_id = $1 where id = $2', [
      paper.id,
      documentId,
    ]);
    expect((await request('GET', `/api/cards/${paper.id}`, ada)).json().attachedPdf).toEqual({
      id: documentId,
      title: 'Spacing effects',
    });
    expect((await request('GET', `/api/cards/${paper.id}`, bob)).json().attachedPdf).toBeNull();
  });
});
