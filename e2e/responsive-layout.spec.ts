import { expect, test } from './fixtures.ts';

test('on a 375 px phone the four tools move to a bottom bar and the links to a menu', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/about');
  const bottom = page.getByRole('navigation', { name: 'Primary' });
  await expect(bottom).toBeVisible();
  for (const name of ['Explore', 'Build', 'Play', 'Confer']) {
    await expect(bottom.getByRole('button', { name, exact: true })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  const box = await bottom.boundingBox();
  expect(box && Math.round(box.y + box.height)).toBe(740);

  await page.getByRole('button', { name: 'Open navigation menu' }).click();
  await page.getByRole('menuitem', { name: 'CLASSROOM' }).click();
  await expect(page).toHaveURL('/classroom');

  await bottom.getByRole('button', { name: 'Build', exact: true }).click();
  await expect(page).toHaveURL('/login?next=%2Fbuild');

  // Nothing may scroll sideways on a phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('at 1280 px there is no bottom bar and the tools sit in the top bar', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/about');
  await expect(page.getByRole('navigation', { name: 'Primary' })).toHaveCount(0);
  for (const name of ['Explore', 'Build', 'Play', 'Confer']) {
    await expect(page.getByRole('banner').getByRole('button', { name, exact: true })).toBeVisible();
  }
});
