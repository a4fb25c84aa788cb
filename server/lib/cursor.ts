import { AppError } from './app-error.ts';

/**
 * Opaque page cursors. A keyset cursor carries the last row's sort time as PostgreSQL's exact text (to the
 * microsecond) and its key: a JavaScript Date keeps only milliseconds, and rows that share a millisecond would
 * be skipped between pages.
 */
export type TimeKey = { at: string; key: string };

const EXACT_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;

/** The answer to a cursor this list never handed out. */
export function invalidCursor(): AppError {
  return new AppError('common/validation-failed', {
    details: { fields: [{ path: 'cursor', message: 'Not a cursor from this list' }] },
  });
}

/** A cursor for the next page after the row at `at` with key `key`. */
export function encodeTimeKey(at: string, key: string): string {
  return Buffer.from(JSON.stringify([at, key])).toString('base64url');
}

/** The two values an encoded cursor holds, unchecked; `common/validation-failed` when it holds anything else. */
function decodePair(cursor: string): [unknown, unknown] {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(value) || value.length !== 2) throw invalidCursor();
  return value as [unknown, unknown];
}

/** The time and key a cursor carries; `common/validation-failed` for anything else. */
export function decodeTimeKey(cursor: string, keyPattern: RegExp = /^.{1,200}$/s): TimeKey {
  const [at, key] = decodePair(cursor);
  if (typeof at !== 'string' || !EXACT_TIME.test(at) || typeof key !== 'string' || !keyPattern.test(key))
    throw invalidCursor();
  return { at, key };
}

/**
 * A cursor for a list sorted in memory by a number (such as a time in milliseconds with its fraction, which
 * JSON keeps exactly) and a key.
 */
export function encodeNumberKey(at: number, key: string): string {
  return Buffer.from(JSON.stringify([at, key])).toString('base64url');
}

/** The number and key a cursor from `encodeNumberKey` carries; `common/validation-failed` for anything else. */
export function decodeNumberKey(
  cursor: string,
  keyPattern: RegExp = /^.{1,200}$/s,
): { at: number; key: string } {
  const [at, key] = decodePair(cursor);
  if (typeof at !== 'number' || !Number.isFinite(at) || typeof key !== 'string' || !keyPattern.test(key))
    throw invalidCursor();
  return { at, key };
}
