import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfDocuments, pdfPages } from '../../../db/schema.ts';
import { createLocalFileStore } from '../../../lib/files/store.ts';
import { setupTestApp } from '../../../test/app.ts';
import { people, type Person } from '../../../test/people.ts';
import { insertPdfDocument, readPdfDocument } from '../../../test/pdf-documents.ts';
import { makePaperPdf, makeScannedPdf, makeTruncatedPdf } from '../../../test/pdfs.ts';
import { createTextExtractor, storableText, textStatusOf } from './extract.ts';
import { extractTextFailedQueue, queueTextExtraction } from './queue.ts';
import { createTextRepository, type TextRepository } from './repository.ts';

const context = setupTestApp();
const firstAttempt = { retryCount: 0, retryLimit: 2, signal: new AbortController().signal };
const lastAttempt = { ...firstAttempt, retryCount: 2 };

function extractor(repository: TextRepository = createTextRepository(context.db)) {
  return createTextExtractor({
    repository,
    store: createLocalFileStore(path.join(context.dataDir, 'files')),
    log: context.app.log,
  });
}

async function pagesOf(documentId: string) {
  return context.db.orm
    .select({ page: pdfPages.page, text: pdfPages.text, ownerKey: pdfPages.ownerKey })
    .from(pdfPages)
    .where(eq(pdfPages.documentId, documentId))
    .orderBy(asc(pdfPages.page));
}

