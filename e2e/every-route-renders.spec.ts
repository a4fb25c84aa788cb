import { expect, test } from './fixtures.ts';
import { appRoutes } from './routes.ts';

test.describe('every route renders inside the shell', () => {
  for (const route of appRoutes) {
    test(`${route.path} shows its page in the shell with no error`, async ({ page }) => {
      await page.goto(route.path);
      await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: 'CARD WEB home' })).toBeVisible();
      await expect(page).toHaveTitle(/CARD WEB$/);
      await expect(page.getByText(/coming soon/i)).toHaveCount(0);
    });
  }
});

test('the top bar links go where the seed says', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const banner = page.getByRole('banner');
  for (const [name, path] of [
    ['CLASSROOM', '/classroom'],
    ['RESEARCH', '/research_center'],
    ['BLOG', '/blog'],
    ['ABOUT', '/about'],
  ] as const) {
    await banner.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(path);
  }
  await banner.getByRole('link', { name: 'CARD WEB home' }).click();
  await expect(page).toHaveURL('/');
});
