import { expect, test } from './fixtures.ts';

test('an unknown address shows "Page not found" with a way home', async ({ page }) => {
  await page.goto('/no/such/place');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle(/CARD WEB$/);
  await page.getByRole('main').getByRole('link', { name: /home/i }).click();
  await expect(page).toHaveURL('/');
});

test('a page that fails to load shows the router error page', async ({ page, pageProblems }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The blog page's code cannot be fetched (a deploy removed it, the network dropped): its route throws.
  await page.route(/\/assets\/blog-page-[^/]+\.js$/, (route) => route.fulfill({ status: 500, body: 'gone' }));
  await page.getByRole('banner').getByRole('link', { name: 'BLOG', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error' })).toBeVisible();
  await expect(
    page.getByText(/Failed to fetch dynamically imported module|error loading dynamically imported module/),
  ).toBeVisible();
  // The failed fetch is expected here; nothing else may have gone wrong.
  const unexpected = pageProblems.filter((problem) => !/500|dynamically imported module/.test(problem));
  pageProblems.length = 0;
  expect(unexpected).toEqual([]);
});

test('an unknown API address answers 404 in the error envelope, not the app', async ({ request }) => {
  const response = await request.get('/api/no-such-endpoint');
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({
    error: { code: 'common/route-not-found', message: 'There is no API endpoint GET /api/no-such-endpoint.' },
  });
});
