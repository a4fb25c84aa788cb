import { describe, expect, it } from 'vitest';
import { addDays, buildCalendar, formatDuration, formatRetention, weekdayOf } from './calendar.ts';

describe('day arithmetic', () => {
  it('moves across months, years and a leap day without the browser’s time zone', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-03-10', -365)).toBe('2025-03-10');
    expect(weekdayOf('2026-03-09')).toBe(0); // a Monday
    expect(weekdayOf('2026-03-15')).toBe(6); // a Sunday
  });
});

describe('buildCalendar', () => {
  it('lays a year out in week columns from Monday, the oldest week first', () => {
    // 2026-03-10 is a Tuesday; 364 days before it, 2025-03-11, is a Tuesday too.
    const calendar = buildCalendar('2026-03-10', []);
    expect(calendar.cells).toHaveLength(365);
    expect(calendar.cells[0]).toMatchObject({ day: '2025-03-11', week: 0, weekday: 1, level: 0 });
    expect(calendar.cells.at(-1)).toMatchObject({ day: '2026-03-10', weekday: 1 });
    expect(calendar.weeks).toBe(53);
    expect(calendar.cells.at(-1)?.week).toBe(52);
    // Every day of a column is in the same Monday-to-Sunday week.
    const monday = calendar.cells.find((cell) => cell.day === '2026-03-09');
    expect(monday).toMatchObject({ weekday: 0, week: 52 });
  });

  it('labels each month at the week of its first day', () => {
    const calendar = buildCalendar('2026-03-10', []);
    const april = calendar.cells.find((cell) => cell.day === '2025-04-01');
    expect(calendar.months[0]).toEqual({ label: expect.any(String), week: 0 });
    expect(calendar.months.map((month) => month.week)).toContain(april?.week);
    expect(calendar.months).toHaveLength(13);
  });

  it('shades days in four steps of the busiest day and counts the total', () => {
    const calendar = buildCalendar('2026-03-10', [
      { day: '2026-03-01', reviews: 1 },
      { day: '2026-03-02', reviews: 20 },
      { day: '2026-03-03', reviews: 11 },
      { day: '2026-03-04', reviews: 6 },
      // Older than a year: not drawn, not counted.
      { day: '2025-03-10', reviews: 50 },
    ]);
    const level = (day: string) => calendar.cells.find((cell) => cell.day === day)?.level;
    expect(level('2026-03-01')).toBe(1);
    expect(level('2026-03-04')).toBe(2);
    expect(level('2026-03-03')).toBe(3);
    expect(level('2026-03-02')).toBe(4);
    expect(level('2026-03-05')).toBe(0);
    expect(calendar.levelFloors).toEqual([1, 6, 11, 16]);
    expect(calendar.total).toBe(38);
    expect(calendar.activeDays).toBe(4);
  });
});

describe('figures', () => {
  it('says durations as a person would', () => {
    expect(formatDuration(45_000)).toBe('45 s');
    expect(formatDuration(12 * 60_000)).toBe('12 min');
    expect(formatDuration(2 * 3_600_000)).toBe('2 h');
    expect(formatDuration(3 * 3_600_000 + 5 * 60_000)).toBe('3 h 5 min');
  });

  it('gives retention as a percentage with its counts, and a dash without mature reviews', () => {
    expect(formatRetention({ passed: 46, total: 50 })).toEqual({
      percent: '92%',
      counts: '46 of 50 reviews passed',
    });
    expect(formatRetention({ passed: 0, total: 0 }).percent).toBe('—');
  });
});
