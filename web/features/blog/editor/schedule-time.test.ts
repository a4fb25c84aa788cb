import { describe, expect, it } from 'vitest';
import { isoToLocalInput, localInputToIso, scheduleProblem } from './schedule-time.ts';

describe('localInputToIso', () => {
  it('keeps the chosen clock time and adds the local offset', () => {
    const iso = localInputToIso('2026-03-01T14:30');
    const offset = -new Date(2026, 2, 1, 14, 30).getTimezoneOffset();
    const sign = offset >= 0 ? '+' : '-';
    const hh = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
    const mm = String(Math.abs(offset) % 60).padStart(2, '0');
    expect(iso).toBe(`2026-03-01T14:30:00${sign}${hh}:${mm}`);
    // The same instant as the local time the person picked.
    expect(Date.parse(iso ?? '')).toBe(new Date(2026, 2, 1, 14, 30).getTime());
  });

  it('refuses what is not a whole local time', () => {
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('2026-02-31T10:00')).toBeNull();
    expect(localInputToIso('2026-03-01')).toBeNull();
    expect(localInputToIso('2026-03-01T25:00')).toBeNull();
  });
});

describe('scheduleProblem', () => {
  const now = new Date(2026, 2, 1, 12, 0).getTime();

  it('refuses an empty, a past and the present time', () => {
    expect(scheduleProblem('', now)).toBe('Choose a date and time.');
    expect(scheduleProblem('2026-03-01T11:59', now)).toBe('Choose a time in the future.');
    expect(scheduleProblem('2026-03-01T12:00', now)).toBe('Choose a time in the future.');
  });

  it('accepts a future time', () => {
    expect(scheduleProblem('2026-03-01T12:01', now)).toBeNull();
  });
});

describe('isoToLocalInput', () => {
  it('writes a time on the local clock to the minute', () => {
    expect(isoToLocalInput(new Date(2026, 0, 5, 9, 7, 30).getTime())).toBe('2026-01-05T09:07');
  });
});
