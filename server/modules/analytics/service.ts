import type { PageViewRequest } from '../../../contracts/analytics.ts';
import type { AnalyticsRepository } from './repository.ts';

/**
 * Records first-party page views. A referrer is kept only as its origin and path: query strings of other
 * sites can carry personal data we have no reason to hold.
 */
export function createAnalyticsService(repository: AnalyticsRepository) {
  return {
    async recordPageView(view: PageViewRequest): Promise<void> {
      await repository.insertPageView({
        path: view.path,
        referrer: trimReferrer(view.referrer),
        viewportWidth: view.viewportWidth,
        signedIn: view.signedIn,
      });
    },
  };
}

function trimReferrer(referrer: string | undefined): string | null {
  if (!referrer) return null;
  if (referrer.startsWith('/')) return referrer.split('?')[0] ?? null;
  try {
    const url = new URL(referrer);
    return url.protocol === 'http:' || url.protocol === 'https:' ? `${url.origin}${url.pathname}` : null;
  } catch {
    return null;
  }
}
