import type { Browser, Page } from '@playwright/test';
import { expect, ownProfile, signInAsAdmin, signUpThroughApi, test } from './fixtures.ts';

/** A second person in a browser context of their own, from their own client address. */
async function secondPerson(browser: Browser, name: string, address: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL!,
    viewport: { width: 1280, height: 800 },
    extraHTTPHeaders: { 'x-forwarded-for': address },
  });
  const page = await context.newPage();
  await signUpThroughApi(page, name);
  return page;
}

test('blocking someone ends their follow and keeps them from following again', async ({
  page,
  browser,
  seriousA11yViolations,
}) => {
  // Two people, several pages each: more than the default time on a busy runner.
  test.slow();
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpThroughApi(page, 'Ada Blocks');
  const troll = await secondPerson(browser, 'Troll Blocked', '203.0.113.91');
  const ada = await ownProfile(page);
  const trollProfile = await ownProfile(troll);

  await troll.goto(`/u/${ada.handle}`);
  await troll.getByRole('button', { name: 'Follow Ada Blocks' }).click();
  await expect(troll.getByRole('button', { name: 'Unfollow Ada Blocks' })).toBeVisible();

  await page.goto(`/u/${trollProfile.handle}`);
  await page.getByRole('button', { name: 'More actions for Troll Blocked' }).click();
  await page.getByRole('menuitem', { name: 'Block Troll Blocked…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Block Troll Blocked?' });
  expect(await seriousA11yViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Block' }).click();
  await expect(page.getByText('You block Troll Blocked.')).toBeVisible();

  // Ada has no followers any more, and the blocked person cannot follow her again.
  await page.goto('/profile');
  await expect(
    page.locator('dt', { hasText: /^Followers$/ }).locator('xpath=following-sibling::dd'),
  ).toHaveText('0');
  await troll.reload();
  await troll.getByRole('button', { name: 'Follow Ada Blocks' }).click();
  await expect(troll.getByText(/one of you has blocked the other/)).toBeVisible();

  // Unblocking from Settings lets them follow again.
  await page.goto('/settings');
  const blocked = page.getByRole('region', { name: 'Blocked people' });
  await blocked.getByRole('button', { name: 'Unblock Troll Blocked' }).click();
  await expect(blocked.getByText('You do not block anyone.')).toBeVisible();
  await troll.reload();
  await troll.getByRole('button', { name: 'Follow Ada Blocks' }).click();
  await expect(troll.getByRole('button', { name: 'Unfollow Ada Blocks' })).toBeVisible();
  await troll.context().close();
});

test('a report reaches the administrators, who resolve it', async ({ page, browser }) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpThroughApi(page, 'Careful Reporter');
  const spammer = await secondPerson(browser, 'Link Spammer', '203.0.113.92');
  const spammerProfile = await ownProfile(spammer);

  await page.goto(`/u/${spammerProfile.handle}`);
  await page.getByRole('button', { name: 'More actions for Link Spammer' }).click();
  await page.getByRole('menuitem', { name: 'Report Link Spammer…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report Link Spammer' });
  await dialog.getByRole('radio', { name: 'Spam or advertising' }).check();
  await dialog.getByRole('textbox', { name: 'Details (optional)' }).fill('The same link under every card.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(
    page.getByText('Your report about Link Spammer was sent to the administrators.'),
  ).toBeVisible();

  const admin = await browser.newContext({
    baseURL: test.info().project.use.baseURL!,
    viewport: { width: 1280, height: 800 },
    extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.93' },
  });
  const adminPage = await admin.newPage();
  await signInAsAdmin(adminPage);
  await adminPage.goto('/admin');
  const reports = adminPage.getByRole('region', { name: 'Reports' });
  const item = reports.getByRole('listitem').filter({ hasText: 'The same link under every card.' });
  await expect(item).toContainText('Spam or advertising: Link Spammer');
  await item.getByRole('button', { name: 'Resolve the report about Link Spammer' }).click();
  await expect(reports.getByText('The report about Link Spammer was resolved.')).toBeVisible();
  await expect(item).toHaveCount(0);
  await admin.close();
  await spammer.context().close();
});
