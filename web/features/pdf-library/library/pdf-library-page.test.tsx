import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pdfExportUrl } from '../../../lib/pdfs-api.ts';
import { errorResponse, jsonResponse, stubApi } from '../../../test/api-stub.ts';
import {
  pdfCollectionFixture,
  pdfCollectionId,
  pdfFixture,
  pdfId,
  pdfLibraryFixture,
  pdfSearchHitFixture,
} from '../../../test/pdf-fixtures.ts';
import { renderApp, signIn } from '../../../test/render.tsx';

const megabyte = 1024 * 1024;

const attention = pdfFixture(1, {
  title: 'Attention is all you need',
  authors: ['Ashish Vaswani', 'Noam Shazeer', 'Niki Parmar', 'Jakob Uszkoreit'],
  year: 2017,
  pageCount: 15,
  status: 'reading',
  lastPage: 7,
  tags: ['ml', 'transformers'],
  highlightCount: 3,
  cardCount: 2,
});
const scan = pdfFixture(2, {
  title: 'A scanned thesis',
  authors: ['Grace Hopper'],
  year: 1934,
  textStatus: 'no-text',
});
const fresh = pdfFixture(3, { title: 'Just uploaded', authors: [], year: null, textStatus: 'pending' });

const library = pdfLibraryFixture([attention, scan, fresh], {
  collections: [pdfCollectionFixture(1, { name: 'Thesis', documentCount: 2 })],
  usage: { usedBytes: Math.round(12.4 * megabyte), allowedBytes: 250 * megabyte },
});

