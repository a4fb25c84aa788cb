import { expect, test } from './fixtures.ts';

test('a visitor signs in with an OpenID Connect provider in a popup window', async ({ page }) => {
  await page.goto('/login?next=%2Fbuild');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Local IdP' }).click();
  const popup = await popupOpened;
  expect(popup.viewportSize()).toEqual({ width: 500, height: 600 });

  // The provider's own sign-in and consent pages.
  const login = `e2e-${Date.now()}`;
  await popup.locator('input[name="login"]').fill(login);
  await popup.locator('input[name="password"]').fill('any');
  await popup.locator('button[type="submit"]').click();
  await popup.getByRole('button', { name: 'Continue' }).click();
  await popup.waitForEvent('close');

  await expect(page).toHaveURL('/build');
  await page.getByRole('button', { name: 'Open profile' }).click();
  await expect(page.getByText(`${login}@idp.example.org`)).toBeVisible();
});

test('closing the sign-in window before finishing says so', async ({ page }) => {
  test.slow(); // the seed waits 8 s after the close is seen before giving up
  await page.goto('/login');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Local IdP' }).click();
  const popup = await popupOpened;
  await popup.waitForLoadState();
  await popup.close();
  await expect(page.getByText('The sign-in window was closed before signing in finished.')).toBeVisible({
    timeout: 15_000,
  });
});
