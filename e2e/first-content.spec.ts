import { expect, signUpThroughApi, test } from './fixtures.ts';
import { appRoutes } from './routes.ts';
import {
  firstContentRoutes,
  firstContentViewports,
  measureFirstContent,
  primaryContent,
} from './support/first-content.ts';

// Every route opens on what a person came for: its primary content starts in the first screen, above the
// phone's bottom bar, at a laptop's and a phone's size. The distances are attached to the report; the
// benchmark records them beside the cold load's LCP (bench/README.md).

test('every route names its primary content, for a visitor or for someone signed in', () => {
  const named = new Set([...Object.keys(primaryContent.visitor), ...Object.keys(primaryContent.signedIn)]);
  expect(appRoutes.map((route) => route.path).filter((path) => !named.has(path))).toEqual([]);
});

for (const viewport of firstContentViewports) {
  for (const reader of ['visitor', 'signedIn'] as const) {
    test(`at ${viewport.width} × ${viewport.height}, every route's primary content is in the first screen (${reader === 'visitor' ? 'a visitor' : 'signed in'})`, async ({
      page,
    }, testInfo) => {
      // Twenty pages, each waited for until its content is drawn, on a busy two-core runner.
      test.slow();
      await page.setViewportSize(viewport);
      if (reader === 'signedIn') await signUpThroughApi(page);
      const figures: Record<string, number> = {};
      const below: string[] = [];
      for (const path of firstContentRoutes(reader)) {
        const { top, screen } = await measureFirstContent(page, reader, path);
        figures[path] = top;
        if (top >= screen) below.push(`${path}: starts at ${top} px, the first screen ends at ${screen} px`);
      }
      await testInfo.attach(`first-content-${viewport.width}-${reader}.json`, {
        body: JSON.stringify(figures, null, 2),
        contentType: 'application/json',
      });
      expect(below).toEqual([]);
    });
  }
}
