import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pdfRules, pdfUploadResultSchema } from '../../../../contracts/pdfs.ts';
import { plans } from '../../../../contracts/premium.ts';
import { contentHash } from '../../../lib/files/store.ts';
import { pdfDocuments, profiles, storedFiles } from '../../../db/schema.ts';
import { setupTestApp } from '../../../test/app.ts';
import { people, type Person } from '../../../test/people.ts';
import { pdfUploads } from '../../../test/pdf-uploads.ts';
import { makeEncryptedPdf, makePaperPdf, makeScannedPdf, makeTruncatedPdf } from '../../../test/pdfs.ts';
import { extractTextQueue } from '../text/queue.ts';
import { uploadedFileName } from './upload.ts';

/** Every file under `folder`, recursively, as paths relative to it. */
async function filesUnder(folder: string): Promise<string[]> {
  try {
    const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch {
    return [];
  }
}

describe('PDF uploads: POST /api/pdfs', () => {
  const context = setupTestApp();
  const { signUp, request } = people(context, '100.81.0');
  const { send, paper } = pdfUploads(context);
  const storeFolder = () => path.join(context.dataDir, 'files');
  const stored = (hash: string) => path.join(storeFolder(), hash.slice(0, 2), hash.slice(2, 4), hash);
  const rowsOf = async (person: Person) =>
    (
      await context.db.orm
        .select({ n: count() })
        .from(pdfDocuments)
        .where(eq(pdfDocuments.ownerKey, person.id))
    )[0]?.n;

  /** Expects the refusal `code` and that neither a row nor a file was added. */
  async function expectRefused(
    person: Person,
    sending: () => ReturnType<typeof send>,
    status: number,
    code: string,
  ) {
    const filesBefore = await filesUnder(storeFolder());
    const rowsBefore = await rowsOf(person);
    const response = await sending();
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().error.code).toBe(code);
    expect(await filesUnder(storeFolder())).toEqual(filesBefore);
    expect(await rowsOf(person)).toBe(rowsBefore);
    return response.json().error as { code: string; message: string };
  }

  it('keeps a new paper with what its bytes say, under its original name, and only for its owner', async () => {
    const reader = await signUp('Reader');
    const bytes = await makePaperPdf({
      title: 'Spacing Effects in Vocabulary Learning',
      authors: ['Ada Lovelace', 'Alan Turing'],
      year: 2019,
      doi: '10.1234/spacing.2019',
      pages: ['The first page.', 'The second page.', 'The third page.', 'The fourth page.'],
    });
    const response = await send(reader, bytes, { fileName: 'Über spacing (final).pdf' });
    expect(response.statusCode, response.body).toBe(201);
    const { document, existing } = pdfUploadResultSchema.parse(response.json());
    expect(existing).toBe(false);
    expect(document).toMatchObject({
      title: 'Spacing Effects in Vocabulary Learning',
      authors: ['Ada Lovelace', 'Alan Turing'],
      year: 2019,
      doi: '10.1234/spacing.2019',
      fileName: 'Über spacing (final).pdf',
      byteSize: bytes.length,
      pageCount: 4,
      status: 'to-read',
      lastPage: 1,
      textStatus: 'pending',
      tags: [],
      collectionIds: [],
      paperCard: null,
      highlightCount: 0,
      cardCount: 0,
      openedAt: null,
    });

    // The bytes are in the content-addressed store under their hash…
    const hash = contentHash(bytes);
    expect((await fs.readFile(stored(hash))).equals(bytes)).toBe(true);
    const [row] = await context.db.orm.select().from(pdfDocuments).where(eq(pdfDocuments.id, document.id));
    expect(row).toMatchObject({ ownerKey: reader.id, fileHash: hash });
    // …but never recorded as a public file: the public route does not serve them to anyone.
    expect(await context.db.orm.select().from(storedFiles).where(eq(storedFiles.hash, hash))).toEqual([]);
    const publicFile = await request('GET', `/api/files/${hash}`, reader);
    expect(publicFile.statusCode).toBe(404);
    expect(publicFile.json().error.code).toBe('common/not-found');
    const anonymous = await request('GET', `/api/files/${hash}`);
    expect(anonymous.statusCode).toBe(404);
  });

  it('names a paper from its own pages when the upload gives no file name', async () => {
    const reader = await signUp('Nameless');
    const { document } = await paper(reader, { title: 'Retrieval Practice Works' });
    expect(document.fileName).toBe('document.pdf');
    expect(document.title).toBe('Retrieval Practice Works');
    const scan = await send(reader, await makeScannedPdf(2), { fileName: 'scan_of_notes.pdf' });
    expect(scan.statusCode, scan.body).toBe(201);
    expect(scan.json().document).toMatchObject({ title: 'scan of notes', pageCount: 2, authors: [] });
  });

  it('refuses empty files, files that are not PDFs, locked and broken PDFs, and stores nothing', async () => {
    const reader = await signUp('Careful');
    await expectRefused(reader, () => send(reader, Buffer.alloc(0)), 422, 'pdf/empty');
    await expectRefused(reader, () => send(reader, 'Just some text, no header'), 415, 'pdf/not-a-pdf');
    // The header must be in the first 1024 bytes.
    const late = Buffer.concat([Buffer.alloc(1100, 32), await makePaperPdf()]);
    await expectRefused(reader, () => send(reader, late), 415, 'pdf/not-a-pdf');
    // Types other than a PDF's or raw bytes are refused before the body is read.
    const real = await makePaperPdf({ title: 'Sent with the wrong type' });
    await expectRefused(reader, () => send(reader, real, { type: 'image/png' }), 415, 'pdf/not-a-pdf');
    await expectRefused(
      reader,
      () => send(reader, JSON.stringify({ pdf: true }), { type: 'application/json' }),
      415,
      'pdf/not-a-pdf',
    );
    await expectRefused(reader, () => send(reader, `%PDF-1.7\n${'x'.repeat(500)}`), 422, 'pdf/broken');
    await expectRefused(reader, async () => send(reader, await makeTruncatedPdf()), 422, 'pdf/broken');
    await expectRefused(reader, async () => send(reader, await makeEncryptedPdf()), 422, 'pdf/encrypted');
    // Raw bytes of any name are accepted when they are a PDF.
    const raw = await send(reader, real, { type: 'application/octet-stream' });
    expect(raw.statusCode, raw.body).toBe(201);
  });

  it('refuses a file over the size limit before reading it', async () => {
    const reader = await signUp('Hoarder');
    const error = await expectRefused(
      reader,
      () => send(reader, Buffer.alloc(pdfRules.maxBytes + 1)),
      413,
      'pdf/too-large',
    );
    expect(error.message).toContain('100 MB');
  });

  it('refuses visitors before reading the body', async () => {
    const response = await send(undefined, await makePaperPdf());
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('auth/unauthenticated');
  });

  it('answers the same bytes again with the PDF already there, and stores nothing new', async () => {
    const reader = await signUp('Twice');
    const first = await paper(reader);
    const filesBefore = await filesUnder(storeFolder());
    const again = await send(reader, first.bytes, { fileName: 'another name.pdf' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ existing: true, document: { id: first.document.id } });
    expect(again.json().document.fileName).toBe(first.document.fileName);
    expect(await rowsOf(reader)).toBe(1);
    expect(await filesUnder(storeFolder())).toEqual(filesBefore);
  });

  it('ends concurrent uploads of the same bytes by one person with one PDF', async () => {
    const reader = await signUp('Impatient');
    const bytes = await makePaperPdf({ title: 'Clicked five times' });
    const responses = await Promise.all(Array.from({ length: 5 }, () => send(reader, bytes)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(responses.map((response) => response.json().document.id)).size).toBe(1);
    expect(await rowsOf(reader)).toBe(1);
  });

  it('keeps one file for two people with the same paper, until the last of them deletes it', async () => {
    const [ana, ben] = [await signUp('Ana'), await signUp('Ben')];
    const bytes = await makePaperPdf({ title: 'Shared by two readers' });
    const hash = contentHash(bytes);
    const forAna = await send(ana, bytes);
    const forBen = await send(ben, bytes);
    expect([forAna.statusCode, forBen.statusCode]).toEqual([201, 201]);
    const [anaId, benId] = [forAna.json().document.id as string, forBen.json().document.id as string];
    expect(anaId).not.toBe(benId);
    expect(await filesUnder(storeFolder())).toContain(path.relative(storeFolder(), stored(hash)));

    expect((await request('DELETE', `/api/pdfs/${anaId}`, ana)).statusCode).toBe(204);
    expect(await rowsOf(ana)).toBe(0);
    // Ben still reads his copy: the file stayed.
    const bens = await request('GET', `/api/pdfs/${benId}/file`, ben);
    expect(bens.statusCode).toBe(200);
    expect(bens.rawPayload.equals(bytes)).toBe(true);

    expect((await request('DELETE', `/api/pdfs/${benId}`, ben)).statusCode).toBe(204);
    await expect(fs.access(stored(hash))).rejects.toThrow();
    // Uploaded again afterwards, the file comes back.
    expect((await send(ana, bytes)).statusCode).toBe(201);
    expect((await fs.readFile(stored(hash))).equals(bytes)).toBe(true);
  });

  it('never loses the file to a delete that races an upload of the same bytes', async () => {
    const [ana, ben] = [await signUp('Racer A'), await signUp('Racer B')];
    for (let round = 0; round < 5; round++) {
      const bytes = await makePaperPdf({ title: `Race round ${round}` });
      const first = await send(ana, bytes);
      expect(first.statusCode).toBe(201);
      const [deleted, uploaded] = await Promise.all([
        request('DELETE', `/api/pdfs/${first.json().document.id}`, ana),
        send(ben, bytes),
      ]);
      expect(deleted.statusCode).toBe(204);
      expect(uploaded.statusCode).toBe(201);
      const file = await request('GET', `/api/pdfs/${uploaded.json().document.id}/file`, ben);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('refuses a PDF over the plan’s storage, naming what is used and allowed; premium makes room', async () => {
    const reader = await signUp('Collector');
    const kept = await paper(reader, { title: 'Already in the library' });
    // A library with 1 MB left: one large PDF's row (its size is what the quota counts) fills the rest.
    const free = plans.free.pdfLibraryBytes;
    const megabyte = 1024 * 1024;
    await context.db.orm.insert(pdfDocuments).values({
      ownerKey: reader.id,
      fileHash: contentHash(randomBytes(32)),
      fileName: 'large.pdf',
      byteSize: free - megabyte - kept.bytes.length,
      pageCount: 300,
      title: 'A large scan',
    });
    const next = await makePaperPdf({ title: 'One more paper', paddingBytes: 2 * megabyte });
    const error = await expectRefused(reader, () => send(reader, next), 413, 'pdf/quota-exceeded');
    expect(error.message).toBe(
      'That PDF (2 MB) does not fit in your library: it holds 249 MB of the 250 MB your plan allows. ' +
        'Delete some PDFs, or premium raises the limit to 10 GB.',
    );
    const library = await request('GET', '/api/pdfs', reader);
    expect(library.statusCode, library.body).toBe(200);
    expect(library.json().usage).toEqual({ usedBytes: free - megabyte, allowedBytes: free });
    // One that fits in what is left is kept.
    expect((await send(reader, await makePaperPdf({ title: 'A short one' }))).statusCode).toBe(201);

    // The PDF already kept is still answered: nothing new would be stored.
    const again = await send(reader, kept.bytes);
    expect(again.statusCode).toBe(200);
    expect(again.json().existing).toBe(true);

    await context.db.orm
      .update(profiles)
      .set({ isSubscribed: true, subscribedUntil: null })
      .where(eq(profiles.key, reader.id));
    const premium = await send(reader, next);
    expect(premium.statusCode, premium.body).toBe(201);
    expect((await request('GET', '/api/pdfs', reader)).json().usage.allowedBytes).toBe(
      plans.premium.pdfLibraryBytes,
    );

    // Premium that has ended is the free plan again.
    await context.db.orm
      .update(profiles)
      .set({ subscribedUntil: new Date(Date.now() - 60_000) })
      .where(eq(profiles.key, reader.id));
    await expectRefused(
      reader,
      async () => send(reader, await makePaperPdf({ title: 'After premium ended', paddingBytes: megabyte })),
      413,
      'pdf/quota-exceeded',
    );
  });

  it('queues the new PDF’s text extraction, and still keeps the PDF when it cannot be queued', async () => {
    const reader = await signUp('Indexed');
    const boss = context.app.jobs.queue.boss;
    // Without the queue, sending fails: the upload succeeds all the same, and its text waits.
    await boss.deleteQueue(extractTextQueue);
    const unqueued = await paper(reader);
    expect(unqueued.document.textStatus).toBe('pending');
    expect((await request('GET', `/api/pdfs/${unqueued.document.id}`, reader)).statusCode).toBe(200);

    await boss.createQueue(extractTextQueue);
    const queued = await paper(reader);
    const jobs = await boss.findJobs<{ documentId: string }>(extractTextQueue, {
      data: { documentId: queued.document.id },
    });
    expect(jobs).toHaveLength(1);
    // An upload of bytes already there queues nothing more.
    expect((await send(reader, queued.bytes)).statusCode).toBe(200);
    expect(await boss.findJobs(extractTextQueue, { data: { documentId: queued.document.id } })).toHaveLength(
      1,
    );
  });

  it('limits uploads per person, not per address', async () => {
    const [eager, calm] = [await signUp('Eager'), await signUp('Calm')];
    // Empty uploads are refused cheaply, and count like any other.
    const statuses: number[] = [];
    for (let i = 0; i <= pdfRules.uploadsPerMinute; i++) {
      statuses.push((await send(eager, Buffer.alloc(0))).statusCode);
    }
    expect(statuses.slice(0, pdfRules.uploadsPerMinute).every((status) => status === 422)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Someone else from the same address still uploads.
    const sameAddress = { ...calm, address: eager.address };
    expect((await send(sameAddress, Buffer.alloc(0))).statusCode).toBe(422);
  });
});

describe('the uploaded file name', () => {
  it('is the URI-decoded last path segment, without control characters', () => {
    expect(uploadedFileName(encodeURIComponent('Über die Zeit.pdf'))).toBe('Über die Zeit.pdf');
    expect(uploadedFileName(encodeURIComponent('C:\\Users\\me\\paper.pdf'))).toBe('paper.pdf');
    expect(uploadedFileName(encodeURIComponent('../../etc/passwd'))).toBe('passwd');
    expect(uploadedFileName(encodeURIComponent('bad\r\nname\u0000.pdf'))).toBe('badname.pdf');
    expect(uploadedFileName('100%.pdf')).toBe('100%.pdf');
    expect(uploadedFileName('   ')).toBeUndefined();
    expect(uploadedFileName(undefined)).toBeUndefined();
    expect(uploadedFileName(encodeURIComponent('x'.repeat(300)))?.length).toBe(255);
  });
});
