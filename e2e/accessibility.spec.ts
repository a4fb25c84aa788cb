import { expect, test } from './fixtures.ts';
import { appRoutes } from './routes.ts';

const publicRoutes = appRoutes.filter((route) => route.isPublic).map((route) => route.path);

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`no serious accessibility violations (${scheme})`, () => {
    for (const path of publicRoutes) {
      test(`${path}`, async ({ page, seriousA11yViolations }) => {
        // Pages full of cards (Explore with the demo content) take axe a while on a busy two-core runner.
        test.slow();
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await seriousA11yViolations(page)).toEqual([]);
      });
    }
  });
}

test('at 375 px the page is accessible too', async ({ page, seriousA11yViolations }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('the keyboard reaches the skip link first and it moves focus to the content', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: /skip to content/i });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
});
