import { describe, expect, it } from 'vitest';
import { paperCardsSchema, pdfDocumentSchema } from '../../../../contracts/pdfs.ts';
import { setupTestApp } from '../../../test/app.ts';
import { cardFactory } from '../../../test/cards.ts';
import { people } from '../../../test/people.ts';
import { pdfUploads } from '../../../test/pdf-uploads.ts';

describe('a PDF’s paper card', () => {
  const context = setupTestApp();
  const { signUp, request } = people(context, '100.83.0');
  const { paper } = pdfUploads(context);

  it('lists the person’s own paper cards first, then listed ones, filtered by title', async () => {
    const ada = await signUp('Ada');
    const bob = await signUp('Bob');
    const cards = cardFactory(context);
    const mine = await cards.card(ada.id, { type: 'paper', title: 'Spacing effects (paper)' });
    await cards.card(ada.id, { type: 'note', title: 'Spacing notes' });
    await cards.card(ada.id, { type: 'paper', title: 'Spacing, deleted', deletedAt: new Date() });
    const bobs = await cards.card(bob.id, { type: 'paper', title: 'Spacing by Bob' });
    await cards.card(bob.id, { type: 'paper', title: 'Spacing, private to Bob', visibility: 'private' });
    await cards.card(ada.id, { type: 'paper', title: 'Sleep and memory' });

    const found = paperCardsSchema.parse((await request('GET', '/api/pdfs/paper-cards?q=spac', ada)).json());
    expect(found.items).toEqual([
      { id: mine.id, title: 'Spacing effects (paper)' },
      { id: bobs.id, title: 'Spacing by Bob' },
    ]);
    const wildcard = paperCardsSchema.parse(
      (await request('GET', '/api/pdfs/paper-cards?q=%25', ada)).json(),
    );
    expect(wildcard.items).toEqual([]);
  });

  it('makes a draft paper card from the PDF’s citation fields and attaches it', async () => {
    const ada = await signUp('Ada');
    const bob = await signUp('Bob');
    const { document } = await paper(ada, {
      title: 'Attention over cards',
      authors: ['Ada Lovelace', 'Alan Turing'],
      year: 2017,
      arxivId: '1706.03762',
    });
    expect((await request('POST', `/api/pdfs/${document.id}/paper-card`, bob)).statusCode).toBe(404);

    const response = await request('POST', `/api/pdfs/${document.id}/paper-card`, ada);
    expect(response.statusCode, response.body).toBe(201);
    const attached = pdfDocumentSchema.parse(response.json());
    expect(attached.paperCard?.title).toBe('Attention over cards');

    const draft = (await request('GET', `/api/cards/${attached.paperCard!.id}/draft`, ada)).json();
    expect(draft).toMatchObject({
      type: 'paper',
      published: false,
      fields: {
        authors: ['Ada Lovelace', 'Alan Turing'],
        year: 2017,
        url: 'https://arxiv.org/abs/1706.03762',
      },
    });
    const card = (await request('GET', `/api/cards/${attached.paperCard!.id}`, ada)).json();
    expect(card.attachedPdf).toEqual({ id: document.id, title: 'Attention over cards' });
  });
});
