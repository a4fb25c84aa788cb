import { describe, expect, it } from 'vitest';
import { stubApi } from '../test/api-stub.ts';
import { installFakeXhr } from '../test/fake-xhr.ts';
import { pdfFixture, pdfUploadFixture } from '../test/pdf-fixtures.ts';
import { ApiError } from './api.ts';
import { deleteCollection, deletePdf, pdfExportUrl, uploadPdf } from './pdfs-api.ts';

function pdfFile(name = 'Attention is all you need.pdf'): File {
  return new File(['%PDF-1.7 …'], name, { type: 'application/pdf' });
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('Expected the upload to fail');
}

describe('uploadPdf', () => {
  it('sends the file’s own bytes as a PDF with its name, reports progress and parses the answer', async () => {
    const requests = installFakeXhr();
    const file = pdfFile('Über Raum & Zeit.pdf');
    const progress: number[] = [];
    const upload = uploadPdf(file, { onProgress: (fraction) => progress.push(fraction) });

    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/pdfs');
    expect(request?.body).toBe(file);
    expect(request?.headers['content-type']).toBe('application/pdf');
    expect(request?.headers['x-file-name']).toBe(encodeURIComponent('Über Raum & Zeit.pdf'));
    expect(request?.withCredentials).toBe(true);

    request?.progress(25, 100);
    request?.progress(100, 100);
    const answer = pdfUploadFixture(pdfFixture(1), true);
    request?.respond(200, answer);

    expect(await upload).toEqual(answer);
    expect(progress).toEqual([0.25, 1]);
  });

  it('rejects with the server’s error as an ApiError, fields and all', async () => {
    const requests = installFakeXhr();
    const upload = uploadPdf(pdfFile());
    requests[0]?.respond(422, {
      error: { code: 'pdf/encrypted', message: 'That PDF is locked with a password.' },
    });
    const error = await failure(upload);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'pdf/encrypted',
      status: 422,
      message: 'That PDF is locked with a password.',
    });
  });

  it('names an answer without an envelope by its status, and a broken contract as an internal error', async () => {
    const requests = installFakeXhr();
    const tooLarge = uploadPdf(pdfFile());
    requests[0]?.respond(413, 'Payload Too Large');
    expect(await failure(tooLarge)).toMatchObject({ status: 413 });

    const broken = uploadPdf(pdfFile());
    requests[1]?.respond(201, { document: { id: 'not an id' }, existing: false });
    expect(await failure(broken)).toMatchObject({ code: 'common/internal-error' });
  });

  it('turns a dropped connection into common/network-error and a cancel into an AbortError', async () => {
    const requests = installFakeXhr();
    const dropped = uploadPdf(pdfFile());
    requests[0]?.fail();
    expect(await failure(dropped)).toMatchObject({ code: 'common/network-error', status: 0 });

    const controller = new AbortController();
    const cancelled = uploadPdf(pdfFile(), { signal: controller.signal });
    controller.abort();
    const error = await failure(cancelled);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
    expect(requests[1]?.sending).toBe(false);
  });
});

describe('pdfExportUrl', () => {
  it('asks for a selection, a collection or the whole library in a format', () => {
    expect(pdfExportUrl('bibtex')).toBe('/api/pdfs/export?format=bibtex');
    expect(pdfExportUrl('ris', { ids: ['a', 'b'] })).toBe('/api/pdfs/export?format=ris&ids=a%2Cb');
    expect(pdfExportUrl('csl-json', { collection: 'c' })).toBe(
      '/api/pdfs/export?format=csl-json&collection=c',
    );
  });
});

describe('deletions', () => {
  it('take an empty 204 answer as done', async () => {
    stubApi({
      'DELETE /api/pdfs/p1': () => new Response(null, { status: 204 }),
      'DELETE /api/pdfs/collections/c1': null,
    });
    await expect(deletePdf('p1')).resolves.toBeNull();
    await expect(deleteCollection('c1')).resolves.toBeNull();
  });
});
