import { describe, expect, it } from 'vitest';
import { makeEncryptedPdf, makePaperPdf, makeScannedPdf, makeTruncatedPdf } from '../../test/pdfs.ts';
import { inspectPdf, pageTexts } from './pdf-file.ts';

describe('inspectPdf', () => {
  it('counts the pages and reads the first page’s lines with their type sizes', async () => {
    const bytes = await makePaperPdf({
      title: 'A title',
      authors: ['Ada Lovelace'],
      pages: ['one', 'two', 'three'],
    });
    const inspection = await inspectPdf(bytes);
    expect(inspection.pageCount).toBe(3);
    expect(inspection.firstPages).toHaveLength(2);
    expect(inspection.firstPages[0]!.slice(0, 3)).toEqual([
      { text: 'A title', size: 20 },
      { text: 'Ada Lovelace', size: 12 },
      { text: 'one', size: 11 },
    ]);
    // The caller's buffer is left whole.
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses a locked PDF with pdf/encrypted', async () => {
    await expect(inspectPdf(await makeEncryptedPdf())).rejects.toMatchObject({ code: 'pdf/encrypted' });
  });

  it('refuses a cut-short or empty file with pdf/broken', async () => {
    await expect(inspectPdf(await makeTruncatedPdf())).rejects.toMatchObject({ code: 'pdf/broken' });
    await expect(inspectPdf(new Uint8Array())).rejects.toMatchObject({ code: 'pdf/broken' });
  });
});

describe('pageTexts', () => {
  it('yields every page’s text in order', async () => {
    const pages = [];
    for await (const page of pageTexts(await makePaperPdf({ pages: ['alpha words', 'beta words'] }))) {
      pages.push(page);
    }
    expect(pages).toEqual([
      { page: 1, pageCount: 2, text: 'alpha words' },
      { page: 2, pageCount: 2, text: 'beta words' },
    ]);
  });

  it('yields empty text for pages that are only drawings', async () => {
    const texts = [];
    for await (const page of pageTexts(await makeScannedPdf(2))) texts.push(page.text);
    expect(texts).toEqual(['', '']);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    await expect(async () => {
      for await (const page of pageTexts(await makePaperPdf(), controller.signal)) {
        seen.push(page.page);
        controller.abort();
      }
    }).rejects.toThrow();
    expect(seen).toEqual([1]);
  });
});
