import { totpCode } from '../server/test/totp.ts';
import { expect, signUpThroughApi, test } from './fixtures.ts';

test('a user turns on an authenticator app and then needs its code to sign in', async ({ page }) => {
  const { email, password } = await signUpThroughApi(page, 'Two Step');
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  await page.getByRole('button', { name: 'Turn on two-step verification' }).click();
  const start = page.getByRole('form', { name: 'Turn on two-step verification' });
  await start.getByLabel('Password').fill(password);
  await start.getByRole('button', { name: 'Continue' }).click();

  await expect(
    page.getByRole('img', { name: 'QR code for adding CARD WEB to your authenticator app' }),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).not.toHaveCount(0);
  // What a person types into the app when they cannot scan: the key shown under the QR code.
  const key = (await page.locator('code').first().textContent())!.replace(/\s+/g, '');
  const uri = `otpauth://totp/CARD%20WEB?secret=${key}`;
  const confirm = page.getByRole('form', { name: 'Confirm the authenticator app' });
  await confirm.getByLabel('Code from your authenticator app').fill(totpCode(uri));
  await confirm.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(/two-step verification is on/i)).toBeVisible();

  await page.getByRole('button', { name: 'Open profile' }).click();
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page).toHaveURL('/');

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const code = page.getByLabel('Code from your authenticator app');
  await expect(code).toBeVisible();
  await code.fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(
    page.getByText('That code is not correct. Check your authenticator app and try again.'),
  ).toBeVisible();
  await code.fill(totpCode(uri));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/exploration');
  await expect(page.getByRole('button', { name: 'Open profile' })).toBeVisible();
});
