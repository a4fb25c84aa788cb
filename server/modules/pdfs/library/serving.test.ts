import { describe, expect, it } from 'vitest';
import { answerFor, inlineDisposition, noneMatchHits, parseRange } from './serving.ts';

describe('byte ranges', () => {
  it('reads one range of each form, clamped to the file', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=500-', 1000)).toEqual({ start: 500, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseRange('bytes=999-999', 1000)).toEqual({ start: 999, end: 999 });
    expect(parseRange('Bytes=1-2', 1000)).toEqual({ start: 1, end: 2 });
  });

  it('calls a range past the end unsatisfiable', () => {
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=1000-2000', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
  });

  it('ignores what is not one byte range', () => {
    expect(parseRange('bytes=0-1,5-6', 1000)).toBeUndefined();
    expect(parseRange('items=0-1', 1000)).toBeUndefined();
    expect(parseRange('bytes=5-1', 1000)).toBeUndefined();
    expect(parseRange('bytes=-', 1000)).toBeUndefined();
    expect(parseRange('bytes=a-b', 1000)).toBeUndefined();
  });
});

describe('the answer to a request for a file', () => {
  const etag = '"abc"';
  it('sends all of it without a usable range', () => {
    expect(answerFor({}, etag, 10)).toEqual({ status: 200 });
    expect(answerFor({ range: 'bytes=0-1,3-4' }, etag, 10)).toEqual({ status: 200 });
  });

  it('sends the range, or 416 past the end', () => {
    expect(answerFor({ range: 'bytes=2-4' }, etag, 10)).toEqual({ status: 206, range: { start: 2, end: 4 } });
    expect(answerFor({ range: 'bytes=10-' }, etag, 10)).toEqual({ status: 416 });
  });

  it('sends the range only while If-Range names this version', () => {
    expect(answerFor({ range: 'bytes=2-4', 'if-range': etag }, etag, 10).status).toBe(206);
    expect(answerFor({ range: 'bytes=2-4', 'if-range': '"other"' }, etag, 10).status).toBe(200);
    expect(answerFor({ range: 'bytes=2-4', 'if-range': `W/${etag}` }, etag, 10).status).toBe(200);
    expect(
      answerFor({ range: 'bytes=2-4', 'if-range': 'Wed, 21 Oct 2015 07:28:00 GMT' }, etag, 10).status,
    ).toBe(200);
  });

  it('answers 304 while If-None-Match holds, ranges or not', () => {
    expect(noneMatchHits('"x", W/"abc"', etag)).toBe(true);
    expect(noneMatchHits('*', etag)).toBe(true);
    expect(noneMatchHits('"x"', etag)).toBe(false);
    expect(answerFor({ 'if-none-match': etag, range: 'bytes=0-1' }, etag, 10)).toEqual({ status: 304 });
    expect(answerFor({ 'if-none-match': '"old"' }, etag, 10)).toEqual({ status: 200 });
  });
});

describe('Content-Disposition', () => {
  it('carries the exact name encoded, and a safe ASCII one', () => {
    expect(inlineDisposition('paper.pdf')).toBe(`inline; filename="paper.pdf"; filename*=UTF-8''paper.pdf`);
    expect(inlineDisposition('Über "x"; y.pdf')).toBe(
      `inline; filename="_ber _x_; y.pdf"; filename*=UTF-8''%C3%9Cber%20%22x%22%3B%20y.pdf`,
    );
    // Nothing can end the header or add another one.
    expect(inlineDisposition('a\r\nSet-Cookie: x=1.pdf')).not.toMatch(/[\r\n]/);
  });
});
