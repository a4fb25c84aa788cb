import { expect, test } from './fixtures.ts';

test('a developer browses the API documentation generated from the contracts', async ({ page }) => {
  // The page opens on the tags, folded; a link to a tag opens it.
  await page.goto('/api/docs#/support');
  await expect(page.getByRole('heading', { name: /CARD WEB API/ })).toBeVisible();
  await expect(page.getByText('/api/support/tickets')).toBeVisible();
  // The other tags stay folded until opened.
  await expect(page.getByText('/api/health')).toBeHidden();
  await expect(page.getByPlaceholder('Filter by tag')).toBeVisible();
});

test('the health endpoint reports the embedded database', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: 'ok', db: 'embedded' });
});
