import type { HighlightRect } from '../../../../contracts/pdfs.ts';

/**
 * A highlight's place on its page is kept in PDF units at scale 1, measured from the page's top left as it is
 * shown: the same numbers whatever the zoom when it was made. These functions turn what the browser measures
 * (client rectangles, in CSS pixels) into those units and back.
 */

/** A rectangle as the browser measures it (`getClientRects`), in CSS pixels of the window. */
export interface ClientBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Where a page's drawn area starts in the window and how many CSS pixels one PDF unit takes there. */
export interface PageFrame {
  left: number;
  top: number;
  /** CSS pixels per PDF unit: the zoom, with PDF points already turned into CSS pixels. */
  scale: number;
}

/** A page's size as it is shown (rotation applied), in PDF units at scale 1. */
export interface PageSize {
  width: number;
  height: number;
}

/** Rectangles smaller than this (in PDF units) are the browser's zero-width boxes at line ends: dropped. */
const minimumSide = 0.5;

const round = (value: number) => Math.round(value * 100) / 100;

/** The frame of a page whose drawn area is `box` on screen, for a page `size` PDF units wide. */
export function frameOf(box: ClientBox, size: PageSize): PageFrame {
  return { left: box.left, top: box.top, scale: size.width > 0 ? box.width / size.width : 1 };
}

/** One client rectangle in PDF units at scale 1, from the page's top left. */
export function clientToPdf(rect: ClientBox, frame: PageFrame): HighlightRect {
  return {
    x: (rect.left - frame.left) / frame.scale,
    y: (rect.top - frame.top) / frame.scale,
    width: rect.width / frame.scale,
    height: rect.height / frame.scale,
  };
}

/** A rectangle in PDF units at scale 1 as CSS pixels in the page's drawn area at `scale` (CSS px per unit). */
export function pdfToCss(rect: HighlightRect, scale: number): ClientBox {
  return {
    left: rect.x * scale,
    top: rect.y * scale,
    width: rect.width * scale,
    height: rect.height * scale,
  };
}

/**
 * A rectangle as percentages of the page: drawn that way, a highlight follows every zoom of the page by
 * itself, even while pdf.js stretches the old rendering before drawing the new one.
 */
export function pdfToPercent(rect: HighlightRect, size: PageSize) {
  return {
    left: (rect.x / size.width) * 100,
    top: (rect.y / size.height) * 100,
    width: (rect.width / size.width) * 100,
    height: (rect.height / size.height) * 100,
  };
}

function clip(rect: HighlightRect, size: PageSize | undefined): HighlightRect | null {
  let { x, y, width, height } = rect;
  if (size) {
    const right = Math.min(x + width, size.width);
    const bottom = Math.min(y + height, size.height);
    x = Math.max(x, 0);
    y = Math.max(y, 0);
    width = right - x;
    height = bottom - y;
  }
  if (width < minimumSide || height < minimumSide) return null;
  return { x, y, width, height };
}

/** Whether two rectangles sit on one line: they share at least half of the lower one's height. */
function sameLine(a: HighlightRect, b: HighlightRect): boolean {
  const overlap = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return overlap >= Math.min(a.height, b.height) / 2;
}

/** Whether two rectangles of one line touch or nearly do (a gap under half the line's height is a space). */
function adjacent(a: HighlightRect, b: HighlightRect): boolean {
  const gap = Math.max(a.x, b.x) - Math.min(a.x + a.width, b.x + b.width);
  return gap <= Math.max(a.height, b.height) / 2;
}

function union(a: HighlightRect, b: HighlightRect): HighlightRect {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
}

/**
 * Joins the rectangles of each line into one. A selection measures one box per piece of text, and pieces of
 * one line overlap or nearly touch; a highlight is drawn and stored as one band per line. Rectangles are
 * clipped to the page (when its size is given), specks dropped and numbers rounded to 1/100 unit.
 */
export function mergeLineRects(rects: readonly HighlightRect[], size?: PageSize): HighlightRect[] {
  let lines = rects.map((rect) => clip(rect, size)).filter((rect) => rect !== null);
  // Joining two pieces can bring a third within reach: join until nothing more joins.
  for (let before = Infinity; lines.length < before;) {
    before = lines.length;
    const joined: HighlightRect[] = [];
    for (const rect of lines) {
      const index = joined.findIndex((line) => sameLine(line, rect) && adjacent(line, rect));
      if (index === -1) joined.push(rect);
      else joined[index] = union(joined[index]!, rect);
    }
    lines = joined;
  }
  lines.sort((a, b) => a.y - b.y || a.x - b.x);
  return lines.map((rect) => ({
    x: round(rect.x),
    y: round(rect.y),
    width: round(rect.width),
    height: round(rect.height),
  }));
}

/** Client rectangles of a selection on one page as the highlight's rectangles: converted, merged, clipped. */
export function clientRectsToPdf(
  rects: readonly ClientBox[],
  frame: PageFrame,
  size?: PageSize,
): HighlightRect[] {
  return mergeLineRects(
    rects.map((rect) => clientToPdf(rect, frame)),
    size,
  );
}

/** The top of a highlight (its first line), in PDF units from the page's top: where a jump scrolls to. */
export function topOf(rects: readonly HighlightRect[]): { x: number; y: number } {
  if (rects.length === 0) return { x: 0, y: 0 };
  return {
    x: Math.min(...rects.map((rect) => rect.x)),
    y: Math.min(...rects.map((rect) => rect.y)),
  };
}
