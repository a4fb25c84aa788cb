import { expect, test } from './fixtures.ts';

test('every route change reports a page view to our own API', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const views: { path: string; viewportWidth: number; signedIn: boolean; referrer?: string }[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/analytics/pageviews')) views.push(request.postDataJSON());
  });
  const accepted = page.waitForResponse(
    (response) => response.url().endsWith('/api/analytics/pageviews') && response.status() === 204,
  );
  await page.goto('/about');
  await accepted;
  await page
    .getByRole('main')
    .getByRole('link', { name: /privacy/i })
    .first()
    .click();
  await expect(page).toHaveURL('/about/privacy-policy');
  await expect.poll(() => views.length).toBe(2);
  expect(views[0]).toMatchObject({ path: '/about', viewportWidth: 1024, signedIn: false });
  expect(views[1]).toMatchObject({ path: '/about/privacy-policy', referrer: '/about' });
});
