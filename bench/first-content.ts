import type { Browser } from 'playwright-core';
import {
  firstContentRoutes,
  firstContentViewports,
  measureFirstContent,
} from '../e2e/support/first-content.ts';
import type { Figure } from './lib/report.ts';

/**
 * Where each route's primary content starts, at a laptop's and a phone's size, for a visitor (public routes)
 * and for someone just signed up (the others, and the home page): the figures of issue 14, beside the cold
 * load's LCP. The e2e test (e2e/first-content.spec.ts) fails when any of them leaves the first screen.
 */
export async function measureFirstContentOfRoutes(
  browser: Browser,
  baseUrl: string,
  print: (line: string) => void,
): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const viewport of firstContentViewports) {
    for (const reader of ['visitor', 'signedIn'] as const) {
      const context = await browser.newContext({ baseURL: baseUrl, viewport });
      try {
        const page = await context.newPage();
        if (reader === 'signedIn') {
          const email = `first-content-${viewport.width}-${Date.now()}@example.org`;
          const response = await page.request.post('/api/auth/sign-up/email', {
            data: { name: 'Ada Lovelace', email, password: 'Correct-Horse-42' },
            headers: { origin: new URL(baseUrl).origin },
          });
          if (!response.ok())
            throw new Error(`Sign-up answered ${response.status()}: ${await response.text()}`);
        }
        const benchmark = `First content, ${viewport.width} × ${viewport.height} (${reader === 'visitor' ? 'visitor' : 'signed in'})`;
        let furthest = { path: '', top: 0, screen: 0 };
        for (const path of firstContentRoutes(reader)) {
          const { top, screen } = await measureFirstContent(page, reader, path);
          if (top > furthest.top) furthest = { path, top, screen };
          figures.push({
            id: `firstContent.${viewport.width}.${reader}.${path}`,
            benchmark,
            name: path,
            unit: 'px',
            value: top,
            better: 'lower',
          });
        }
        print(
          `  ${benchmark}: furthest ${furthest.path} at ${furthest.top} px (first screen ${furthest.screen} px)`,
        );
      } finally {
        await context.close();
      }
    }
  }
  return figures;
}
