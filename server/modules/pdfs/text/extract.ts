import type { FastifyBaseLogger } from 'fastify';
import type { TextStatus } from '../../../../contracts/pdfs.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { FileStore } from '../../../lib/files/store.ts';
import type { AttemptContext } from '../../../lib/jobs/queue.ts';
import { findArxivId, findDoi } from '../metadata.ts';
import type { DocumentForExtraction, TextRepository } from './repository.ts';
import { pageTextsInWorker } from './worker-pages.ts';

/** Pages written per statement. */
const BATCH_PAGES = 25;
/** A page's text is cut here: a tsvector holds at most 1 MB, and no real page comes near this. */
const MAX_PAGE_CHARS = 100_000;
/** A page with fewer letters and digits than this (a page number, a running head) has no text to speak of. */
const TEXT_PAGE_CHARS = 20;
/** The heading a paper's list of references starts under: identifiers after it are other papers'. */
const REFERENCES_HEADING = /^\s*(?:\d+\.?\s*)?(references|bibliography|works cited|literature cited)\s*$/im;

/** How an extraction ended: `gone` when the document was deleted before or while it ran. */
export type ExtractionOutcome = Exclude<TextStatus, 'pending'> | 'gone';

/**
 * A page's text as it is stored: without NUL and other control characters (PostgreSQL refuses NUL, and the
 * search's snippets use three of them as markers), at most `MAX_PAGE_CHARS` characters.
 */
export function storableText(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '').slice(0, MAX_PAGE_CHARS);
}

/** Whether a page has text to speak of, rather than none (a scanned image) or a page number. */
function hasText(text: string): boolean {
  let count = 0;
  for (const _ of text.matchAll(/[\p{L}\p{N}]/gu)) if (++count >= TEXT_PAGE_CHARS) return true;
  return false;
}

/**
 * `no-text` when (almost) no page has text: none, or fewer than one page in ten (a scan with a printed cover
 * sheet). Such a PDF still opens; search will not find what is in its images.
 */
export function textStatusOf(pagesWithText: number, pageCount: number): 'extracted' | 'no-text' {
  return pagesWithText === 0 || pagesWithText * 10 < pageCount ? 'no-text' : 'extracted';
}

/**
 * Looks for the paper's own DOI and arXiv id in its pages, in order, up to its list of references (the
 * identifiers there are the cited papers').
 */
function identifierFinder() {
  const found: { doi: string | null; arxivId: string | null } = { doi: null, arxivId: null };
  let done = false;
  return {
    found,
    read(text: string) {
      if (done) return;
      const heading = REFERENCES_HEADING.exec(text);
      const body = heading ? text.slice(0, heading.index) : text;
      found.doi ??= findDoi(body);
      found.arxivId ??= findArxivId(body);
      done = heading !== null || (found.doi !== null && found.arxivId !== null);
    },
  };
}

type Dependencies = { repository: TextRepository; store: FileStore; log: FastifyBaseLogger };

/**
 * The extraction job's work: a document's text, page by page, into `pdf_pages` (replacing what an earlier run
 * left), then its text status, and the DOI and arXiv id from the text where it had none.
 */
export function createTextExtractor({ repository, store, log }: Dependencies) {
  /** Writes every page's text; false when the document was deleted meanwhile. */
  async function writeAllPages(document: DocumentForExtraction, bytes: Uint8Array, signal: AbortSignal) {
    const identifiers = identifierFinder();
    let batch: { page: number; text: string }[] = [];
    let pagesWithText = 0;
    let pageCount = 0;
    await repository.startOver(document.id);
    for await (const page of pageTextsInWorker(bytes, signal)) {
      pageCount = page.pageCount;
      const text = storableText(page.text).trim();
      if (hasText(text)) pagesWithText++;
      identifiers.read(text);
      if (text) batch.push({ page: page.page, text });
      if (batch.length >= BATCH_PAGES) {
        if (!(await repository.writePages(document, batch))) return undefined;
        batch = [];
      }
    }
    if (!(await repository.writePages(document, batch))) return undefined;
    return { status: textStatusOf(pagesWithText, pageCount), found: identifiers.found };
  }

  return {
    /**
     * Extracts one document. A PDF that cannot be opened, or whose bytes are missing, is marked `failed` at
     * once (trying again would not help); any other error is thrown for the queue to retry, and the last
     * attempt marks the document `failed` first.
     */
    async extract(
      documentId: string,
      attempt: Pick<AttemptContext, 'retryCount' | 'retryLimit' | 'signal'>,
    ): Promise<ExtractionOutcome> {
      const document = await repository.document(documentId);
      if (!document) return 'gone';
      const bytes = await store.get(document.fileHash);
      if (!bytes) {
        log.error({ documentId, fileHash: document.fileHash }, 'pdf text: the file of a PDF is missing');
        await repository.markFailed(documentId);
        return 'failed';
      }
      try {
        const written = await writeAllPages(document, bytes, attempt.signal);
        if (!written) return 'gone';
        return (await repository.finish(documentId, written.status, written.found)) ? written.status : 'gone';
      } catch (error) {
        if (error instanceof AppError) {
          log.warn({ documentId, code: error.code }, 'pdf text: the PDF cannot be read');
          await repository.markFailed(documentId);
          return 'failed';
        }
        if (attempt.retryCount >= attempt.retryLimit) await repository.markFailed(documentId);
        throw error;
      }
    },

    /** Marks a document failed when its extraction has given up (the job's dead letter). */
    async givenUp(documentId: string): Promise<void> {
      await repository.markFailed(documentId);
    },
  };
}

export type TextExtractor = ReturnType<typeof createTextExtractor>;
