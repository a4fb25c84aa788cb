import type { MakeCardResult, PdfDetail, PdfDocument, PdfHighlight } from '../../../../contracts/pdfs.ts';

/**
 * How the reader's copy of `GET /api/pdfs/:id` changes after each of its own writes, so the page shows the
 * result at once without reading the whole detail again.
 */

/** The detail with the document as the server returned it after a change. */
export function withDocument(detail: PdfDetail, document: PdfDocument): PdfDetail {
  return { ...detail, document };
}

/** The detail with a new highlight. */
export function withNewHighlight(detail: PdfDetail, highlight: PdfHighlight): PdfDetail {
  return {
    ...detail,
    highlights: [...detail.highlights.filter((item) => item.id !== highlight.id), highlight],
    document: { ...detail.document, highlightCount: detail.document.highlightCount + 1 },
  };
}

/** The detail with one highlight as changed (colour, note, its card). */
export function withHighlight(detail: PdfDetail, highlight: PdfHighlight): PdfDetail {
  return {
    ...detail,
    highlights: detail.highlights.map((item) => (item.id === highlight.id ? highlight : item)),
  };
}

/** The detail without a deleted highlight; a card made from it stays, no longer pointing at it. */
export function withoutHighlight(detail: PdfDetail, highlightId: string): PdfDetail {
  const had = detail.highlights.some((item) => item.id === highlightId);
  return {
    ...detail,
    highlights: detail.highlights.filter((item) => item.id !== highlightId),
    cards: detail.cards.map((card) =>
      card.highlightId === highlightId ? { ...card, highlightId: null } : card,
    ),
    document: {
      ...detail.document,
      highlightCount: Math.max(0, detail.document.highlightCount - (had ? 1 : 0)),
    },
  };
}

/** The detail after Make card: the highlight points at its card, which joins the cards made from the PDF. */
export function withMadeCard(detail: PdfDetail, result: MakeCardResult): PdfDetail {
  const { card, highlight } = result;
  const known = detail.cards.some((item) => item.id === card.id);
  return {
    ...withHighlight(detail, highlight),
    cards: known
      ? detail.cards
      : [...detail.cards, { ...card, page: highlight.page, highlightId: highlight.id }],
    document: { ...detail.document, cardCount: detail.document.cardCount + (known ? 0 : 1) },
  };
}

/** Highlights in reading order: by page, then from the top of the page, then from the left. */
export function inReadingOrder(highlights: readonly PdfHighlight[]): PdfHighlight[] {
  const top = (highlight: PdfHighlight) => Math.min(...highlight.rects.map((rect) => rect.y), Infinity);
  const left = (highlight: PdfHighlight) => Math.min(...highlight.rects.map((rect) => rect.x), Infinity);
  return [...highlights].sort(
    (a, b) =>
      a.page - b.page || top(a) - top(b) || left(a) - left(b) || a.createdAt.localeCompare(b.createdAt),
  );
}
