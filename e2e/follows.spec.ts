import type { Page } from '@playwright/test';
import { expect, signUpThroughApi, test } from './fixtures.ts';

/** The handle of the account signed in on `page`. */
async function ownHandle(page: Page): Promise<string> {
  const session = (await (await page.request.get('/api/auth/get-session')).json()) as {
    user: { id: string };
  };
  const profile = (await (await page.request.get(`/api/profiles/${session.user.id}`)).json()) as {
    handle: string;
  };
  return profile.handle;
}

/** The number the popover's profile card shows for `label`. */
async function popoverCounter(page: Page, label: 'Following' | 'Followers'): Promise<string> {
  const card = page.getByRole('dialog');
  return (
    (await card
      .locator('dt', { hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd')
      .textContent()) ?? ''
  );
}

test('two people follow each other and both popovers agree', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpThroughApi(page, 'Ada Follows');
  const bobContext = await browser.newContext({
    baseURL: test.info().project.use.baseURL!,
    viewport: { width: 1280, height: 800 },
    extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.77' },
  });
  const bob = await bobContext.newPage();
  await signUpThroughApi(bob, 'Bob Follows');
  const [adaHandle, bobHandle] = [await ownHandle(page), await ownHandle(bob)];

  await page.goto(`/u/${bobHandle}`);
  await page.getByRole('button', { name: 'Follow Bob Follows' }).click();
  await expect(page.getByRole('button', { name: 'Unfollow Bob Follows' })).toBeVisible();

  await bob.goto(`/u/${adaHandle}`);
  await bob.getByRole('button', { name: 'Follow Ada Follows' }).click();
  await expect(bob.getByRole('button', { name: 'Unfollow Ada Follows' })).toBeVisible();

  for (const person of [page, bob]) {
    await person.getByRole('button', { name: 'Open profile' }).click();
    await expect(person.getByRole('dialog').getByText('Rank: B')).toBeVisible();
    expect(await popoverCounter(person, 'Following')).toBe('1');
    expect(await popoverCounter(person, 'Followers')).toBe('1');
    await person.keyboard.press('Escape');
  }

  // Unfollowing shows on the other side's card the next time it opens.
  await page.getByRole('button', { name: 'Unfollow Bob Follows' }).click();
  await expect(page.getByRole('button', { name: 'Follow Bob Follows' })).toBeVisible();
  await bob.reload();
  await bob.getByRole('button', { name: 'Open profile' }).click();
  await expect(bob.getByRole('dialog').getByText('Rank: B')).toBeVisible();
  expect(await popoverCounter(bob, 'Followers')).toBe('0');
  expect(await popoverCounter(bob, 'Following')).toBe('1');
  await bobContext.close();
});
