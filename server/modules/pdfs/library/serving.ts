import type { ByteRange } from '../../../lib/files/store.ts';

/** What a request for a file's bytes gets: all of them, one range, "not modified", or "no such range". */
export type FileAnswer =
  { status: 200 } | { status: 206; range: ByteRange } | { status: 304 } | { status: 416 };

/** The request headers that decide the answer (as Node gives them). */
export type ConditionalHeaders = {
  range?: string | undefined;
  'if-range'?: string | undefined;
  'if-none-match'?: string | undefined;
};

/** Whether an `If-None-Match` list names `etag` (weak or strong alike, as RFC 9110 compares for it), or is `*`. */
export function noneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value.replace(/^W\//, '') === etag;
  });
}

/**
 * The single byte range a `Range` header asks for in a file of `size` bytes: `bytes=a-b`, `bytes=a-` or
 * `bytes=-n` (the last n). `unsatisfiable` when it starts past the end (or asks for the last 0 bytes);
 * undefined when the header is not one range this answers (malformed, another unit, or several ranges),
 * which RFC 9110 lets a server answer with the whole file.
 */
export function parseRange(header: string, size: number): ByteRange | 'unsatisfiable' | undefined {
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Infinity : Number(last);
  // A last position before the first is not a range at all (ignored), unlike one past the end of the file.
  if (end < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

/**
 * How to answer a GET or HEAD for a file of `size` bytes whose ETag is `etag`: 304 when `If-None-Match`
 * still holds; the whole file when there is no usable range, or when `If-Range` names another version; else
 * the range (206), or 416 when it lies past the end.
 */
export function answerFor(headers: ConditionalHeaders, etag: string, size: number): FileAnswer {
  if (noneMatchHits(headers['if-none-match'], etag)) return { status: 304 };
  const range = headers.range;
  if (!range) return { status: 200 };
  // If-Range with anything but this exact strong ETag (another version, or a date we never sent) means: the
  // client's partial copy is stale, so send all of it.
  const ifRange = headers['if-range'];
  if (ifRange !== undefined && ifRange.trim() !== etag) return { status: 200 };
  const parsed = parseRange(range, size);
  if (parsed === undefined) return { status: 200 };
  if (parsed === 'unsatisfiable') return { status: 416 };
  return { status: 206, range: parsed };
}

/** Characters RFC 8187 lets stand as they are in an extended header value (`attr-char`). */
const attrChar = /[A-Za-z0-9!#$&+.^_`|~-]/;

/**
 * `Content-Disposition: inline` with the file's name: an ASCII fallback in quotes for old clients and the
 * exact name UTF-8-encoded (RFC 6266 and 8187), so no name can break out of the header.
 */
export function inlineDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_').slice(0, 200) || 'document.pdf';
  const encoded = Array.from(new TextEncoder().encode(fileName), (byte) => {
    const character = String.fromCharCode(byte);
    return byte < 0x80 && attrChar.test(character)
      ? character
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');
  return `inline; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
