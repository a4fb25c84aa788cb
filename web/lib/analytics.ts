import { useEffect, useEffectEvent, useRef } from 'react';
import { useLocation } from 'react-router';
import type { PageViewRequest } from '../../contracts/analytics.ts';

export const pageViewEndpoint = '/api/analytics/pageviews';

const maxLength = 2048;

/**
 * Sends one page view. Fire and forget: `keepalive` lets the request finish when the page is being left, and
 * any failure (offline, blocked, rate limited) is dropped, because analytics must never disturb the reader.
 */
export function reportPageView(view: PageViewRequest): void {
  try {
    void fetch(pageViewEndpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(view),
      credentials: 'same-origin',
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // fetch itself can throw synchronously (e.g. a malformed URL in unusual environments).
  }
}

/**
 * Reports a page view on every route change (a new path or query; a hash change is the same page). The first
 * view's referrer is the document's (where the visitor came from); later views name the previous in-app path.
 */
export function usePageViewReporting(signedIn: boolean): void {
  const { pathname, search } = useLocation();
  const previousPath = useRef<string | null>(null);

  // An effect event, so signing in or out does not count as another view of the same page.
  const report = useEffectEvent((path: string) => {
    // Also makes Strict Mode's second effect run a no-op.
    if (path === previousPath.current) return;
    const referrer = previousPath.current ?? document.referrer;
    previousPath.current = path;
    reportPageView({
      path,
      ...(referrer ? { referrer: referrer.slice(0, maxLength) } : {}),
      viewportWidth: Math.max(0, Math.round(window.innerWidth)),
      signedIn,
    });
  });

  useEffect(() => {
    report(`${pathname}${search}`.slice(0, maxLength));
  }, [pathname, search]);
}
