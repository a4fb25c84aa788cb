/**
 * The value of an `<input type="datetime-local">` (`2026-03-01T14:30`, the person's own clock) as an ISO time
 * with the local offset (`2026-03-01T14:30:00+01:00`), which the server's `publishPostSchema` accepts and
 * which keeps the hour the person chose. Null when the value is not a whole local time.
 */
export function localInputToIso(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute, second = '00'] = match;
  const date = new Date(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
  );
  // 31 February, or a time skipped by a clock change, comes back as another time: refused.
  if (
    Number.isNaN(date.getTime()) ||
    date.getFullYear() !== Number(year) ||
    date.getMonth() !== Number(month) - 1 ||
    date.getDate() !== Number(day) ||
    date.getHours() !== Number(hour) ||
    date.getMinutes() !== Number(minute)
  )
    return null;
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  return `${year}-${month}-${day}T${hour}:${minute}:${second}${sign}${hours}:${minutes}`;
}

/** A time as a `datetime-local` value on the person's clock, e.g. for the input's `min`. */
export function isoToLocalInput(time: number): string {
  const date = new Date(time);
  const pad = (part: number) => String(part).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Why a schedule time cannot be used, or null when it can: it must be a whole time, in the future. */
export function scheduleProblem(value: string, now: number): string | null {
  if (value === '') return 'Choose a date and time.';
  const iso = localInputToIso(value);
  if (iso === null) return 'That is not a date and time.';
  if (Date.parse(iso) <= now) return 'Choose a time in the future.';
  return null;
}
