import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { pdfRules } from '../../../../contracts/pdfs.ts';
import { stubApi } from '../../../test/api-stub.ts';
import { installFakeXhr } from '../../../test/fake-xhr.ts';
import { pdfFixture, pdfId, pdfLibraryFixture, pdfUploadFixture } from '../../../test/pdf-fixtures.ts';
import { renderApp, signIn } from '../../../test/render.tsx';
import { pdfUploads } from './upload-store.ts';

afterEach(() => pdfUploads.reset());

function pdf(name: string, bytes = '%PDF-1.7 a paper'): File {
  return new File([bytes], name, { type: 'application/pdf' });
}

async function openLibrary() {
  signIn();
  const api = stubApi({ 'GET /api/pdfs': pdfLibraryFixture([]) });
  const requests = installFakeXhr();
  const user = userEvent.setup();
  renderApp('/learn/pdf-library');
  await screen.findByText(/Your library has no PDFs yet/);
  return { libraryAsks: () => api.requests('GET /api/pdfs').length, requests, user };
}

function row(name: string): HTMLElement {
  return within(screen.getByRole('list', { name: 'Uploads' })).getByRole('listitem', { name: name });
}

/** Drops `files` on the page, as a browser does when files are dragged in from the desktop. */
function drop(files: File[]) {
  const target = screen.getByRole('heading', { level: 1, name: 'PDF library' });
  const dataTransfer = { files, types: ['Files'], dropEffect: 'none' };
  fireEvent.dragEnter(target, { dataTransfer });
  fireEvent.dragOver(target, { dataTransfer });
  fireEvent.drop(target, { dataTransfer });
}

