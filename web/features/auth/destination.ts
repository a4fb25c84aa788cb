/**
 * Where to go after signing in or up: `next` (already checked by `safeNextPath`), unless it is one of the
 * sign-in screens themselves, which would only show the form again; else the exploration feed.
 */
export function afterSignInPath(next: string | null): string {
  if (next === null || /^\/(login|signup)(?:[?#/]|$)/.test(next)) return '/exploration';
  return next;
}
