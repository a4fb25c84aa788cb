const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/** A date as the card page writes it, in the reader's own style ("3 March 2026", "March 3, 2026"). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}
