import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '../../../../contracts/errors.ts';
import { errorResponse, jsonResponse, stubApi } from '../../../test/api-stub.ts';
import { setViewportWidth } from '../../../test/media.ts';
import { renderApp, signIn } from '../../../test/render.tsx';
import { loadPdfjs } from './pdfjs.ts';
import { detailFixture, documentFixture, documentId, highlightFixture } from './test-fixtures.ts';

// pdf.js draws on canvases, which jsdom does not have: these tests cover the page around the viewer, which
// stays "opening" (or fails to open, where a test says so). The viewer itself is checked in a browser.
vi.mock('./pdfjs.ts', () => ({ loadPdfjs: vi.fn(() => new Promise(() => undefined)) }));

const path = `/learn/pdf-library/${documentId}`;
const detailRoute = `GET /api/pdfs/${documentId}`;

beforeEach(() => {
  vi.mocked(loadPdfjs).mockImplementation(() => new Promise(() => undefined));
});

describe('/learn/pdf-library/:id', () => {
  it('asks a visitor to sign in, and comes back to the same place', async () => {
    stubApi({});
    renderApp(`${path}?page=3`);
    expect(await screen.findByRole('heading', { level: 1, name: 'PDF reader' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent(`${path}?page=3`)}`,
    );
  });

  it('opens the paper: its title, the reader’s controls, the highlights and the cards made from it', async () => {
    signIn();
    stubApi({
      [detailRoute]: detailFixture({ highlights: [highlightFixture(1, { quote: 'Spacing beats massing' })] }),
    });
    renderApp(path);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Spacing effects in long-term memory' }),
    ).toBeVisible();
    await waitFor(() => expect(document.title).toMatch(/^Spacing effects in long-term memory/));
    expect(screen.getByText('Ada Lovelace and Charles Babbage · 2024 · 3 pages')).toBeVisible();
    expect(screen.getByRole('link', { name: /Help: Spacing effects/ })).toHaveAttribute(
      'href',
      '/document#pdf-library',
    );
    expect(screen.getByRole('progressbar', { name: 'Opening the PDF' })).toBeVisible();
    for (const name of ['Zoom in', 'Zoom out', 'Fit width', 'Fit page', 'Next match', 'Previous match'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Page number' })).toHaveValue('2');
    expect(screen.getByRole('searchbox', { name: 'Find in document' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Pages' })).toHaveAttribute('tabindex', '0');
    const highlights = screen.getByRole('region', { name: /^Highlights/ });
    expect(within(highlights).getByText('“Spacing beats massing”')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Cards from this PDF' })).toBeVisible();
    expect(
      screen.queryByText(/search in the library and find in document will not find/),
    ).not.toBeInTheDocument();
  });

  it('opens at ?page=N when given', async () => {
    signIn();
    stubApi({ [detailRoute]: detailFixture() });
    renderApp(`${path}?page=3`);
    expect(await screen.findByRole('textbox', { name: 'Page number' })).toHaveValue('3');
  });

  it('marks a paper still to read as reading, once, also under StrictMode', async () => {
    signIn();
    const document = documentFixture({ status: 'to-read' });
    const { requests } = stubApi({
      [detailRoute]: detailFixture({ document }),
      [`PATCH /api/pdfs/${documentId}`]: ({ body }) =>
        jsonResponse(200, { ...document, ...(body as object) }),
    });
    renderApp(path, { strict: true });
    await screen.findByRole('heading', { level: 1, name: document.title });
    await waitFor(() => expect(requests(`PATCH /api/pdfs/${documentId}`)).toHaveLength(1));
    expect(requests(`PATCH /api/pdfs/${documentId}`)[0]!.body).toEqual({ status: 'reading' });
    // Nothing more is sent: the viewer is not open, so no page has been read yet.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests(`PATCH /api/pdfs/${documentId}`)).toHaveLength(1);
  });

  it('leaves the status of a paper being read alone', async () => {
    signIn();
    const { requests } = stubApi({ [detailRoute]: detailFixture() });
    renderApp(path, { strict: true });
    await screen.findByRole('heading', { level: 1, name: 'Spacing effects in long-term memory' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests(`PATCH /api/pdfs/${documentId}`)).toHaveLength(0);
  });

  it('says when a scanned PDF’s text cannot be searched', async () => {
    signIn();
    stubApi({ [detailRoute]: detailFixture({ document: documentFixture({ textStatus: 'no-text' }) }) });
    renderApp(path);
    expect(
      await screen.findByText(/search in the library and find in document will not find them/),
    ).toBeVisible();
  });

  it('says a PDF that is not in the library was not found', async () => {
    signIn();
    stubApi({
      [detailRoute]: () => errorResponse(404, 'common/not-found', errorCatalogue['common/not-found'].message),
    });
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'PDF not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to your PDF library' })).toHaveAttribute(
      'href',
      '/learn/pdf-library',
    );
  });

  it('does not ask the server about an address that cannot be a PDF', async () => {
    signIn();
    const { fetchMock } = stubApi({});
    renderApp('/learn/pdf-library/not-a-uuid');
    expect(await screen.findByRole('heading', { level: 1, name: 'PDF not found' })).toBeVisible();
    expect(fetchMock.mock.calls.map(([input]) => String(input))).not.toContainEqual(
      expect.stringContaining('/api/pdfs/'),
    );
  });

  it('says why the PDF could not be loaded, and tries again', async () => {
    signIn();
    let fail = true;
    stubApi({
      [detailRoute]: () =>
        fail
          ? errorResponse(403, 'common/forbidden', errorCatalogue['common/forbidden'].message)
          : jsonResponse(200, detailFixture()),
    });
    renderApp(path);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      `The PDF could not be loaded. ${errorCatalogue['common/forbidden'].message}`,
    );
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Spacing effects in long-term memory' }),
    ).toBeVisible();
  });

  it('says why the file could not be opened, in the catalogue’s words', async () => {
    signIn();
    const broken = Object.assign(new Error('Invalid PDF structure.'), { name: 'InvalidPDFException' });
    vi.mocked(loadPdfjs).mockRejectedValue(broken);
    stubApi({ [detailRoute]: detailFixture() });
    renderApp(path);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`The PDF could not be opened. ${errorCatalogue['pdf/broken'].message}`);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('tells where a deep link’s highlight went when it was deleted', async () => {
    signIn();
    stubApi({ [detailRoute]: detailFixture() });
    renderApp(`${path}?page=2#h-5d1c2a3b-4e5f-4a6b-8c7d-000000000009`);
    expect(
      await screen.findByText(/The highlight this link points to is no longer in this PDF/),
    ).toBeVisible();
  });

  it('on a phone, keeps the highlights, cards, pages and outline in a drawer', async () => {
    setViewportWidth(375);
    signIn();
    stubApi({
      [detailRoute]: detailFixture({ highlights: [highlightFixture(1, { quote: 'Spacing beats massing' })] }),
    });
    renderApp(path);
    await screen.findByRole('heading', { level: 1, name: 'Spacing effects in long-term memory' });
    expect(screen.queryByRole('region', { name: /^Highlights/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Highlights (1)' }));
    const highlights = await screen.findByRole('region', { name: /^Highlights/ });
    expect(within(highlights).getByText('“Spacing beats massing”')).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'Cards' }));
    expect(await screen.findByRole('region', { name: 'Cards from this PDF' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Close the side panels' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Cards from this PDF' })).not.toBeInTheDocument(),
    );
  });
});
