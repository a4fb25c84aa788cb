/**
 * Day arithmetic for the statistics, on `YYYY-MM-DD` strings read as UTC dates: the server has already
 * turned reviews into the person's study days, so the browser's own time zone must not shift them again.
 */

const dayMs = 24 * 60 * 60 * 1000;

/** The UTC midnight of a `YYYY-MM-DD` day, in milliseconds. */
export function dayValue(day: string): number {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return Date.UTC(year, month - 1, date);
}

/** The `YYYY-MM-DD` of a UTC-midnight time. */
export function dayString(value: number): string {
  return new Date(value).toISOString().slice(0, 10);
}

/** `day` moved by `days` (negative goes back). */
export function addDays(day: string, days: number): string {
  return dayString(dayValue(day) + days * dayMs);
}

/** 0 for Monday … 6 for Sunday: weeks start on Monday, as the retention curves' weeks do. */
export function weekdayOf(day: string): number {
  return (new Date(dayValue(day)).getUTCDay() + 6) % 7;
}

const fullDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeZone: 'UTC' });
const shortDate = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });
const weekdayShort = new Intl.DateTimeFormat(undefined, { weekday: 'short', timeZone: 'UTC' });
const monthShort = new Intl.DateTimeFormat(undefined, { month: 'short', timeZone: 'UTC' });

/** "Monday, 5 January 2026" in the reader's language. */
export function formatFullDay(day: string): string {
  return fullDate.format(dayValue(day));
}

/** "5 Jan". */
export function formatShortDay(day: string): string {
  return shortDate.format(dayValue(day));
}

/** "Mon 5 Jan", for the forecast's axis, where the weekday matters for planning. */
export function formatWeekdayDay(day: string): string {
  return `${weekdayShort.format(dayValue(day))} ${shortDate.format(dayValue(day))}`;
}

/** One square of the calendar. */
export interface CalendarCell {
  day: string;
  reviews: number;
  /** 0 for no reviews, then 1–4 from few to the most. */
  level: number;
  /** Column (week, oldest first) and row (weekday, Monday first). */
  week: number;
  weekday: number;
}

/** The calendar of the past year of reviews, laid out as GitHub's contribution calendar is. */
export interface Calendar {
  cells: CalendarCell[];
  weeks: number;
  /** Where each month's label goes: the column of the week its first day falls in. */
  months: { label: string; week: number }[];
  /** The least reviews of each level 1–4, for the legend. */
  levelFloors: number[];
  total: number;
  activeDays: number;
}

/** Days the calendar covers, today included: a year. */
export const calendarDays = 365;

/** Reviews → level 1–4, in equal steps of the busiest day, so one heavy day does not hide the rest's shape. */
function levelOf(reviews: number, max: number): number {
  if (reviews <= 0) return 0;
  return Math.min(4, Math.max(1, Math.ceil((reviews / max) * 4)));
}

/**
 * The past `calendarDays` days up to `today`, with the reviews of each (days missing from `counts` had none),
 * in week columns from Monday to Sunday.
 */
export function buildCalendar(
  today: string,
  counts: readonly { day: string; reviews: number }[],
  days = calendarDays,
): Calendar {
  const byDay = new Map(counts.map((entry) => [entry.day, entry.reviews]));
  const first = addDays(today, -(days - 1));
  const offset = weekdayOf(first);
  let max = 0;
  for (let i = 0; i < days; i++) max = Math.max(max, byDay.get(addDays(first, i)) ?? 0);

  const cells: CalendarCell[] = [];
  const months: Calendar['months'] = [];
  let total = 0;
  let activeDays = 0;
  for (let i = 0; i < days; i++) {
    const day = addDays(first, i);
    const reviews = byDay.get(day) ?? 0;
    const week = Math.floor((i + offset) / 7);
    total += reviews;
    if (reviews > 0) activeDays++;
    cells.push({ day, reviews, level: levelOf(reviews, max), week, weekday: (i + offset) % 7 });
    // A month is labelled at the week of its first day; a month cut off at the start keeps its label only
    // when there is room before the next one.
    if (day.endsWith('-01') || (i === 0 && Number(day.slice(8)) <= 14)) {
      months.push({ label: monthShort.format(dayValue(day)), week });
    }
  }
  const levelFloors = [1, 2, 3, 4].map((level) =>
    level === 1 ? 1 : Math.max(1, Math.floor(((level - 1) / 4) * max) + 1),
  );
  return {
    cells,
    weeks: Math.floor((days - 1 + offset) / 7) + 1,
    months: months.filter((month, index) => index === 0 || month.week > (months[index - 1]?.week ?? -1)),
    levelFloors,
    total,
    activeDays,
  };
}

/** A count with its noun, singular or plural: `1 review`, `3 reviews`. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString()} ${count === 1 ? singular : plural}`;
}

/** A duration as a person says it: `45 s`, `12 min`, `3 h 5 min`. */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours.toLocaleString()} h` : `${hours.toLocaleString()} h ${rest} min`;
}

/** Passed of total as a whole percentage with the counts, or "—" when there is nothing to measure. */
export function formatRetention({ passed, total }: { passed: number; total: number }): {
  percent: string;
  counts: string;
} {
  if (total === 0) return { percent: '—', counts: 'no mature reviews yet' };
  return {
    percent: `${Math.round((passed / total) * 100)}%`,
    counts: `${passed.toLocaleString()} of ${countOf(total, 'review')} passed`,
  };
}
