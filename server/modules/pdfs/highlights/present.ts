import type { PdfHighlight } from '../../../../contracts/pdfs.ts';
import type { HighlightCard, HighlightRow } from './repository.ts';

/** A highlight row as the API answers it, with its card while that exists. */
export function presentHighlight(row: HighlightRow, card: HighlightCard): PdfHighlight {
  return {
    id: row.id,
    documentId: row.documentId,
    page: row.page,
    color: row.color as PdfHighlight['color'],
    quote: row.quote,
    prefix: row.prefix,
    suffix: row.suffix,
    rects: row.rects,
    note: row.note,
    card: card ? { id: card.id, title: card.title, status: card.status as 'draft' | 'published' } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
