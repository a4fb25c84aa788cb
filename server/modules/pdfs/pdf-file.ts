import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { AppError } from '../../lib/app-error.ts';

// pdf.js draws the standard 14 fonts from these files; it is asked for text only, but it loads fonts to get it.
const standardFontDataUrl =
  pathToFileURL(
    path.join(
      path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
      'standard_fonts',
    ),
  ).href + '/';

/** One line of a page's text, with the size of its type (the title is usually the largest on page 1). */
export type TextLine = { text: string; size: number };

/** What an upload needs to know of a PDF: its pages, its own metadata and the lines of its first pages. */
export type PdfInspection = {
  pageCount: number;
  info: { title?: string; author?: string; subject?: string; keywords?: string; creationDate?: string };
  /** The lines of the first pages (at most `firstPages`), in reading order. */
  firstPages: TextLine[][];
};

type TextItem = { str: string; height: number; hasEOL: boolean };

function isTextItem(item: unknown): item is TextItem {
  return typeof item === 'object' && item !== null && 'str' in item;
}

/** Opens `bytes` with pdf.js, scripts off; maps its refusals to the library's error codes. */
async function open(bytes: Uint8Array) {
  // pdf.js may take over the buffer it is given: it gets a copy, so the caller's bytes stay whole. (6.x has no
  // `isEvalSupported`: it never compiles code from a PDF any more; see decision 023.)
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl,
    verbosity: 0,
    stopAtErrors: false,
  });
  try {
    return { task, doc: await task.promise };
  } catch (error) {
    await task.destroy();
    const name = error instanceof Error ? error.name : '';
    if (name === 'PasswordException') {
      throw new AppError('pdf/encrypted');
    }
    throw new AppError('pdf/broken');
  }
}

/** A page's text as lines: pdf.js marks each line's end; runs within a line are joined as they are. */
function linesOf(items: unknown[]): TextLine[] {
  const lines: TextLine[] = [];
  let text = '';
  let size = 0;
  for (const item of items) {
    if (!isTextItem(item)) continue;
    text += item.str;
    size = Math.max(size, item.height);
    if (item.hasEOL) {
      if (text.trim()) lines.push({ text: text.replace(/\s+/g, ' ').trim(), size });
      text = '';
      size = 0;
    }
  }
  if (text.trim()) lines.push({ text: text.replace(/\s+/g, ' ').trim(), size });
  return lines;
}

function stringField(info: unknown, name: string): string | undefined {
  if (typeof info !== 'object' || info === null) return undefined;
  const value = (info as Record<string, unknown>)[name];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/**
 * Reads a PDF's page count, its own metadata and the text lines of its first pages. Refuses a locked PDF with
 * `pdf/encrypted` and one pdf.js cannot parse with `pdf/broken`.
 */
export async function inspectPdf(bytes: Uint8Array, firstPages = 2): Promise<PdfInspection> {
  const { task, doc } = await open(bytes);
  try {
    const { info } = await doc.getMetadata().catch(() => ({ info: undefined }));
    const pages: TextLine[][] = [];
    for (let number = 1; number <= Math.min(firstPages, doc.numPages); number++) {
      const page = await doc.getPage(number);
      pages.push(linesOf((await page.getTextContent()).items));
      page.cleanup();
    }
    return {
      pageCount: doc.numPages,
      info: {
        title: stringField(info, 'Title'),
        author: stringField(info, 'Author'),
        subject: stringField(info, 'Subject'),
        keywords: stringField(info, 'Keywords'),
        creationDate: stringField(info, 'CreationDate'),
      },
      firstPages: pages,
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('pdf/broken');
  } finally {
    await task.destroy();
  }
}

/**
 * Each page's text in order, as lines joined by newlines; a page pdf.js cannot read yields empty text rather
 * than ending the document. Stops early when `signal` aborts.
 */
export async function* pageTexts(
  bytes: Uint8Array,
  signal?: AbortSignal,
): AsyncGenerator<{ page: number; pageCount: number; text: string }> {
  const { task, doc } = await open(bytes);
  try {
    for (let number = 1; number <= doc.numPages; number++) {
      signal?.throwIfAborted();
      let text = '';
      try {
        const page = await doc.getPage(number);
        text = linesOf((await page.getTextContent()).items)
          .map((line) => line.text)
          .join('\n');
        page.cleanup();
      } catch {
        text = '';
      }
      yield { page: number, pageCount: doc.numPages, text };
    }
  } finally {
    await task.destroy();
  }
}
