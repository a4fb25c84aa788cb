import type {
  PdfCollection,
  PdfDocument,
  PdfHighlight,
  ReadStatus,
  TextStatus,
} from '../../../../contracts/pdfs.ts';
import type { CollectionView, DocumentView, HighlightView } from './repository.ts';

/** A document as the API shows it. */
export function presentDocument(view: DocumentView): PdfDocument {
  const { document } = view;
  return {
    id: document.id,
    title: document.title,
    authors: document.authors,
    year: document.year,
    doi: document.doi,
    arxivId: document.arxivId,
    tags: document.tags,
    collectionIds: view.collectionIds,
    status: document.status as ReadStatus,
    lastPage: document.lastPage,
    pageCount: document.pageCount,
    byteSize: document.byteSize,
    fileName: document.fileName,
    textStatus: document.textStatus as TextStatus,
    paperCard: view.paperCard,
    highlightCount: view.highlightCount,
    cardCount: view.cardCount,
    createdAt: document.createdAt.toISOString(),
    updatedAt: document.updatedAt.toISOString(),
    openedAt: document.openedAt?.toISOString() ?? null,
  };
}

/** A highlight as the API shows it, with its card while that exists. */
export function presentHighlight({ highlight, card }: HighlightView): PdfHighlight {
  return {
    id: highlight.id,
    documentId: highlight.documentId,
    page: highlight.page,
    color: highlight.color as PdfHighlight['color'],
    quote: highlight.quote,
    prefix: highlight.prefix,
    suffix: highlight.suffix,
    rects: highlight.rects,
    note: highlight.note,
    card,
    createdAt: highlight.createdAt.toISOString(),
    updatedAt: highlight.updatedAt.toISOString(),
  };
}

/** A collection as the API shows it. */
export function presentCollection(view: CollectionView): PdfCollection {
  return { id: view.id, name: view.name, documentCount: view.documentCount };
}

/** Bytes as people read them: "840 KB", "12.3 MB", "1.5 GB". */
export function bytesLabel(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit === 0) return `${bytes} bytes`;
  const rounded = value >= 100 || Number.isInteger(value) ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${units[unit]}`;
}
