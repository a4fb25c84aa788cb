import { expect, signUpThroughApi, test } from './fixtures.ts';

const tools = [
  ['Explore', '/exploration'],
  ['Build', '/build'],
  ['Play', '/play'],
  ['Confer', '/confer'],
] as const;

test.describe('the Explore, Build, Play and Confer buttons', () => {
  test('send a signed-out visitor to sign in, remembering where they were going', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const [name, path] of tools) {
      await page.goto('/about');
      await page.getByRole('banner').getByRole('button', { name, exact: true }).click();
      await expect(page).toHaveURL(`/login?next=${encodeURIComponent(path)}`);
      await expect(page.getByText(`After signing in you will return to ${path}`)).toBeVisible();
    }
  });

  test('open the tool for a signed-in user', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signUpThroughApi(page);
    for (const [name, path] of tools) {
      await page.goto('/about');
      // The top bar shows the account once the app has confirmed the session with the server.
      await expect(page.getByRole('button', { name: 'Open profile' })).toBeVisible();
      await page.getByRole('banner').getByRole('button', { name, exact: true }).click();
      // Confer may go on to a conversation (someone new lands in #general): the tool opened is what counts.
      await expect(page).toHaveURL((url) => url.pathname === path);
    }
  });

  test('do not stop a visitor who types the address', async ({ page }) => {
    for (const [, path] of tools) {
      await page.goto(path);
      await expect(page).toHaveURL(path);
    }
  });
});

test('a signed-in user sees the avatar and can sign out', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { email } = await signUpThroughApi(page);
  await page.goto('/about');
  await page.getByRole('button', { name: 'Open profile' }).click();
  const popover = page.getByRole('presentation').filter({ hasText: 'Ada Lovelace' });
  await expect(popover.getByText(email)).toBeVisible();
  await popover.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Open profile' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  // Signed out on the server too: a reload does not bring the user back.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open profile' })).toHaveCount(0);
});
