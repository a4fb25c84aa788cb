import type { HighlightRect } from '../../../../contracts/pdfs.ts';
import { clientRectsToPdf, frameOf, type ClientBox, type PageSize } from './anchoring.ts';
import { indexText, quoteContext, type QuoteContext } from './text-context.ts';

/** A selection that can become a highlight: where it is and what it says, before a colour is chosen. */
export interface SelectedPassage extends QuoteContext {
  page: number;
  rects: HighlightRect[];
  /** The selection's bounds in the window, to place the highlight toolbar beside it. */
  bounds: ClientBox;
}

/** What a selection in the reader is. */
export type SelectionReading =
  { kind: 'none' } | { kind: 'several-pages' } | { kind: 'passage'; passage: SelectedPassage };

const none: SelectionReading = { kind: 'none' };

function pageOf(node: Node): HTMLElement | null {
  const element = node instanceof Element ? node : node.parentElement;
  return element?.closest<HTMLElement>('.page[data-page-number]') ?? null;
}

/** The client rectangles of the text the range covers, text node by text node (never whole elements). */
function textRects(range: Range, root: Element): ClientBox[] {
  const rects: ClientBox[] = [];
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node as Text;
    if (!range.intersectsNode(text) || text.length === 0) continue;
    const piece = root.ownerDocument.createRange();
    piece.selectNodeContents(text);
    if (text === range.startContainer) piece.setStart(text, range.startOffset);
    if (text === range.endContainer) piece.setEnd(text, range.endOffset);
    if (piece.collapsed) continue;
    for (const rect of Array.from(piece.getClientRects())) rects.push(rect);
  }
  return rects;
}

/**
 * The page's drawn area on screen: its element's box inside the border pdf.js gives it. The canvas and the
 * reader's highlights fill exactly that; the text layer's own box can be larger, so it is not the measure.
 */
function contentBox(page: HTMLElement): ClientBox {
  const box = page.getBoundingClientRect();
  return {
    left: box.left + page.clientLeft,
    top: box.top + page.clientTop,
    width: page.clientWidth,
    height: page.clientHeight,
  };
}

/** Where a boundary point falls in the text layer's text, clamped to the layer's start or end. */
function offsetIn(
  layer: Element,
  index: ReturnType<typeof indexText>,
  container: Node,
  offset: number,
): number {
  if (layer.contains(container)) return index.offsetOf(container, offset) ?? 0;
  // A point outside the layer (a page's margin, the gap between pages): before it means the layer's start,
  // after it its end.
  const probe = layer.ownerDocument.createRange();
  probe.setStart(container, offset);
  return probe.comparePoint(layer, 0) > 0 ? 0 : index.text.length;
}

/**
 * Reads the window's selection inside the reader's pages: the page it is on, the quote with its context, and
 * its rectangles in PDF units. `pageSize` gives a page's size as shown, in PDF units. A selection across pages
 * is refused (a highlight belongs to one page); one outside the pages, or of no text, is none.
 */
export function readSelection(
  selection: Selection | null,
  pages: Element,
  pageSize: (page: number) => PageSize | null,
): SelectionReading {
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return none;
  const range = selection.getRangeAt(0);
  if (!pages.contains(range.commonAncestorContainer)) return none;
  const startPage = pageOf(range.startContainer);
  const endPage = pageOf(range.endContainer);
  if (startPage && endPage && startPage !== endPage) return { kind: 'several-pages' };
  // A drag that ends in the gap between pages belongs to the one page it touches.
  const pageElement = startPage ?? endPage;
  if (!pageElement) return none;
  const page = Number(pageElement.dataset.pageNumber);
  const layer = pageElement.querySelector('.textLayer');
  const size = pageSize(page);
  if (!layer || !size || !Number.isInteger(page)) return none;

  const index = indexText(layer);
  const start = offsetIn(layer, index, range.startContainer, range.startOffset);
  const end = offsetIn(layer, index, range.endContainer, range.endOffset);
  const context = quoteContext(index.text, start, end);
  if (context.quote === '') return none;

  const frame = frameOf(contentBox(pageElement), size);
  const rects = clientRectsToPdf(textRects(range, layer), frame, size);
  if (rects.length === 0) return none;
  const bounds = range.getBoundingClientRect();
  return {
    kind: 'passage',
    passage: {
      ...context,
      page,
      rects,
      bounds: { left: bounds.left, top: bounds.top, width: bounds.width, height: bounds.height },
    },
  };
}