describe('/learn/pdf-library', () => {
  it('asks a visitor to sign in', async () => {
    stubApi({});
    renderApp('/learn/pdf-library');
    expect(await screen.findByRole('heading', { level: 1, name: 'PDF library' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?next=%2Flearn%2Fpdf-library',
    );
  });

  it('lists every PDF with its details, what was made from it and where reading stopped', async () => {
    signIn();
    stubApi({ 'GET /api/pdfs': library });
    renderApp('/learn/pdf-library');

    const list = await screen.findByRole('list', { name: 'Your PDFs' });
    const rows = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(rows).toHaveLength(3);

    const first = rows[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'Attention is all you need' })).toHaveAttribute(
      'href',
      `/learn/pdf-library/${pdfId(1)}`,
    );
    expect(first).toHaveTextContent('Ashish Vaswani et al. · 2017 · 15 pages');
    expect(first).toHaveTextContent('Reading');
    expect(within(first).getByRole('list', { name: 'Tags of Attention is all you need' })).toHaveTextContent(
      '#ml#transformers',
    );
    expect(first).toHaveTextContent('3 highlights · 2 cards');
    expect(within(first).getByRole('link', { name: /^Continue at p\. 7/ })).toHaveAttribute(
      'href',
      `/learn/pdf-library/${pdfId(1)}?page=7`,
    );

    const second = rows[1] as HTMLElement;
    expect(second).toHaveTextContent('Scanned pages: search will not find its text');
    expect(within(second).queryByRole('link', { name: /Continue/ })).not.toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('Indexing text…');

    const meter = screen.getByRole('meter', { name: 'Storage' });
    expect(meter).toHaveAttribute('aria-valuetext', '12.4 MB of 250 MB');
    expect(screen.getByText('12.4 MB of 250 MB')).toBeVisible();
    expect(screen.getByText('3 PDFs in your library')).toBeVisible();
  });

  it('keeps the order and filters in the address and asks the server for them', async () => {
    signIn();
    const { requests } = stubApi({
      'GET /api/pdfs': ({ query }) =>
        jsonResponse(200, query.get('status') === 'read' ? { ...library, items: [] } : library),
    });
    const user = userEvent.setup();
    const { router } = renderApp(`/learn/pdf-library?tag=ml&collection=${pdfCollectionId(1)}`);

    await screen.findByRole('list', { name: 'Your PDFs' });
    const firstAsk = requests('GET /api/pdfs')[0]?.query;
    expect(firstAsk?.get('tag')).toBe('ml');
    expect(firstAsk?.get('collection')).toBe(pdfCollectionId(1));
    expect(screen.getByRole('combobox', { name: 'Tag' })).toHaveValue('ml');
    expect(screen.getByRole('combobox', { name: 'Collection' })).toHaveValue(pdfCollectionId(1));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'Title');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('title'));
    await waitFor(() => expect(requests('GET /api/pdfs').at(-1)?.query.get('sort')).toBe('title'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Read');
    expect(await screen.findByText('No PDF in your library matches these filters.')).toBeVisible();
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('status')).toBe('read');
    expect(search.get('tag')).toBe('ml');

    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe('?sort=title'));
    expect(await screen.findByRole('list', { name: 'Your PDFs' })).toBeVisible();
  });

  it('filters by a tag from a PDF’s row', async () => {
    signIn();
    stubApi({ 'GET /api/pdfs': library });
    const user = userEvent.setup();
    const { router } = renderApp('/learn/pdf-library');
    await user.click(
      await screen.findByRole('button', { name: '#transformers: show the PDFs with this tag' }),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?tag=transformers'));
  });

  it('offers the drop zone when the library is empty', async () => {
    signIn();
    stubApi({ 'GET /api/pdfs': pdfLibraryFixture([]) });
    renderApp('/learn/pdf-library');
    expect(await screen.findByText(/Your library has no PDFs yet/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Choose PDFs' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Upload PDFs' })).toBeVisible();
    expect(screen.getByLabelText('PDF files to upload')).toHaveAttribute('type', 'file');
    expect(screen.queryByRole('searchbox', { name: 'Search your PDFs' })).not.toBeInTheDocument();
  });

  it('shows full-text hits by paper with the page, the marked words and a link to that page', async () => {
    signIn();
    const { requests } = stubApi({
      'GET /api/pdfs': library,
      'GET /api/pdfs/search': {
        hits: [
          pdfSearchHitFixture(1, 5, '…the [attention] weights over [heads]…', attention.title),
          pdfSearchHitFixture(1, 3, 'multi-head [attention] lets the model', attention.title),
          pdfSearchHitFixture(3, 1, 'self-[attention] in short', fresh.title),
        ],
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/learn/pdf-library');
    await user.type(await screen.findByRole('searchbox', { name: 'Search your PDFs' }), 'attention{Enter}');

    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(requests('GET /api/pdfs/search')[0]?.query.get('q')).toBe('attention');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('attention');
    expect(screen.getByRole('status')).toHaveTextContent('3 pages in 2 PDFs');

    const pages = within(results).getByRole('list', { name: `Pages of ${attention.title}` });
    const links = within(pages).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `/learn/pdf-library/${pdfId(1)}?page=3`,
      `/learn/pdf-library/${pdfId(1)}?page=5`,
    ]);
    expect(links[1]).toHaveTextContent('p. 5…the attention weights over heads…');
    const marks = Array.from(links[1]?.querySelectorAll('mark') ?? []).map((mark) => mark.textContent);
    expect(marks).toEqual(['attention', 'heads']);

    // What search cannot find yet, or ever, is said.
    expect(
      screen.getByText(/Indexing the text of “Just uploaded”: its pages are found once that is done/),
    ).toBeVisible();
    expect(screen.getByText(/Search will not find the text of “A scanned thesis”/)).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Your PDFs' })).not.toBeInTheDocument();
  });

  it('says when no page holds the words', async () => {
    signIn();
    stubApi({ 'GET /api/pdfs': library, 'GET /api/pdfs/search': { hits: [] } });
    renderApp('/learn/pdf-library?q=zebra');
    expect(await screen.findByText('No page of your PDFs holds “zebra”.')).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Search your PDFs' })).toHaveValue('zebra');
  });

  it('exports the selection, a collection or the whole library as download links', async () => {
    signIn();
    stubApi({ 'GET /api/pdfs': library });
    const user = userEvent.setup();
    renderApp('/learn/pdf-library');

    await user.click(await screen.findByRole('checkbox', { name: `Select ${attention.title}` }));
    await user.click(screen.getByRole('checkbox', { name: `Select ${fresh.title}` }));
    expect(screen.getByText('2 selected')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Export selected' }));

    let dialog = await screen.findByRole('dialog', { name: 'Export references' });
    expect(within(dialog).getByRole('radio', { name: 'The selected 2 PDFs' })).toBeChecked();
    const ids = { ids: [pdfId(1), pdfId(3)] };
    expect(within(dialog).getByRole('link', { name: 'Download BibTeX' })).toHaveAttribute(
      'href',
      pdfExportUrl('bibtex', ids),
    );
    expect(within(dialog).getByRole('link', { name: 'Download RIS' })).toHaveAttribute(
      'href',
      pdfExportUrl('ris', ids),
    );
    const csl = within(dialog).getByRole('link', { name: 'Download CSL-JSON' });
    expect(csl).toHaveAttribute('href', pdfExportUrl('csl-json', ids));
    expect(csl).toHaveAttribute('download');

    await user.click(within(dialog).getByRole('radio', { name: 'A collection' }));
    expect(within(dialog).getByRole('combobox', { name: 'Collection to export' })).toHaveValue(
      pdfCollectionId(1),
    );
    expect(within(dialog).getByRole('link', { name: 'Download RIS' })).toHaveAttribute(
      'href',
      pdfExportUrl('ris', { collection: pdfCollectionId(1) }),
    );

    await user.click(within(dialog).getByRole('radio', { name: 'The whole library' }));
    expect(within(dialog).getByRole('link', { name: 'Download BibTeX' })).toHaveAttribute(
      'href',
      pdfExportUrl('bibtex'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // With nothing selected, Export starts from the whole library.
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    dialog = await screen.findByRole('dialog', { name: 'Export references' });
    expect(within(dialog).getByRole('radio', { name: /The selected PDFs/ })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: 'The whole library' })).toBeChecked();
  });

  it('asks before deleting, saying the highlights go and the cards keep their text', async () => {
    signIn();
    let deleted = false;
    const { requests } = stubApi({
      'GET /api/pdfs': () =>
        jsonResponse(200, deleted ? { ...library, items: [scan, fresh], total: 2 } : library),
      [`DELETE /api/pdfs/${pdfId(1)}`]: () => {
        deleted = true;
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderApp('/learn/pdf-library');

    await user.click(await screen.findByRole('button', { name: `Delete ${attention.title}` }));
    let dialog = await screen.findByRole('alertdialog', { name: `Delete “${attention.title}”?` });
    expect(dialog).toHaveTextContent(
      'The file, its text and its 3 highlights and notes are deleted. The 2 cards made from it keep their text and citation.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(requests(`DELETE /api/pdfs/${pdfId(1)}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: `Delete ${attention.title}` }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(requests(`DELETE /api/pdfs/${pdfId(1)}`)).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: attention.title })).not.toBeInTheDocument(),
    );
  });

  it('keeps the dialog open with the reason when the deletion fails', async () => {
    signIn();
    stubApi({
      'GET /api/pdfs': library,
      [`DELETE /api/pdfs/${pdfId(2)}`]: () =>
        errorResponse(404, 'common/not-found', 'That PDF is not there.'),
    });
    const user = userEvent.setup();
    renderApp('/learn/pdf-library');
    await user.click(await screen.findByRole('button', { name: `Delete ${scan.title}` }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Cards made from it keep their text and citation.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('It was not deleted. That PDF is not there.')).toBeVisible();
  });

  it('shows a failed load with a way to try again', async () => {
    signIn();
    stubApi({ 'GET /api/pdfs': () => errorResponse(403, 'auth/forbidden', 'You may not see this.') });
    renderApp('/learn/pdf-library');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your library could not be loaded. You may not see this.');
    await act(async () => undefined);
  });
});
