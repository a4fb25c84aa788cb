import type { HighlightColor } from '../../../../contracts/pdfs.ts';

/**
 * How each highlight colour is named and drawn. The fill is laid over the white page with `multiply`, so the
 * print stays dark under it in both themes (the page itself is always drawn white); the swatch is the same
 * colour at full strength for the side panel and the selection toolbar.
 */
export const highlightColorStyles: Record<HighlightColor, { label: string; swatch: string; fill: string }> = {
  yellow: { label: 'Yellow', swatch: '#ffd400', fill: 'rgb(255 212 0 / 0.45)' },
  green: { label: 'Green', swatch: '#5fb236', fill: 'rgb(95 178 54 / 0.4)' },
  blue: { label: 'Blue', swatch: '#2ea8e5', fill: 'rgb(46 168 229 / 0.4)' },
  pink: { label: 'Pink', swatch: '#f06ab4', fill: 'rgb(240 106 180 / 0.4)' },
  purple: { label: 'Purple', swatch: '#a28ae5', fill: 'rgb(162 138 229 / 0.45)' },
};