async function waitForStatus(documentId: string, status: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const row = await readPdfDocument(context, documentId);
    if (row?.textStatus === status) return row;
    if (Date.now() > deadline) throw new Error(`text status is ${row?.textStatus}, not ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const body = (n: number) =>
  `Page ${n} of the paper discusses retrieval practice and the testing effect at some length.`;

describe('text extraction', () => {
  let ada: Person;
  beforeAll(async () => {
    ada = await people(context, '10.16.1').signUp('Ada');
  });

  it('writes every page’s text, finds the DOI and arXiv id, and a second run replaces the pages', async () => {
    const bytes = await makePaperPdf({
      title: 'Retrieval practice',
      authors: ['Ada Lovelace'],
      doi: '10.1234/retrieval.2024.7',
      arxivId: '2401.01234v1',
      pages: [body(1), body(2), 'Only this page mentions zymurgy, the study of fermentation.', body(4)],
    });
    const id = await insertPdfDocument(context, ada.id, bytes, { pageCount: 4 });

    expect(await extractor().extract(id, firstAttempt)).toBe('extracted');
    const pages = await pagesOf(id);
    expect(pages.map((page) => page.page)).toEqual([1, 2, 3, 4]);
    expect(pages.every((page) => page.ownerKey === ada.id)).toBe(true);
    expect(pages[0]!.text).toContain('Retrieval practice');
    expect(pages[2]!.text).toBe('Only this page mentions zymurgy, the study of fermentation.');
    expect(await readPdfDocument(context, id)).toMatchObject({
      textStatus: 'extracted',
      doi: '10.1234/retrieval.2024.7',
      arxivId: '2401.01234v1',
    });

    // Run again (a retry after a crash, say): the same four pages, not eight.
    expect(await extractor().extract(id, firstAttempt)).toBe('extracted');
    expect(await pagesOf(id)).toEqual(pages);
  });

  it('keeps a DOI the person typed, and never takes one from the references', async () => {
    const cited = await makePaperPdf({
      title: 'A paper without its own DOI',
      pages: [body(1), 'References\n[1] A. Author. Another paper. doi: 10.9999/cited.1 arXiv:1706.03762'],
    });
    const citing = await insertPdfDocument(context, ada.id, cited, { pageCount: 2 });
    await extractor().extract(citing, firstAttempt);
    expect(await readPdfDocument(context, citing)).toMatchObject({ doi: null, arxivId: null });

    const typed = await insertPdfDocument(
      context,
      ada.id,
      await makePaperPdf({ title: 'Typed', doi: '10.1234/printed', pages: [body(1)] }),
      { doi: '10.1234/typed' },
    );
    await extractor().extract(typed, firstAttempt);
    expect(await readPdfDocument(context, typed)).toMatchObject({
      doi: '10.1234/typed',
      textStatus: 'extracted',
    });
  });

  it('marks a scanned PDF no-text: it has pages, but no text to search', async () => {
    const id = await insertPdfDocument(context, ada.id, await makeScannedPdf(3), { pageCount: 3 });
    expect(await extractor().extract(id, firstAttempt)).toBe('no-text');
    expect(await pagesOf(id)).toEqual([]);
    expect((await readPdfDocument(context, id))?.textStatus).toBe('no-text');
  });

  it('marks a PDF that cannot be read, or whose file is missing, failed at once', async () => {
    const broken = await insertPdfDocument(context, ada.id, await makeTruncatedPdf());
    expect(await extractor().extract(broken, firstAttempt)).toBe('failed');
    expect((await readPdfDocument(context, broken))?.textStatus).toBe('failed');

    const missing = await insertPdfDocument(context, ada.id, await makePaperPdf({ pages: ['gone'] }));
    await context.db.orm
      .update(pdfDocuments)
      .set({ fileHash: 'f'.repeat(64) })
      .where(eq(pdfDocuments.id, missing));
    expect(await extractor().extract(missing, firstAttempt)).toBe('failed');
    expect((await readPdfDocument(context, missing))?.textStatus).toBe('failed');
  });

  it('ends quietly when the document is deleted before or while it runs', async () => {
    expect(await extractor().extract('00000000-0000-4000-8000-000000000000', firstAttempt)).toBe('gone');

    const bytes = await makePaperPdf({ pages: Array.from({ length: 30 }, (_, index) => body(index + 1)) });
    const id = await insertPdfDocument(context, ada.id, bytes, { pageCount: 30 });
    const repository = createTextRepository(context.db);
    // The person deletes the PDF just as the first batch of pages is written.
    const deleting: TextRepository = {
      ...repository,
      async writePages(document, pages) {
        await context.db.orm.delete(pdfDocuments).where(eq(pdfDocuments.id, id));
        return repository.writePages(document, pages);
      },
    };
    expect(await extractor(deleting).extract(id, firstAttempt)).toBe('gone');
    expect(await pagesOf(id)).toEqual([]);
  });

  it('lets the queue retry a passing failure, and marks the document failed on the last attempt', async () => {
    const id = await insertPdfDocument(context, ada.id, await makePaperPdf({ pages: [body(1)] }));
    const repository = createTextRepository(context.db);
    const unreachable: TextRepository = {
      ...repository,
      async writePages() {
        throw new Error('Connection terminated unexpectedly');
      },
    };
    await expect(extractor(unreachable).extract(id, firstAttempt)).rejects.toThrow('Connection terminated');
    expect((await readPdfDocument(context, id))?.textStatus).toBe('pending');
    await expect(extractor(unreachable).extract(id, lastAttempt)).rejects.toThrow('Connection terminated');
    expect((await readPdfDocument(context, id))?.textStatus).toBe('failed');
  });

  it('stops when its attempt is aborted (the time limit passed, or the instance is stopping)', async () => {
    const id = await insertPdfDocument(context, ada.id, await makePaperPdf({ pages: [body(1), body(2)] }));
    const controller = new AbortController();
    controller.abort();
    await expect(extractor().extract(id, { ...firstAttempt, signal: controller.signal })).rejects.toThrow();
    expect((await readPdfDocument(context, id))?.textStatus).toBe('pending');
  });

  it('runs as a job, and the sweep queues a document left pending again', async () => {
    const sent = await insertPdfDocument(
      context,
      ada.id,
      await makePaperPdf({ pages: ['This paper was sent to the queue as a job.'] }),
    );
    expect(await queueTextExtraction(context.app.jobs, sent)).not.toBeNull();
    await waitForStatus(sent, 'extracted');

    // No job was ever sent for this one (a crash between the upload and the send).
    const left = await insertPdfDocument(
      context,
      ada.id,
      await makePaperPdf({ pages: ['This paper was left pending by a crash.'] }),
    );
    // The sweep runs once at a time: while the start's run (or a scheduled one) is queued, asking again is a no-op.
    const deadline = Date.now() + 10_000;
    while (!(await context.app.jobs.send('sweep.pdf-text-pending', {}))) {
      if (Date.now() > deadline) throw new Error('the sweep could not be queued');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await waitForStatus(left, 'extracted');
    expect(await pagesOf(left)).toHaveLength(1);
  });

  it('marks a document failed when its job has given up (the dead letter)', async () => {
    const id = await insertPdfDocument(context, ada.id, await makePaperPdf({ pages: ['Given up.'] }));
    await context.app.jobs.send(extractTextFailedQueue, { documentId: id });
    await waitForStatus(id, 'failed');
  });
});

describe('storableText and textStatusOf', () => {
  it('removes NUL and the other control characters, keeps line breaks and tabs', () => {
    expect(storableText('a\u0000b\u0001c\u0002d\ne\tf\u007f')).toBe('abcd\ne\tf');
  });

  it('says no-text when no page, or fewer than one in ten, has text', () => {
    expect(textStatusOf(0, 2)).toBe('no-text');
    expect(textStatusOf(1, 30)).toBe('no-text');
    expect(textStatusOf(1, 10)).toBe('extracted');
    expect(textStatusOf(1, 1)).toBe('extracted');
  });
});
