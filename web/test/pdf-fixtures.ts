import {
  pdfCollectionSchema,
  pdfDocumentSchema,
  pdfLibrarySchema,
  pdfSearchHitSchema,
  pdfUploadResultSchema,
  type PdfCollection,
  type PdfDocument,
  type PdfLibrary,
  type PdfSearchHit,
  type PdfUploadResult,
} from '../../contracts/pdfs.ts';

/** PDFs, collections and library answers as the PDF API gives them, parsed through the contract. */

const megabyte = 1024 * 1024;

/** A valid UUID for test PDF `n`. */
export function pdfId(n: number): string {
  return `00000000-0000-4000-8000-0000000f${String(n).padStart(4, '0')}`;
}

/** A valid UUID for test collection `n`. */
export function pdfCollectionId(n: number): string {
  return `00000000-0000-4000-8000-0000000c${String(n).padStart(4, '0')}`;
}

/** PDF `n`: a read-to-be paper with text, never opened, unless `changes` says otherwise. */
export function pdfFixture(n: number, changes: Partial<PdfDocument> = {}): PdfDocument {
  return pdfDocumentSchema.parse({
    id: pdfId(n),
    title: `Paper number ${n}`,
    authors: ['Ada Lovelace', 'Charles Babbage'],
    year: 2020 + n,
    doi: null,
    arxivId: null,
    tags: [],
    collectionIds: [],
    status: 'to-read',
    lastPage: 1,
    pageCount: 12,
    byteSize: 2 * megabyte,
    fileName: `paper-${n}.pdf`,
    textStatus: 'extracted',
    paperCard: null,
    highlightCount: 0,
    cardCount: 0,
    createdAt: `2026-03-0${Math.min(n, 9)}T10:00:00.000Z`,
    updatedAt: `2026-03-0${Math.min(n, 9)}T10:00:00.000Z`,
    openedAt: null,
    ...changes,
  });
}

/** Collection `n`, holding `documentCount` PDFs. */
export function pdfCollectionFixture(n: number, changes: Partial<PdfCollection> = {}): PdfCollection {
  return pdfCollectionSchema.parse({
    id: pdfCollectionId(n),
    name: `Collection ${n}`,
    documentCount: 0,
    ...changes,
  });
}

/** `GET /api/pdfs` holding `items` (the whole library unless `total` says more), with 250 MB allowed. */
export function pdfLibraryFixture(items: PdfDocument[], changes: Partial<PdfLibrary> = {}): PdfLibrary {
  return pdfLibrarySchema.parse({
    items,
    total: items.length,
    collections: [],
    tags: [...new Set(items.flatMap((item) => item.tags))].sort(),
    usage: {
      usedBytes: items.reduce((sum, item) => sum + item.byteSize, 0),
      allowedBytes: 250 * megabyte,
    },
    makeCardAs: null,
    ...changes,
  });
}

/** A search hit on page `page` of PDF `n`; `snippet` marks its hits with [brackets]. */
export function pdfSearchHitFixture(n: number, page: number, snippet: string, title?: string): PdfSearchHit {
  const parts = snippet
    .split(/(\[[^\]]*\])/)
    .filter((part) => part !== '')
    .map((part) =>
      part.startsWith('[') ? { text: part.slice(1, -1), hit: true } : { text: part, hit: false },
    );
  return pdfSearchHitSchema.parse({
    documentId: pdfId(n),
    title: title ?? `Paper number ${n}`,
    page,
    snippet: parts,
  });
}

/** `POST /api/pdfs`'s answer for `document`. */
export function pdfUploadFixture(document: PdfDocument, existing = false): PdfUploadResult {
  return pdfUploadResultSchema.parse({ document, existing });
}
