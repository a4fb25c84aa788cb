import type { JobProgress } from '../../../contracts/jobs.ts';

/**
 * What Confer's writers tell every server instance through PostgreSQL's NOTIFY (inside their transactions, so
 * an event is heard only once its change is committed, and in commit order). Events carry ids, never text:
 * each instance reads what it needs once, then sends it to its own connections.
 */
export type BusEvent =
  /** A message was created or changed; `s` is the number of that change. */
  | { t: 'message'; c: string; m: string; s: number }
  /** A conversation's name, topic or archive changed: its members read it again. */
  | { t: 'conversation'; c: string }
  /** Someone joined (or was added to) or left (or was taken out of) a conversation. */
  | { t: 'membership'; c: string; p: string; joined: boolean }
  /** Someone's read position moved, for their other tabs and devices. */
  | { t: 'read'; c: string; p: string; s: number }
  /** Someone is typing (in a thread when `r` is its root). */
  | { t: 'typing'; c: string; p: string; r: string | null }
  /** Someone's presence over all instances changed. */
  | { t: 'presence'; p: string }
  /** The assistant's answer so far, for the person who asked. */
  | { t: 'assistant'; c: string; p: string; q: string; text: string }
  /**
   * A job of the person's changed (server/lib/jobs), for their open tabs. Unlike the others it carries the state
   * itself (short: stage and message are capped), so no instance reads the row again for each progress step.
   */
  | { t: 'job'; p: string; job: JobProgress };

const TYPES = new Set([
  'message',
  'conversation',
  'membership',
  'read',
  'typing',
  'presence',
  'assistant',
  'job',
]);

/** The event in a NOTIFY payload, or undefined for anything else. */
export function busEventOf(payload: unknown): BusEvent | undefined {
  if (typeof payload !== 'object' || payload === null || !('t' in payload)) return undefined;
  return typeof payload.t === 'string' && TYPES.has(payload.t) ? (payload as BusEvent) : undefined;
}
