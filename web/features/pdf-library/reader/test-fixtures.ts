import {
  pdfDetailSchema,
  pdfDocumentSchema,
  pdfHighlightSchema,
  pdfLibrarySchema,
  type PdfDetail,
  type PdfDocument,
  type PdfHighlight,
} from '../../../../contracts/pdfs.ts';

/** Fixtures for the reader's tests, parsed by the contracts so they cannot drift from what the API sends. */

export const documentId = '0b6f3d3e-8a4f-4c52-9d63-3c9a1f0e7a10';
export const highlightIdOf = (n: number) => `5d1c2a3b-4e5f-4a6b-8c7d-${String(n).padStart(12, '0')}`;
export const cardIdOf = (n: number) => `7e8f9a0b-1c2d-4e3f-8a4b-${String(n).padStart(12, '0')}`;

const when = '2026-03-10T09:00:00.000Z';

export function documentFixture(overrides: Partial<PdfDocument> = {}): PdfDocument {
  return pdfDocumentSchema.parse({
    id: documentId,
    title: 'Spacing effects in long-term memory',
    authors: ['Ada Lovelace', 'Charles Babbage'],
    year: 2024,
    doi: null,
    arxivId: null,
    tags: [],
    collectionIds: [],
    status: 'reading',
    lastPage: 2,
    pageCount: 3,
    byteSize: 2048,
    fileName: 'spacing.pdf',
    textStatus: 'extracted',
    paperCard: null,
    highlightCount: 0,
    cardCount: 0,
    createdAt: when,
    updatedAt: when,
    openedAt: when,
    ...overrides,
  });
}

export function highlightFixture(n: number, overrides: Partial<PdfHighlight> = {}): PdfHighlight {
  return pdfHighlightSchema.parse({
    id: highlightIdOf(n),
    documentId,
    page: 1,
    color: 'yellow',
    quote: `Quote number ${n}`,
    prefix: 'Before ',
    suffix: ' after',
    rects: [{ x: 72, y: 100 + n * 20, width: 200, height: 14 }],
    note: null,
    card: null,
    createdAt: when,
    updatedAt: when,
    ...overrides,
  });
}

export function detailFixture(overrides: Partial<PdfDetail> = {}): PdfDetail {
  const highlights = overrides.highlights ?? [];
  return pdfDetailSchema.parse({
    document: documentFixture({ highlightCount: highlights.length }),
    highlights,
    cards: [],
    citation: 'Ada Lovelace and Charles Babbage (2024). Spacing effects in long-term memory.',
    ...overrides,
  });
}

export function libraryFixture(makeCardAs: 'draft' | 'published' | null) {
  return pdfLibrarySchema.parse({
    items: [],
    total: 1,
    collections: [],
    tags: [],
    usage: { usedBytes: 2048, allowedBytes: 100 * 1024 * 1024 },
    makeCardAs,
  });
}
