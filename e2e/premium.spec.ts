import type { Page } from '@playwright/test';
import { expect, signInAsAdmin, signUpThroughApi, test } from './fixtures.ts';

async function ownHandle(page: Page): Promise<string> {
  const session = (await (await page.request.get('/api/auth/get-session')).json()) as {
    user: { id: string };
  };
  const profile = (await (await page.request.get(`/api/profiles/${session.user.id}`)).json()) as {
    handle: string;
  };
  return profile.handle;
}

/** Opens the avatar popover, waits for the loaded profile card and says whether it shows the premium badge. */
async function popoverShowsPremium(page: Page): Promise<boolean> {
  await page.getByRole('button', { name: 'Open profile' }).click();
  const card = page.getByRole('dialog');
  await expect(card.getByText('Rank: B')).toBeVisible();
  const shown = await card.getByText('Premium Subscriber').isVisible();
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();
  return shown;
}

test('an administrator grants premium and the badge appears in the subscriber’s popover; revoking removes it', async ({
  page,
  browser,
  seriousA11yViolations,
}) => {
  // Two people in two browsers and a dozen page loads: more than the default 30 seconds on a busy machine.
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsAdmin(page);

  const bobContext = await browser.newContext({
    baseURL: test.info().project.use.baseURL!,
    viewport: { width: 1280, height: 800 },
    extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.91' },
  });
  const bob = await bobContext.newPage();
  await signUpThroughApi(bob, 'Bob Premium');
  const bobHandle = await ownHandle(bob);
  await bob.goto('/');
  expect(await popoverShowsPremium(bob)).toBe(false);

  await page.goto('/admin');
  const premium = page.getByRole('region', { name: 'Premium' });
  await premium.getByLabel('Handle or email').fill(`@${bobHandle}`);
  await premium.getByRole('button', { name: 'Find' }).click();
  const found = premium.getByRole('listitem', { name: 'Bob Premium' });
  await expect(found.getByText('No premium')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await found.getByRole('button', { name: 'Grant premium to Bob Premium' }).click();
  await expect(premium.getByRole('status')).toHaveText('Premium granted to Bob Premium, with no end date.');
  await expect(
    premium.getByRole('table', { name: 'Current subscribers' }).getByText('Bob Premium'),
  ).toBeVisible();

  await bob.reload();
  expect(await popoverShowsPremium(bob)).toBe(true);
  await bob.goto('/settings');
  await expect(
    bob.getByRole('region', { name: 'Premium' }).getByText('You have premium, with no end date.'),
  ).toBeVisible();
  expect(await seriousA11yViolations(bob)).toEqual([]);

  await found.getByRole('button', { name: 'Revoke premium for Bob Premium' }).click();
  await expect(premium.getByRole('status')).toHaveText('Premium revoked for Bob Premium.');

  await bob.goto('/');
  expect(await popoverShowsPremium(bob)).toBe(false);
  await bobContext.close();
});

test('someone who is not an administrator is told so at /admin', async ({ page }) => {
  await signUpThroughApi(page, 'Nora Plain');
  await page.goto('/admin');
  await expect(page.getByText('You need to be an administrator to see this page.')).toBeVisible();
  const refused = await page.request.put('/api/admin/profiles/anyone/premium', {
    data: {},
    headers: { origin: new URL(test.info().project.use.baseURL!).origin },
  });
  expect(refused.status()).toBe(403);
});
