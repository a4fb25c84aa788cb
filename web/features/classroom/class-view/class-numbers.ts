/** A share as a whole percentage, "25 %"-ready: 0 when there is nothing to share (no one enrolled). */
export function percentOf(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.round((part / whole) * 100);
}

/** A share in words: "25%"; "—" when there is nothing to share. */
export function percentText(part: number, whole: number): string {
  return whole <= 0 ? '—' : `${percentOf(part, whole)}%`;
}
