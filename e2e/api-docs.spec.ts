import { expect, test } from './fixtures.ts';

test('a developer browses the API documentation generated from the contracts', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /CARD WEB API/ })).toBeVisible();
  await expect(page.getByText('/api/support/tickets')).toBeVisible();
  await expect(page.getByText('/api/health')).toBeVisible();
});

test('the health endpoint reports the embedded database', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: 'ok', db: 'embedded' });
});
