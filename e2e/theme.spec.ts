import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('the theme toggle switches light and dark and the choice survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/about');
  const toggle = page.getByRole('button', { name: 'Toggle light/dark theme' });
  const light = await background(page);

  await toggle.click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  const dark = await background(page);
  expect(dark).not.toBe(light);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await background(page)).toBe(dark);

  await page.getByRole('button', { name: 'Toggle light/dark theme' }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  expect(await background(page)).toBe(light);
});

test('with nothing stored the theme follows the system preference', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
});

test('a stored dark theme is applied before the app script runs (no flash of light)', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  // Hold the app's scripts back: what shows meanwhile is what a slow connection would show.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  // Module scripts are deferred, so the document finishes parsing ('interactive') before they run.
  await page.goto('/about', { waitUntil: 'commit' });
  await page.waitForFunction(() => document.readyState === 'interactive');
  const early = await page.evaluate(() => ({
    rendered: (document.getElementById('root')?.childElementCount ?? 0) > 0,
    theme: document.documentElement.dataset.theme,
    scheme: getComputedStyle(document.documentElement).colorScheme,
    background: getComputedStyle(document.documentElement).backgroundColor,
  }));
  release();
  expect(early.rendered).toBe(false);
  expect(early.theme).toBe('dark');
  expect(early.scheme).toBe('dark');
  const [r, g, b] = early.background.match(/\d+/g)!.map(Number);
  expect(r! + g! + b!).toBeLessThan(150);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
