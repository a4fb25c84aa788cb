import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSelection } from './selection.ts';

/**
 * jsdom lays nothing out, so the test lays out the text layer itself: every character 6 PDF units wide, line
 * n at y = 100 + 16n, the page drawn at `scale` CSS px per unit from (100, 50) in the window. The selection
 * code measures through the same DOM calls a browser answers.
 */
const scale = 1.5;
const origin = { left: 100, top: 50 };
const letter = { width: 612, height: 792 };

let restore: (() => void) | undefined;

function layOut(root: HTMLElement) {
  const lineOf = new Map<Node, number>();
  root.querySelectorAll('.textLayer').forEach((layer) => {
    layer.querySelectorAll('span').forEach((span, line) => lineOf.set(span.firstChild!, line));
  });
  const rectFor = (text: Node, start: number, end: number): DOMRect => {
    const line = lineOf.get(text) ?? 0;
    return new DOMRect(
      origin.left + (72 + start * 6) * scale,
      origin.top + (100 + line * 16) * scale,
      (end - start) * 6 * scale,
      12 * scale,
    );
  };
  const rangeRects = Range.prototype.getClientRects;
  const rangeBox = Range.prototype.getBoundingClientRect;
  Range.prototype.getClientRects = function (this: Range) {
    if (this.startContainer !== this.endContainer || this.startContainer.nodeType !== Node.TEXT_NODE) {
      return [] as unknown as DOMRectList;
    }
    return [rectFor(this.startContainer, this.startOffset, this.endOffset)] as unknown as DOMRectList;
  };
  Range.prototype.getBoundingClientRect = () => new DOMRect(origin.left, origin.top, 10, 10);
  for (const page of root.querySelectorAll<HTMLElement>('.page')) {
    page.getBoundingClientRect = () =>
      new DOMRect(origin.left, origin.top, letter.width * scale, letter.height * scale);
    Object.defineProperty(page, 'clientWidth', { value: letter.width * scale });
    Object.defineProperty(page, 'clientHeight', { value: letter.height * scale });
  }
  restore = () => {
    Range.prototype.getClientRects = rangeRects;
    Range.prototype.getBoundingClientRect = rangeBox;
  };
}

function pages() {
  const root = document.createElement('div');
  root.innerHTML = `
    <div class="page" data-page-number="1"><div class="canvasWrapper"></div><div class="textLayer"><span>Alpha beta</span><br><span>gamma delta</span></div></div>
    <div class="page" data-page-number="2"><div class="textLayer"><span>Other page</span></div></div>`;
  document.body.append(root);
  layOut(root);
  return root;
}

function select(startNode: Node, startOffset: number, endNode: Node, endOffset: number) {
  const range = document.createRange();
  range.setStart(startNode, startOffset);
  range.setEnd(endNode, endOffset);
  const selection = document.getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
  return selection;
}

beforeEach(() => {
  document.body.innerHTML = '';
});
afterEach(() => restore?.());

describe('reading the selection', () => {
  it('turns selected words into a quote with context and rectangles in PDF units', () => {
    const root = pages();
    const [alpha, gamma] = Array.from(root.querySelectorAll('.page[data-page-number="1"] span'));
    const selection = select(alpha!.firstChild!, 6, gamma!.firstChild!, 5);
    const reading = readSelection(selection, root, () => letter);
    expect(reading.kind).toBe('passage');
    if (reading.kind !== 'passage') return;
    expect(reading.passage).toMatchObject({
      page: 1,
      quote: 'beta gamma',
      prefix: 'Alpha ',
      suffix: ' delta',
      rects: [
        { x: 108, y: 100, width: 24, height: 12 },
        { x: 72, y: 116, width: 30, height: 12 },
      ],
    });
  });

  it('refuses a selection across two pages', () => {
    const root = pages();
    const first = root.querySelector('.page[data-page-number="1"] span')!;
    const second = root.querySelector('.page[data-page-number="2"] span')!;
    const selection = select(first.firstChild!, 0, second.firstChild!, 5);
    expect(readSelection(selection, root, () => letter)).toEqual({ kind: 'several-pages' });
  });

  it('ignores an empty selection, or one outside the pages', () => {
    const root = pages();
    const span = root.querySelector('span')!;
    expect(readSelection(select(span.firstChild!, 2, span.firstChild!, 2), root, () => letter)).toEqual({
      kind: 'none',
    });
    const outside = document.createElement('p');
    outside.textContent = 'Not in the reader';
    document.body.append(outside);
    expect(readSelection(select(outside.firstChild!, 0, outside.firstChild!, 3), root, () => letter)).toEqual(
      {
        kind: 'none',
      },
    );
  });

  it('takes a drag that ends past the last word up to the end of the page’s text', () => {
    const root = pages();
    const page = root.querySelector<HTMLElement>('.page[data-page-number="1"]')!;
    const gamma = page.querySelectorAll('span')[1]!;
    const selection = select(gamma.firstChild!, 6, page, page.childNodes.length);
    const reading = readSelection(selection, root, () => letter);
    expect(reading.kind === 'passage' && reading.passage.quote).toBe('delta');
    expect(reading.kind === 'passage' && reading.passage.suffix).toBe('');
  });
});
