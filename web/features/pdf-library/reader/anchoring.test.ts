import { describe, expect, it } from 'vitest';
import {
  clientRectsToPdf,
  clientToPdf,
  frameOf,
  mergeLineRects,
  pdfToCss,
  pdfToPercent,
  topOf,
} from './anchoring.ts';

const letter = { width: 612, height: 792 };

describe('highlight anchoring', () => {
  it.each([0.5, 1, 4 / 3, 2.75])(
    'turns client rectangles into PDF units at scale 1 and back, at %s CSS px per unit',
    (scale) => {
      // The page's drawn area starts at (240, 180) in the window.
      const frame = frameOf(
        { left: 240, top: 180, width: letter.width * scale, height: letter.height * scale },
        letter,
      );
      expect(frame.scale).toBeCloseTo(scale);
      const word = { x: 72, y: 100, width: 150, height: 12 };
      const onScreen = {
        left: 240 + word.x * scale,
        top: 180 + word.y * scale,
        width: word.width * scale,
        height: word.height * scale,
      };
      const stored = clientToPdf(onScreen, frame);
      expect(stored.x).toBeCloseTo(72);
      expect(stored.y).toBeCloseTo(100);
      expect(stored.width).toBeCloseTo(150);
      expect(stored.height).toBeCloseTo(12);
      const drawn = pdfToCss(stored, scale);
      expect(drawn.left + frame.left).toBeCloseTo(onScreen.left);
      expect(drawn.top + frame.top).toBeCloseTo(onScreen.top);
      expect(drawn.width).toBeCloseTo(onScreen.width);
    },
  );

  it('stores the same rectangles whatever the zoom the selection was made at', () => {
    const at = (scale: number) =>
      clientRectsToPdf(
        [{ left: 10 + 72 * scale, top: 20 + 300 * scale, width: 100 * scale, height: 11 * scale }],
        frameOf({ left: 10, top: 20, width: 612 * scale, height: 792 * scale }, letter),
        letter,
      );
    expect(at(0.8)).toEqual(at(1.6));
    expect(at(0.8)).toEqual([{ x: 72, y: 300, width: 100, height: 11 }]);
  });

  it('draws in percentages of the page, so a band follows any zoom', () => {
    expect(pdfToPercent({ x: 61.2, y: 79.2, width: 306, height: 7.92 }, letter)).toEqual({
      left: 10,
      top: 10,
      width: 50,
      height: 1,
    });
  });

  it('merges the pieces of one line into one band and keeps lines apart', () => {
    const merged = mergeLineRects([
      // One line measured as three overlapping or touching pieces (text nodes and their gaps).
      { x: 72, y: 100, width: 50, height: 12 },
      { x: 120, y: 100.5, width: 40, height: 11.5 },
      { x: 163, y: 100, width: 30, height: 12 },
      // The next line.
      { x: 72, y: 116, width: 80, height: 12 },
    ]);
    expect(merged).toEqual([
      { x: 72, y: 100, width: 121, height: 12 },
      { x: 72, y: 116, width: 80, height: 12 },
    ]);
  });

  it('keeps two columns of one line apart when a wide gap separates them', () => {
    const merged = mergeLineRects([
      { x: 72, y: 100, width: 200, height: 12 },
      { x: 320, y: 100, width: 200, height: 12 },
    ]);
    expect(merged).toHaveLength(2);
  });

  it('drops the zero-width boxes at line ends and clips to the page', () => {
    const merged = mergeLineRects(
      [
        { x: 540, y: 100, width: 0, height: 12 },
        { x: 600, y: 780, width: 40, height: 30 },
        { x: -5, y: 50, width: 20, height: 10 },
      ],
      letter,
    );
    expect(merged).toEqual([
      { x: 0, y: 50, width: 15, height: 10 },
      { x: 600, y: 780, width: 12, height: 12 },
    ]);
  });

  it('finds the top of a highlight to scroll to', () => {
    expect(
      topOf([
        { x: 90, y: 130, width: 10, height: 10 },
        { x: 72, y: 146, width: 10, height: 10 },
      ]),
    ).toEqual({ x: 72, y: 130 });
  });
});
