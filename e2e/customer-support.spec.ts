import { expect, test } from './fixtures.ts';

test('a visitor files a support request and is given its reference', async ({ page }) => {
  await page.goto('/about/customer-support');
  const submit = page.getByRole('button', { name: /send|submit/i });

  // Invalid input: each field says what is wrong, and nothing is sent.
  let sent = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/support/tickets')) sent++;
  });
  await page.getByLabel('Email').fill('not-an-email');
  await submit.click();
  await expect(page.getByText('Please tell us your name')).toBeVisible();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expect(page.getByText('Please write at least 10 characters')).toBeVisible();
  expect(sent).toBe(0);

  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill('ada@example.org');
  await page.getByRole('combobox', { name: 'Topic' }).click();
  await page.getByRole('option', { name: 'Studying and Play' }).click();
  await page.getByLabel('Message').fill('My review queue shows the same card twice in one session.');
  const response = page.waitForResponse('**/api/support/tickets');
  await submit.click();
  expect((await response).status()).toBe(201);
  const status = page.getByRole('status').filter({ hasText: /CW-[0-9A-Z]{4}-[0-9A-Z]{4}/ });
  await expect(status).toBeVisible();
  const reference = (await status.textContent())!.match(/CW-[0-9A-Z]{4}-[0-9A-Z]{4}/)![0];
  expect(reference).toMatch(/^CW-/);
});
