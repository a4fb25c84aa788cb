import type { FastifyBaseLogger } from 'fastify';
import type { PdfUploadResult } from '../../../../contracts/pdfs.ts';
import { plans } from '../../../../contracts/premium.ts';
import { AppError } from '../../../lib/app-error.ts';
import { contentHash, type FileStore } from '../../../lib/files/store.ts';
import { guessMetadata } from '../metadata.ts';
import { inspectPdf } from '../pdf-file.ts';
import { bytesLabel } from './present.ts';
import type { LibraryRepository } from './repository.ts';
import type { LibraryService } from './service.ts';

/** How far into a file the `%PDF-` header may start (readers accept a little junk before it). */
const headerWindow = 1024;

/** The name a PDF is kept under when the upload did not say one. */
const defaultFileName = 'document.pdf';

/** An upload's outcome: the document, whether it was already there, and whether this upload made it. */
export type UploadOutcome = PdfUploadResult & { created: boolean };

/**
 * The original file name from the upload's `X-File-Name` header (URI-encoded, so any name travels in an
 * ASCII header): only its last path segment, without control characters, at most 255 characters.
 */
export function uploadedFileName(header: string | string[] | undefined): string | undefined {
  const raw = Array.isArray(header) ? header[0] : header;
  if (!raw) return undefined;
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    name = raw;
  }
  const base = (name.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed here
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 255);
  return base || undefined;
}

function quotaExceeded(size: number, usedBytes: number, allowedBytes: number): AppError {
  const premiumRaises = allowedBytes < plans.premium.pdfLibraryBytes;
  return new AppError('pdf/quota-exceeded', {
    message:
      `That PDF (${bytesLabel(size)}) does not fit in your library: it holds ${bytesLabel(usedBytes)} of the ` +
      `${bytesLabel(allowedBytes)} your plan allows. Delete some PDFs` +
      (premiumRaises
        ? `, or premium raises the limit to ${bytesLabel(plans.premium.pdfLibraryBytes)}.`
        : '.'),
  });
}

/**
 * Adding a PDF to a person's library. The bytes are checked in order — empty, not a PDF, already in the
 * library (answered with the existing document, nothing stored), over the quota, locked or broken — and only
 * then stored: the file first, then its row, under locks that keep a concurrent delete of the same bytes from
 * removing the file beneath the new row. A failure on the way leaves neither. Text extraction is queued after
 * the commit; an upload never fails because it could not be queued.
 */
export function createUploader(deps: {
  repository: LibraryRepository;
  store: FileStore;
  library: Pick<LibraryService, 'document' | 'usage' | 'removeFileIfUnused'>;
  queueTextExtraction: (documentId: string) => Promise<unknown>;
  log: FastifyBaseLogger;
}) {
  const { repository, store, library, log } = deps;

  async function existing(ownerKey: string, id: string): Promise<UploadOutcome> {
    return { document: await library.document(ownerKey, id), existing: true, created: false };
  }

  return async function upload(
    ownerKey: string,
    body: Buffer | undefined,
    givenName: string | undefined,
  ): Promise<UploadOutcome> {
    if (!body || body.length === 0) throw new AppError('pdf/empty');
    if (!body.subarray(0, headerWindow).includes('%PDF-')) throw new AppError('pdf/not-a-pdf');

    const hash = contentHash(body);
    const known = await repository.findByHash(ownerKey, hash);
    if (known) return existing(ownerKey, known.id);

    const before = await library.usage(ownerKey);
    if (before.usedBytes + body.length > before.allowedBytes) {
      throw quotaExceeded(body.length, before.usedBytes, before.allowedBytes);
    }

    const inspection = await inspectPdf(body);
    const metadata = guessMetadata(inspection, givenName ?? '');

    let wroteFile = false;
    let outcome: { id: string; existing: boolean };
    try {
      outcome = await repository.transaction(async (tx) => {
        // One upload of the person's at a time decides quota and dedupe; the file's lock keeps deletes out.
        await tx.lockOwnerUploads(ownerKey);
        await tx.lockFile(hash);
        const meanwhile = await tx.findByHash(ownerKey, hash);
        if (meanwhile) return { id: meanwhile.id, existing: true };
        const now = await library.usage(ownerKey, tx);
        if (now.usedBytes + body.length > now.allowedBytes) {
          throw quotaExceeded(body.length, now.usedBytes, now.allowedBytes);
        }
        wroteFile = true;
        await store.put(body);
        const row = await tx.insertDocument({
          ownerKey,
          fileHash: hash,
          fileName: givenName ?? defaultFileName,
          byteSize: body.length,
          pageCount: inspection.pageCount,
          title: metadata.title,
          authors: metadata.authors,
          year: metadata.year,
          doi: metadata.doi,
          arxivId: metadata.arxivId,
        });
        if (!row) {
          // Another path inserted the same bytes for this person; theirs is the one.
          const other = await tx.findByHash(ownerKey, hash);
          if (!other) throw new Error('A PDF conflicted with a row that is not there');
          return { id: other.id, existing: true };
        }
        return { id: row.id, existing: false };
      });
    } catch (error) {
      // Nothing half-way: bytes written for a row that was never committed go, unless someone else's row
      // points at them.
      if (wroteFile) {
        await library.removeFileIfUnused(hash).catch((cleanupError: unknown) => {
          log.error({ err: cleanupError, hash }, 'An unused PDF file could not be removed');
        });
      }
      throw error;
    }

    if (outcome.existing) return existing(ownerKey, outcome.id);
    try {
      await deps.queueTextExtraction(outcome.id);
    } catch (error) {
      // The PDF is stored and opens; only search waits until its text is extracted.
      log.warn({ err: error, documentId: outcome.id }, 'Text extraction of a new PDF could not be queued');
    }
    return { document: await library.document(ownerKey, outcome.id), existing: false, created: true };
  };
}
export type Uploader = ReturnType<typeof createUploader>;
