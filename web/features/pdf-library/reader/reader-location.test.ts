import { describe, expect, it } from 'vitest';
import { readerKeyAction } from './keyboard.ts';
import { clampPage, highlightIdFromHash, initialPage, parsePageNumber } from './reader-location.ts';

describe('where the reader opens', () => {
  it('opens at ?page=N, else at the last page read, within the document', () => {
    expect(initialPage(new URLSearchParams('page=7'), 2, 10)).toBe(7);
    expect(initialPage(new URLSearchParams(''), 2, 10)).toBe(2);
    expect(initialPage(new URLSearchParams('page=99'), 2, 10)).toBe(10);
    expect(initialPage(new URLSearchParams('page=abc'), 4, 10)).toBe(4);
    expect(initialPage(new URLSearchParams('page=-3'), 4, 10)).toBe(4);
    // A page count not known yet (0) allows any page; the viewer clamps once the file is open.
    expect(initialPage(new URLSearchParams('page=12'), 1, 0)).toBe(12);
  });

  it('reads page numbers strictly', () => {
    expect(parsePageNumber(' 3 ')).toBe(3);
    expect(parsePageNumber('3.5')).toBeNull();
    expect(parsePageNumber('0')).toBeNull();
    expect(parsePageNumber('2abc')).toBeNull();
    expect(parsePageNumber(null)).toBeNull();
    expect(clampPage(0, 5)).toBe(1);
  });

  it('reads a highlight from #h-<id> only', () => {
    const id = '5d1c2a3b-4e5f-4a6b-8c7d-000000000001';
    expect(highlightIdFromHash(`#h-${id}`)).toBe(id);
    expect(highlightIdFromHash(`#h-${id.toUpperCase()}`)).toBe(id);
    expect(highlightIdFromHash(`#${id}`)).toBeNull();
    expect(highlightIdFromHash('#h-nope')).toBeNull();
    expect(highlightIdFromHash('')).toBeNull();
  });
});

describe('the reader’s keys', () => {
  const press = (
    key: string,
    extra: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }> = {},
  ) => ({
    key,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...extra,
  });

  it('turns pages with the focus on the pages', () => {
    expect(readerKeyAction(press('PageDown'), 'pages')).toBe('next-page');
    expect(readerKeyAction(press('ArrowRight'), 'pages')).toBe('next-page');
    expect(readerKeyAction(press('PageUp'), 'pages')).toBe('previous-page');
    expect(readerKeyAction(press('ArrowLeft'), 'pages')).toBe('previous-page');
    expect(readerKeyAction(press('Home'), 'pages')).toBe('first-page');
    expect(readerKeyAction(press('End'), 'pages')).toBe('last-page');
    // ↑ and ↓ scroll as the browser does.
    expect(readerKeyAction(press('ArrowDown'), 'pages')).toBeNull();
  });

  it('leaves keys typed in a field, or elsewhere on the page, alone', () => {
    expect(readerKeyAction(press('Home'), 'field')).toBeNull();
    expect(readerKeyAction(press('PageDown'), 'elsewhere')).toBeNull();
  });

  it('opens find with Ctrl+F or ⌘F from anywhere', () => {
    expect(readerKeyAction(press('f', { ctrlKey: true }), 'elsewhere')).toBe('find');
    expect(readerKeyAction(press('F', { metaKey: true }), 'field')).toBe('find');
    expect(readerKeyAction(press('f', { ctrlKey: true, shiftKey: true }), 'pages')).toBeNull();
    expect(readerKeyAction(press('f'), 'pages')).toBeNull();
  });
});
