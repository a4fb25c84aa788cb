import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const password = 'Correct-Horse-42';

/** The newest action link of `mode` mailed to `email`, opened from the development outbox as a person would. */
async function openMailedLink(page: Page, email: string, mode: string) {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const outbox = (await (await page.request.get('/api/dev/outbox')).json()) as {
        messages: { to: string; links: string[] }[];
      };
      link = outbox.messages
        .filter((message) => message.to === email)
        .flatMap((message) => message.links)
        .find((href) => href.includes(`mode=${mode}`));
      return link;
    })
    .toBeTruthy();
  await page.goto('/dev/outbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Development outbox' })).toBeVisible();
  await page.locator(`a[href="${link}"]`).first().click();
}

test('a new user signs up, verifies from the outbox, signs out, signs in and resets the password', async ({
  page,
}) => {
  const email = `journey-${Date.now()}@example.org`;

  await page.goto('/signup');
  await page.getByLabel('Display name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('short');
  await expect(page.getByText('At least 10 characters')).toBeVisible();
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/exploration');
  await expect(page.getByRole('button', { name: 'Open profile' })).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
  expect(stored).toMatchObject({ name: 'Ada Lovelace', email });
  expect(stored.uid).toBeTruthy();

  // The password chosen at sign-up was set before the address was proven: verifying asks for it again.
  await openMailedLink(page, email, 'verifyEmail');
  await page.getByLabel('New password').fill(password);
  await page.getByRole('button', { name: 'Verify and save password' }).click();
  await expect(page.getByText('Your email address is verified.')).toBeVisible();

  await page.getByRole('button', { name: 'Open profile' }).click();
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Open profile' })).toHaveCount(0);

  await page.goto('/login?next=%2Fbuild');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Wrong-Password-1');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('The email or password is not correct.')).toBeVisible();
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL('/build');

  // Forgotten password: the reset link from the outbox sets a new one.
  await page.getByRole('button', { name: 'Open profile' }).click();
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = page.getByRole('region', { name: 'Reset your password' });
  await forgot.getByLabel('Email').fill(email);
  await forgot.getByRole('button', { name: 'Send reset link' }).click();
  await expect(forgot.getByRole('status')).toContainText(/reset|inbox/i);
  await openMailedLink(page, email, 'resetPassword');
  await page.getByLabel('New password').fill('Brand-New-Secret-7');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText(/password has been changed/i)).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Brand-New-Secret-7');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL('/exploration');
});

test('signing in or out in one tab shows in the other tabs', async ({ page, context }) => {
  const email = `tabs-${Date.now()}@example.org`;
  await page.goto('/signup');
  await page.getByLabel('Display name').fill('Tab Owner');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);

  const other = await context.newPage();
  await other.goto('/about');
  await expect(other.getByRole('button', { name: 'Open profile' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/exploration');
  await expect(other.getByRole('button', { name: 'Open profile' })).toBeVisible({ timeout: 2000 });

  await other.getByRole('button', { name: 'Open profile' }).click();
  await other.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Open profile' })).toHaveCount(0, { timeout: 2000 });
});
