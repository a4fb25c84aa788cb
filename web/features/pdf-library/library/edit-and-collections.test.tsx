import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, stubApi } from '../../../test/api-stub.ts';
import {
  pdfCollectionFixture,
  pdfCollectionId,
  pdfFixture,
  pdfId,
  pdfLibraryFixture,
} from '../../../test/pdf-fixtures.ts';
import { renderApp, signIn } from '../../../test/render.tsx';

const paper = pdfFixture(1, {
  title: 'Attention is all you need',
  authors: ['Ashish Vaswani', 'Noam Shazeer'],
  year: 2017,
  tags: ['ml'],
});
const thesis = pdfCollectionFixture(1, { name: 'Thesis', documentCount: 0 });
const reading = pdfCollectionFixture(2, { name: 'Reading group', documentCount: 3 });
const library = pdfLibraryFixture([paper], { collections: [thesis, reading] });

async function openEditor(patch: Parameters<typeof stubApi>[0][string]) {
  signIn();
  const api = stubApi({ 'GET /api/pdfs': library, [`PATCH /api/pdfs/${pdfId(1)}`]: patch });
  const user = userEvent.setup();
  renderApp('/learn/pdf-library');
  await user.click(await screen.findByRole('button', { name: `Edit the details of ${paper.title}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit details' });
  return { ...api, user, dialog };
}

describe('editing a PDF’s details', () => {
  it('sends only what changed: title, authors, year, ids, tags, collections and status', async () => {
    const { user, dialog, requests } = await openEditor(({ body }) =>
      jsonResponse(200, { ...paper, ...(body as object) }),
    );
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue(paper.title);
    expect(within(dialog).getByRole('textbox', { name: 'Authors' })).toHaveValue(
      'Ashish Vaswani\nNoam Shazeer',
    );

    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Attention Is All You Need');
    await user.type(within(dialog).getByRole('textbox', { name: 'Authors' }), '\nNiki Parmar');
    await user.type(within(dialog).getByRole('textbox', { name: 'DOI' }), '10.48550/arXiv.1706.03762');
    await user.type(within(dialog).getByRole('textbox', { name: 'arXiv id' }), '1706.03762');
    await user.type(within(dialog).getByRole('combobox', { name: 'Tags' }), 'transformers{Enter}');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Reading group' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'Read');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests(`PATCH /api/pdfs/${pdfId(1)}`)[0]?.body).toEqual({
      title: 'Attention Is All You Need',
      authors: ['Ashish Vaswani', 'Noam Shazeer', 'Niki Parmar'],
      doi: '10.48550/arXiv.1706.03762',
      arxivId: '1706.03762',
      tags: ['ml', 'transformers'],
      collectionIds: [pdfCollectionId(2)],
      status: 'read',
    });
  });

  it('clears the year and checks the contract’s rules before sending', async () => {
    const { user, dialog, requests } = await openEditor(() => jsonResponse(200, { ...paper, year: null }));
    const year = within(dialog).getByRole('textbox', { name: 'Year' });
    await user.clear(year);
    await user.type(year, '17');
    await user.type(within(dialog).getByRole('textbox', { name: 'DOI' }), 'not a doi');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Title' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('A title is needed')).toBeVisible();
    expect(within(dialog).getByText('A DOI looks like 10.1234/abcd')).toBeVisible();
    expect(within(dialog).getByText('Enter a year between 1000 and 3000, or leave it empty')).toBeVisible();
    expect(requests(`PATCH /api/pdfs/${pdfId(1)}`)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), paper.title);
    await user.clear(within(dialog).getByRole('textbox', { name: 'DOI' }));
    await user.clear(year);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests(`PATCH /api/pdfs/${pdfId(1)}`)[0]?.body).toEqual({ year: null });
  });

  it('shows the server’s field errors on their fields and keeps what was typed', async () => {
    const { user, dialog } = await openEditor(() =>
      errorResponse(400, 'common/validation-failed', 'Some fields need attention.', {
        fields: [
          { path: 'arxivId', message: 'No arXiv paper has that id' },
          { path: 'tags.0', message: 'That tag is reserved' },
        ],
      }),
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'arXiv id' }), '9999.99999');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('No arXiv paper has that id')).toBeVisible();
    expect(within(dialog).getByText('That tag is reserved')).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: 'arXiv id' })).toHaveValue('9999.99999');
    expect(within(dialog).getByRole('textbox', { name: 'arXiv id' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'The details were not saved. Correct the marked fields and try again.',
    );
  });

  it('closes without a request when nothing changed', async () => {
    const { user, dialog, requests } = await openEditor(() => jsonResponse(200, paper));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests(`PATCH /api/pdfs/${pdfId(1)}`)).toHaveLength(0);
  });
});

describe('collections', () => {
  it('are made, renamed and deleted in their dialog, with the server’s refusal on the name', async () => {
    signIn();
    const { requests } = stubApi({
      'GET /api/pdfs': library,
      'POST /api/pdfs/collections': ({ body }) =>
        (body as { name: string }).name === 'Thesis'
          ? errorResponse(409, 'pdf/collection-name-taken', 'You already have a collection with that name.')
          : jsonResponse(201, pdfCollectionFixture(3, { name: (body as { name: string }).name })),
      [`PATCH /api/pdfs/collections/${pdfCollectionId(1)}`]: ({ body }) =>
        jsonResponse(200, { ...thesis, ...(body as object) }),
      [`DELETE /api/pdfs/collections/${pdfCollectionId(2)}`]: () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderApp('/learn/pdf-library');
    await user.click(await screen.findByRole('button', { name: 'Collections' }));
    const dialog = await screen.findByRole('dialog', { name: 'Collections' });
    const list = within(dialog).getByRole('list', { name: 'Your collections' });
    expect(within(list).getByRole('listitem', { name: 'Reading group' })).toHaveTextContent('(3 PDFs)');

    const name = within(dialog).getByRole('textbox', { name: 'New collection' });
    await user.type(name, 'Thesis{Enter}');
    expect(await within(dialog).findByText('You already have a collection with that name.')).toBeVisible();
    await user.clear(name);
    await user.type(name, 'Course notes');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(name).toHaveValue(''));
    expect(requests('POST /api/pdfs/collections').map((request) => request.body)).toEqual([
      { name: 'Thesis' },
      { name: 'Course notes' },
    ]);

    await user.click(within(list).getByRole('button', { name: 'Rename Thesis' }));
    const rename = within(list).getByRole('textbox', { name: 'New name for Thesis' });
    await user.clear(rename);
    await user.type(rename, 'PhD thesis{Enter}');
    await waitFor(() =>
      expect(requests(`PATCH /api/pdfs/collections/${pdfCollectionId(1)}`)[0]?.body).toEqual({
        name: 'PhD thesis',
      }),
    );

    await user.click(within(list).getByRole('button', { name: 'Delete Reading group' }));
    expect(within(list).getByText('Delete “Reading group”? Its PDFs stay in your library.')).toBeVisible();
    await user.click(within(list).getByRole('button', { name: 'Delete the collection' }));
    await waitFor(() =>
      expect(requests(`DELETE /api/pdfs/collections/${pdfCollectionId(2)}`)).toHaveLength(1),
    );
  });
});

describe('a PDF’s paper card', () => {
  const cardId = '0c9a3a52-3f43-4c59-9d7e-2b7d3c1e0a11';

  it('attaches one of the person’s paper cards, found by title, and detaches it', async () => {
    signIn();
    const { requests } = stubApi({
      'GET /api/pdfs': library,
      'GET /api/pdfs/paper-cards': ({ query }) =>
        jsonResponse(200, {
          items: 'attention'.startsWith(query.get('q')!.toLowerCase())
            ? [{ id: cardId, title: 'Attention (paper card)' }]
            : [],
        }),
      [`PATCH /api/pdfs/${pdfId(1)}`]: ({ body }) =>
        jsonResponse(200, {
          ...paper,
          paperCard: (body as { paperCardId: string | null }).paperCardId
            ? { id: cardId, title: 'Attention (paper card)' }
            : null,
        }),
    });
    const user = userEvent.setup();
    renderApp('/learn/pdf-library');
    await user.click(await screen.findByRole('button', { name: `Edit the details of ${paper.title}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit details' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Attach a paper card' }), 'Att');
    await user.click(await screen.findByRole('option', { name: 'Attention (paper card)' }));
    expect(await within(dialog).findByRole('link', { name: 'Attention (paper card)' })).toHaveAttribute(
      'href',
      `/cards/${cardId}`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Detach' }));
    await within(dialog).findByRole('combobox', { name: 'Attach a paper card' });
    expect(requests(`PATCH /api/pdfs/${pdfId(1)}`).map((request) => request.body)).toEqual([
      { paperCardId: cardId },
      { paperCardId: null },
    ]);
  });

  it('makes a paper card from the PDF’s details', async () => {
    signIn();
    const { requests } = stubApi({
      'GET /api/pdfs': library,
      'GET /api/pdfs/paper-cards': { items: [] },
      [`POST /api/pdfs/${pdfId(1)}/paper-card`]: () =>
        jsonResponse(201, { ...paper, paperCard: { id: cardId, title: paper.title } }),
    });
    const user = userEvent.setup();
    renderApp('/learn/pdf-library');
    await user.click(await screen.findByRole('button', { name: `Edit the details of ${paper.title}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit details' });
    await user.click(within(dialog).getByRole('button', { name: 'Make a paper card' }));
    expect(await within(dialog).findByRole('link', { name: paper.title })).toHaveAttribute(
      'href',
      `/cards/${cardId}`,
    );
    expect(requests(`POST /api/pdfs/${pdfId(1)}/paper-card`)).toHaveLength(1);
  });
});