describe('uploading PDFs', () => {
  it('sends the chosen files two at a time, each with its own progress bar, then says what became of it', async () => {
    const { requests, user, libraryAsks } = await openLibrary();
    const added = pdfFixture(1, { title: 'Attention is all you need' });
    const known = pdfFixture(2, { title: 'Deep learning' });

    await user.upload(screen.getByLabelText('PDF files to upload'), [
      pdf('attention.pdf'),
      pdf('deep learning.pdf'),
      pdf('third.pdf'),
    ]);

    // Two go at once; the third waits its turn.
    expect(requests).toHaveLength(2);
    expect(requests[1]?.headers['x-file-name']).toBe('deep%20learning.pdf');
    expect(row('third.pdf')).toHaveTextContent('Waiting for its turn…');

    await act(async () => requests[0]?.progress(40, 100));
    expect(
      within(row('attention.pdf')).getByRole('progressbar', { name: 'Uploading attention.pdf' }),
    ).toHaveAttribute('aria-valuenow', '40');
    expect(row('attention.pdf')).toHaveTextContent('40%');

    const asked = libraryAsks();
    await act(async () => requests[0]?.respond(201, pdfUploadFixture(added)));
    expect(within(row('attention.pdf')).getByRole('status')).toHaveTextContent(
      'Added to your library as Attention is all you need.',
    );
    expect(
      within(row('attention.pdf')).getByRole('link', { name: 'Open Attention is all you need' }),
    ).toHaveAttribute('href', `/learn/pdf-library/${pdfId(1)}`);
    // The library is asked again, so the new PDF and the storage used show.
    await waitFor(() => expect(libraryAsks()).toBeGreaterThan(asked));

    // The first one's place goes to the third.
    expect(requests).toHaveLength(3);
    expect(within(row('third.pdf')).getByRole('progressbar')).toBeVisible();

    await act(async () => requests[1]?.respond(200, pdfUploadFixture(known, true)));
    expect(within(row('deep learning.pdf')).getByRole('status')).toHaveTextContent(
      'Already in your library as Deep learning.',
    );
    expect(
      within(row('deep learning.pdf')).getByRole('link', { name: 'Open Deep learning' }),
    ).toHaveAttribute('href', `/learn/pdf-library/${pdfId(2)}`);

    await user.click(within(row('third.pdf')).getByRole('button', { name: 'Cancel third.pdf' }));
    expect(requests[2]?.sending).toBe(false);
    expect(screen.getByRole('list', { name: 'Uploads' })).not.toHaveTextContent('third.pdf');

    await user.click(screen.getByRole('button', { name: 'Clear finished' }));
    expect(screen.queryByRole('list', { name: 'Uploads' })).not.toBeInTheDocument();
  });

  it.each([
    ['pdf/not-a-pdf', 415, 'That file is not a PDF. Upload a file that starts with the PDF header.'],
    ['pdf/empty', 422, 'That file is empty.'],
    ['pdf/encrypted', 422, 'That PDF is locked with a password. Save an unlocked copy and upload that.'],
    ['pdf/broken', 422, 'That PDF could not be read. It may be damaged or cut short.'],
    ['pdf/too-large', 413, 'That PDF is too large: a PDF can be at most 100 MB.'],
    [
      'pdf/quota-exceeded',
      413,
      'That PDF does not fit in your library’s storage. Delete some PDFs, or premium raises the limit.',
    ],
  ])('says why the server refused a file with %s', async (code, status, sentence) => {
    const { requests, user } = await openLibrary();
    await user.upload(screen.getByLabelText('PDF files to upload'), pdf('paper.pdf'));
    await act(async () => requests[0]?.respond(status, { error: { code, message: sentence } }));
    expect(within(row('paper.pdf')).getByRole('alert')).toHaveTextContent(`Not uploaded. ${sentence}`);
    // Sending the same bytes again would be refused again.
    expect(within(row('paper.pdf')).queryByRole('button', { name: /again/ })).not.toBeInTheDocument();
  });

  it('refuses in the browser what cannot be a PDF, is empty or is too large, without sending it', async () => {
    const { requests } = await openLibrary();
    const huge = pdf('huge.pdf');
    Object.defineProperty(huge, 'size', { value: pdfRules.maxBytes + 1 });
    drop([
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
      pdf('empty.pdf', ''),
      huge,
      pdf('fine.pdf'),
    ]);

    expect(within(row('notes.txt')).getByRole('alert')).toHaveTextContent('That file is not a PDF.');
    expect(within(row('empty.pdf')).getByRole('alert')).toHaveTextContent('That file is empty.');
    expect(within(row('huge.pdf')).getByRole('alert')).toHaveTextContent('a PDF can be at most 100 MB');
    // Only the one that may be a PDF goes to the server, which checks its bytes.
    expect(requests).toHaveLength(1);
    expect(requests[0]?.body).toMatchObject({ name: 'fine.pdf' });
  });

  it('offers to try again after a dropped connection', async () => {
    const { requests, user } = await openLibrary();
    drop([pdf('paper.pdf')]);
    await act(async () => requests[0]?.fail());
    expect(within(row('paper.pdf')).getByRole('alert')).toHaveTextContent('Not uploaded.');

    await user.click(within(row('paper.pdf')).getByRole('button', { name: 'Try paper.pdf again' }));
    expect(requests).toHaveLength(2);
    await act(async () => requests[1]?.respond(201, pdfUploadFixture(pdfFixture(4, { title: 'Paper' }))));
    expect(within(row('paper.pdf')).getByRole('status')).toHaveTextContent('Added to your library as Paper.');
  });
});

describe('the upload list and who is signed in', () => {
  it('starts empty, with uploads stopped, when another person signs in on the tab', async () => {
    const { requests, user } = await openLibrary();
    await user.upload(screen.getByLabelText('PDF files to upload'), [pdf('mine.pdf')]);
    expect(row('mine.pdf')).toBeInTheDocument();
    expect(requests).toHaveLength(1);

    // The same person coming back keeps the list.
    pdfUploads.belongTo('u-1');
    expect(pdfUploads.snapshot()).toHaveLength(1);

    act(() => pdfUploads.belongTo('someone-else'));
    expect(pdfUploads.snapshot()).toEqual([]);
    expect(requests[0]?.sending).toBe(false);
  });
});
