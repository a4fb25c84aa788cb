import { describe, expect, it } from 'vitest';
import { drawHighlights, flashClass, highlightLayerClass } from './highlight-layer.ts';
import { highlightFixture } from './test-fixtures.ts';

describe('drawing highlights on a page', () => {
  function page() {
    const element = document.createElement('div');
    element.innerHTML = '<div class="canvasWrapper"></div><div class="textLayer"></div>';
    return element;
  }

  it('draws each rectangle in percentages of the page, under the text layer', () => {
    const element = page();
    const highlight = highlightFixture(1, {
      color: 'blue',
      rects: [
        { x: 61.2, y: 79.2, width: 306, height: 7.92 },
        { x: 0, y: 396, width: 612, height: 15.84 },
      ],
    });
    drawHighlights(element, [highlight], { width: 612, height: 792 }, null);
    const layer = element.querySelector(`.${highlightLayerClass}`)!;
    expect(layer.nextElementSibling).toHaveClass('textLayer');
    expect(layer).toHaveAttribute('aria-hidden', 'true');
    const bands = Array.from(layer.children) as HTMLElement[];
    expect(
      bands.map((band) => [band.style.left, band.style.top, band.style.width, band.style.height]),
    ).toEqual([
      ['10%', '10%', '50%', '1%'],
      ['0%', '50%', '100%', '2%'],
    ]);
    expect(bands[0]!.dataset.highlightId).toBe(highlight.id);
  });

  it('draws again without drawing twice, and marks the highlight jumped to', () => {
    const element = page();
    const one = highlightFixture(1);
    const two = highlightFixture(2);
    drawHighlights(element, [one, two], { width: 612, height: 792 }, null);
    drawHighlights(element, [two], { width: 612, height: 792 }, two.id);
    const layers = element.querySelectorAll(`.${highlightLayerClass}`);
    expect(layers).toHaveLength(1);
    const bands = Array.from(layers[0]!.children);
    expect(bands).toHaveLength(1);
    expect(bands[0]).toHaveClass(flashClass);
  });
});
