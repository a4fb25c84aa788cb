/**
 * A one-off notice carried to the next page in the router's history state, for flows that end by navigating
 * away (sign-up, email-link sign-in): the page that knows the news unmounts, so the shell shows it instead.
 */
export interface FlashNotice {
  message: string;
  severity: 'success' | 'info';
}

interface FlashState {
  flash: FlashNotice;
}

/** The `state` to pass to `navigate()` so the next page opens with `message` shown. */
export function flashState(message: string, severity: FlashNotice['severity'] = 'success'): FlashState {
  return { flash: { message, severity } };
}

/** The notice in a location's `state`, if there is a well-formed one. */
export function readFlash(state: unknown): FlashNotice | null {
  if (typeof state !== 'object' || state === null || !('flash' in state)) return null;
  const flash: unknown = state.flash;
  if (typeof flash !== 'object' || flash === null) return null;
  const { message, severity } = flash as Record<string, unknown>;
  if (typeof message !== 'string' || message === '') return null;
  return { message, severity: severity === 'info' ? 'info' : 'success' };
}
