/**
 * The study day: a person's day turns over at `dayStartsAtHour` local time in their time zone, not at midnight,
 * so a session after midnight still counts as "today". A study day is named by the local date it starts on.
 * PostgreSQL computes the same day as `((t at time zone tz) - interval 'h hours')::date` (see `studyDaySql`).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock time at `instant` in `timeZone`, as milliseconds of a UTC date with the same fields. */
function wallClock(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
}

/**
 * The instant at which the wall clock in `timeZone` shows `wall` (given as a UTC date with those fields). In a
 * gap of a daylight-saving change the instant just after the gap is taken; in an overlap, the first one.
 */
function instantOfWallClock(wall: number, timeZone: string): number {
  // The offset at the guessed instant, then again at the corrected one: two rounds settle every real zone.
  let instant = wall - (wallClock(wall, timeZone) - wall);
  for (let round = 0; round < 2; round++) {
    const shown = wallClock(instant, timeZone);
    if (shown === wall) return instant;
    instant += wall - shown;
  }
  return instant;
}

const dayMs = 24 * 60 * 60 * 1000;

/** The study day `instant` falls in, as `YYYY-MM-DD`. */
export function studyDayOf(instant: Date, timeZone: string, dayStartsAtHour: number): string {
  const shifted = wallClock(instant.getTime(), timeZone) - dayStartsAtHour * 60 * 60 * 1000;
  return new Date(shifted).toISOString().slice(0, 10);
}

/** The day `offset` days after `day` (`YYYY-MM-DD`). */
export function addDays(day: string, offset: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + offset * dayMs).toISOString().slice(0, 10);
}

/** When the study day `day` starts: its local date at `dayStartsAtHour`. */
export function studyDayStart(day: string, timeZone: string, dayStartsAtHour: number): Date {
  const wall = Date.parse(`${day}T00:00:00Z`) + dayStartsAtHour * 60 * 60 * 1000;
  return new Date(instantOfWallClock(wall, timeZone));
}

/** The study day around `now`: its name, when it started and when it ends (the next turnover). */
export function studyDayAround(
  now: Date,
  timeZone: string,
  dayStartsAtHour: number,
): { day: string; startsAt: Date; endsAt: Date } {
  const day = studyDayOf(now, timeZone, dayStartsAtHour);
  return {
    day,
    startsAt: studyDayStart(day, timeZone, dayStartsAtHour),
    endsAt: studyDayStart(addDays(day, 1), timeZone, dayStartsAtHour),
  };
}
