import fs from 'node:fs/promises';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { contentHash } from '../../../lib/files/store.ts';
import { setupTestApp } from '../../../test/app.ts';
import { people, type Person } from '../../../test/people.ts';
import { pdfUploads } from '../../../test/pdf-uploads.ts';

describe('a PDF’s bytes: GET and HEAD /api/pdfs/:id/file', () => {
  const context = setupTestApp();
  const { signUp } = people(context, '100.82.0');
  const { paper } = pdfUploads(context);
  let owner: Person;
  let stranger: Person;
  let id: string;
  let bytes: Buffer;
  let etag: string;

  beforeAll(async () => {
    owner = await signUp('Owner');
    stranger = await signUp('Stranger');
    // Large enough that a range is a small part of it.
    const uploaded = await paper(owner, { paddingBytes: 3 * 1024 * 1024 }, 'Ünïcode “paper”.pdf');
    id = uploaded.document.id;
    bytes = uploaded.bytes;
    etag = `"${contentHash(bytes)}"`;
    // The upload's text extraction reads the file too: let it finish, so what reads the file below is the route.
    await vi.waitFor(
      async () => {
        const { rows } = await context.db.pool.query<{ text_status: string }>(
          'select text_status from pdf_documents where id = $1',
          [id],
        );
        expect(rows[0]!.text_status).not.toBe('pending');
      },
      { timeout: 20_000, interval: 50 },
    );
  });

  /** A request as `person` (the owner unless said; null: signed out). */
  const get = (headers: Record<string, string> = {}, as: Person | null = owner, method = 'GET') => {
    const person = as ?? undefined;
    return context.app.inject({
      method: method as 'GET' | 'HEAD',
      url: `/api/pdfs/${id}/file`,
      ...(person ? { remoteAddress: person.address } : {}),
      headers: { ...(person ? { cookie: person.cookie } : {}), ...headers },
    });
  };

  it('sends the whole file to its owner, with what a reader and a browser need to know', async () => {
    const readFile = vi.spyOn(fs, 'readFile');
    const response = await get({ 'accept-encoding': 'gzip, br' });
    // Streamed from disk: the file is never read into memory whole.
    expect(readFile).not.toHaveBeenCalled();
    readFile.mockRestore();
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(bytes)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(bytes.length),
      'accept-ranges': 'bytes',
      etag,
      'cache-control': 'private, max-age=0, must-revalidate',
      'x-content-type-options': 'nosniff',
      'content-disposition':
        `inline; filename="_n_code _paper_.pdf"; ` +
        `filename*=UTF-8''%C3%9Cn%C3%AFcode%20%E2%80%9Cpaper%E2%80%9D.pdf`,
    });
    // Ranges count the file's own bytes: never a compressed copy.
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('sends one range with 206 and Content-Range, in each of its forms', async () => {
    const size = bytes.length;
    const cases: [string, number, number][] = [
      ['bytes=0-1023', 0, 1023],
      ['bytes=1000000-1000099', 1_000_000, 1_000_099],
      [`bytes=${size - 10}-`, size - 10, size - 1],
      ['bytes=-500', size - 500, size - 1],
      [`bytes=${size - 5}-${size + 100}`, size - 5, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const response = await get({ range });
      expect(response.statusCode, range).toBe(206);
      expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
      expect(response.headers['content-length']).toBe(String(end - start + 1));
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers.etag).toBe(etag);
      expect(response.rawPayload.equals(bytes.subarray(start, end + 1)), range).toBe(true);
    }
  });

  it('answers 416 for a range past the end, naming the size', async () => {
    for (const range of [
      `bytes=${bytes.length}-`,
      `bytes=${bytes.length + 5}-${bytes.length + 10}`,
      'bytes=-0',
    ]) {
      const response = await get({ range });
      expect(response.statusCode, range).toBe(416);
      expect(response.headers['content-range']).toBe(`bytes */${bytes.length}`);
      expect(response.rawPayload.length).toBe(0);
    }
  });

  it('answers the whole file for several ranges, or an If-Range of another version', async () => {
    const several = await get({ range: 'bytes=0-9,20-29' });
    expect(several.statusCode).toBe(200);
    expect(several.rawPayload.equals(bytes)).toBe(true);

    const stale = await get({ range: 'bytes=0-9', 'if-range': '"an-older-version"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(bytes.length);

    const current = await get({ range: 'bytes=0-9', 'if-range': etag });
    expect(current.statusCode).toBe(206);
    expect(current.rawPayload.toString('latin1')).toBe(bytes.subarray(0, 10).toString('latin1'));
  });

  it('answers 304 while the copy the client holds is current', async () => {
    const response = await get({ 'if-none-match': etag });
    expect(response.statusCode).toBe(304);
    expect(response.rawPayload.length).toBe(0);
    expect(response.headers.etag).toBe(etag);
    expect((await get({ 'if-none-match': '"something-else"' })).statusCode).toBe(200);
  });

  it('answers HEAD with the headers alone', async () => {
    const whole = await get({}, owner, 'HEAD');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe(String(bytes.length));
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-type']).toBe('application/pdf');
    expect(whole.rawPayload.length).toBe(0);

    const part = await get({ range: 'bytes=100-199' }, owner, 'HEAD');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-length']).toBe('100');
    expect(part.headers['content-range']).toBe(`bytes 100-199/${bytes.length}`);
    expect(part.rawPayload.length).toBe(0);
  });

  it('is only its owner’s: everyone else gets 404, visitors 401', async () => {
    for (const method of ['GET', 'HEAD']) {
      const other = await get({ range: 'bytes=0-9' }, stranger, method);
      expect(other.statusCode).toBe(404);
      if (method === 'GET') expect(other.json().error.code).toBe('common/not-found');
      expect(other.headers.etag).toBeUndefined();
      expect((await get({}, null, method)).statusCode).toBe(401);
    }
    const unknown = await context.app.inject({
      method: 'GET',
      url: '/api/pdfs/00000000-0000-4000-8000-000000000000/file',
      remoteAddress: owner.address,
      headers: { cookie: owner.cookie },
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await context.app.inject({
      method: 'GET',
      url: '/api/pdfs/not-an-id/file',
      remoteAddress: owner.address,
      headers: { cookie: owner.cookie },
    });
    expect(malformed.statusCode).toBe(400);
  });
});
