import { describe, expect, it } from 'vitest';
import { makeEncryptedPdf, makePaperPdf, makeTruncatedPdf } from '../../../test/pdfs.ts';
import { pageTextsInWorker } from './worker-pages.ts';

async function collect(bytes: Uint8Array, signal?: AbortSignal) {
  const pages = [];
  for await (const page of pageTextsInWorker(bytes, signal)) pages.push(page);
  return pages;
}

describe('pageTextsInWorker', () => {
  it('yields every page’s text in order, past the pages it may read ahead, and leaves the bytes whole', async () => {
    const bytes = await makePaperPdf({
      pages: Array.from({ length: 150 }, (_, index) => `Page text ${index + 1}`),
    });
    const pages = await collect(bytes);
    expect(pages).toHaveLength(150);
    expect(pages[0]).toEqual({ page: 1, pageCount: 150, text: 'Page text 1' });
    expect(pages.map((page) => page.page)).toEqual(Array.from({ length: 150 }, (_, index) => index + 1));
    expect(pages.at(-1)!.text).toBe('Page text 150');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses a locked or broken PDF with its error code', async () => {
    await expect(collect(await makeEncryptedPdf())).rejects.toMatchObject({ code: 'pdf/encrypted' });
    await expect(collect(await makeTruncatedPdf())).rejects.toMatchObject({ code: 'pdf/broken' });
  });

  it('stops when aborted, before the next page', async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    await expect(async () => {
      for await (const page of pageTextsInWorker(await makePaperPdf(), controller.signal)) {
        seen.push(page.page);
        controller.abort();
      }
    }).rejects.toThrow();
    expect(seen).toEqual([1]);
    const aborted = new AbortController();
    aborted.abort();
    await expect(collect(await makePaperPdf(), aborted.signal)).rejects.toThrow();
  });
});
