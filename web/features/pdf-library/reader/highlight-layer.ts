import type { PdfHighlight } from '../../../../contracts/pdfs.ts';
import { pdfToPercent, type PageSize } from './anchoring.ts';
import { highlightColorStyles } from './highlight-colors.ts';

/** The class of the layer the reader adds to each pdf.js page, under the text layer. */
export const highlightLayerClass = 'cardweb-highlights';
/** The class that makes a highlight blink once, after a jump to it. */
export const flashClass = 'cardweb-highlight-flash';

/**
 * Draws a page's highlights into its pdf.js page element. The bands are placed in percentages of the page, so
 * they follow every zoom; pdf.js empties the page element when it re-renders, so this runs again on each
 * `pagerendered`/`textlayerrendered` and whenever the highlights change. It replaces what it drew before, so
 * running it twice draws nothing twice.
 */
export function drawHighlights(
  pageElement: HTMLElement,
  highlights: readonly PdfHighlight[],
  size: PageSize,
  flashId: string | null,
): void {
  let layer = pageElement.querySelector<HTMLElement>(`:scope > .${highlightLayerClass}`);
  if (!layer) {
    layer = pageElement.ownerDocument.createElement('div');
    layer.className = highlightLayerClass;
    // Drawing only: the text layer above it takes the pointer, so the words stay selectable.
    layer.setAttribute('aria-hidden', 'true');
  }
  // Just under the text layer: above the page's canvas, below the selectable words.
  const textLayer = pageElement.querySelector(':scope > .textLayer');
  if (textLayer) {
    if (layer.nextElementSibling !== textLayer) pageElement.insertBefore(layer, textLayer);
  } else if (!layer.isConnected) {
    pageElement.append(layer);
  }
  const bands: HTMLElement[] = [];
  for (const highlight of highlights) {
    for (const rect of highlight.rects) {
      const band = pageElement.ownerDocument.createElement('div');
      const place = pdfToPercent(rect, size);
      band.dataset.highlightId = highlight.id;
      band.style.left = `${place.left}%`;
      band.style.top = `${place.top}%`;
      band.style.width = `${place.width}%`;
      band.style.height = `${place.height}%`;
      band.style.background = highlightColorStyles[highlight.color].fill;
      if (highlight.id === flashId) band.classList.add(flashClass);
      bands.push(band);
    }
  }
  layer.replaceChildren(...bands);
}

/** The reader's own styles for the drawn highlights (global: pdf.js builds the page elements itself). */
export const highlightLayerStyles = {
  [`.${highlightLayerClass}`]: {
    position: 'absolute',
    inset: 0,
    pointerEvents: 'none',
    zIndex: 0,
    mixBlendMode: 'multiply',
  },
  [`.${highlightLayerClass} > div`]: { position: 'absolute', borderRadius: '2px' },
  [`.${flashClass}`]: { animation: 'cardweb-highlight-flash 0.6s ease-in-out 3' },
  '@keyframes cardweb-highlight-flash': {
    '0%, 100%': { outline: '0 solid transparent' },
    '50%': { outline: '3px solid rgb(0 0 0 / 0.55)', outlineOffset: '1px' },
  },
  '@media (prefers-reduced-motion: reduce)': {
    [`.${flashClass}`]: { animation: 'none', outline: '3px solid rgb(0 0 0 / 0.55)', outlineOffset: '1px' },
  },
} as const;
