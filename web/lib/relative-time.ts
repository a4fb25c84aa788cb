const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

const steps: [limitSeconds: number, unit: Intl.RelativeTimeFormatUnit, seconds: number][] = [
  [60, 'second', 1],
  [3600, 'minute', 60],
  [86_400, 'hour', 3600],
  [7 * 86_400, 'day', 86_400],
  [30 * 86_400, 'week', 7 * 86_400],
  [365 * 86_400, 'month', 30 * 86_400],
  [Infinity, 'year', 365 * 86_400],
];

/** A moment said relative to `now`: "5 minutes ago", "in 3 days", "now". */
export function formatRelative(iso: string, now: number = Date.now()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const seconds = Math.round((time - now) / 1000);
  if (Math.abs(seconds) < 45) return 'now';
  for (const [limit, unit, size] of steps) {
    if (Math.abs(seconds) < limit) return relative.format(Math.round(seconds / size), unit);
  }
  return relative.format(Math.round(seconds / (365 * 86_400)), 'year');
}

/** A length of time for people: "45 s", "4 min 12 s", "1 h 5 min". */
export function formatDuration(ms: number): string {
  const totalSeconds = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  if (minutes > 0) return seconds > 0 ? `${minutes} min ${seconds} s` : `${minutes} min`;
  return `${seconds} s`;
}
