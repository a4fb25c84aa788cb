import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, signUpThroughApi, test } from './fixtures.ts';
import { firstContentRoutes, firstContentViewports, measureFirstContent } from './support/first-content.ts';

// Every route at a laptop's and a phone's size, in both themes, for a visitor and for someone signed in: a
// screenshot of the whole page kept for people to review a change in look (not compared pixel by pixel), no
// serious accessibility violation, and nothing that scrolls sideways.

/** Where the screenshots are kept; CI keeps the folder as an artifact of the run. */
const screenshotsDir = path.resolve(import.meta.dirname, '..', 'test-results', 'screenshots');

/** `/play/decks/…/study` → `play-decks-…-study`; `/` → `home`. */
function fileNameOf(routePath: string): string {
  return routePath === '/' ? 'home' : routePath.slice(1).replaceAll('/', '-');
}

/**
 * Controls smaller than 44 × 44 px on a phone (WCAG 2.5.5): buttons, tabs, toggles, check boxes, radios and
 * switches, and links that stand alone. A link inside a sentence is exempt, as WCAG exempts it: its size is
 * the text's.
 */
async function smallTouchTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const minimum = 44;
    const slack = 0.5; // sub-pixel rounding
    const small: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'button, [role="button"], [role="tab"], a[href], input[type="checkbox"], input[type="radio"], summary',
    );
    for (const control of controls) {
      // A check box, radio or switch is hidden under its clickable frame, or inside a label that clicks it;
      // measure what a finger can press.
      const target =
        control instanceof HTMLInputElement
          ? (control.closest<HTMLElement>('label') ??
            control.closest<HTMLElement>('.MuiButtonBase-root') ??
            control)
          : control;
      const box = target.getBoundingClientRect();
      // Not drawn, or kept above the page until focused (the skip link).
      if (box.width === 0 || box.height === 0 || box.bottom <= 0) continue;
      if (target.closest('[aria-hidden="true"], [inert]')) continue;
      if (control instanceof HTMLAnchorElement && !control.matches('.MuiButtonBase-root')) {
        // Inline: the link shares its line box with text of its parent.
        const parent = control.parentElement;
        const text = parent
          ? [...parent.childNodes].some(
              (node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '',
            )
          : false;
        if (text || getComputedStyle(control).display === 'inline') continue;
      }
      if (box.width + slack < minimum || box.height + slack < minimum) {
        const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 40);
        small.push(
          `touch target "${name}" (${control.tagName.toLowerCase()}) is ${Math.round(box.width)} × ${Math.round(box.height)} px`,
        );
      }
    }
    return small;
  });
}

for (const viewport of firstContentViewports) {
  for (const scheme of ['light', 'dark'] as const) {
    for (const reader of ['visitor', 'signedIn'] as const) {
      const who = reader === 'visitor' ? 'a visitor' : 'signed in';
      test(`every route at ${viewport.width} px in the ${scheme} theme, ${who}: screenshots, no serious accessibility violations, no sideways scrolling, 44 px touch targets on a phone`, async ({
        page,
        seriousA11yViolations,
      }) => {
        // Twenty pages, each drawn, photographed and checked by axe, on a busy two-core runner.
        test.slow();
        await page.setViewportSize(viewport);
        // Nothing is stored, so the theme follows the system's preference.
        await page.emulateMedia({ colorScheme: scheme });
        if (reader === 'signedIn') await signUpThroughApi(page);
        const problems: Record<string, string[]> = {};
        for (const routePath of firstContentRoutes(reader)) {
          // Opens the page and waits until its primary content is drawn.
          await measureFirstContent(page, reader, routePath);
          await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
          const found = await seriousA11yViolations(page);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          if (overflow > 0) found.push(`scrolls ${overflow} px sideways`);
          if (viewport.width < 600) found.push(...(await smallTouchTargets(page)));
          if (found.length > 0) problems[routePath] = found;
          await page.screenshot({
            path: path.join(
              screenshotsDir,
              `${fileNameOf(routePath)}-${viewport.width}-${scheme}${reader === 'signedIn' ? '-signed-in' : ''}.png`,
            ),
            fullPage: true,
            animations: 'disabled',
          });
        }
        expect(problems).toEqual({});
      });
    }
  }
}
