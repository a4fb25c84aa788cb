import { expect, signUpThroughApi, test } from './fixtures.ts';

test('a visitor sees the web on the home page, and studies its featured deck after signing up', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'CARD WEB: a web of knowledge cards' }),
  ).toBeVisible();
  // A real card in the first screen, above the bottom bar.
  const firstCard = page.getByRole('list', { name: 'Trending cards' }).locator(':scope > li').first();
  await expect(firstCard).toBeInViewport();

  // The innermost region with the label: the page's own section holds it too.
  const deck = page.getByRole('region').filter({ hasText: 'Featured deck' }).last();
  const tag = (await deck.getByRole('heading', { level: 2 }).textContent())!.trim();
  expect(tag).not.toBe('');
  await deck.getByRole('link', { name: 'Study this deck' }).click();

  await expect(page).toHaveURL(/\/signup\?next=/);
  await page.getByLabel('Display name').fill('Grace Hopper');
  await page
    .getByLabel('Email')
    .fill(`home-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`);
  await page.getByLabel('Password').fill('Correct-Horse-42');
  await page.getByRole('button', { name: 'Create account' }).click();

  // Play opens the new deck on the tag; creating it opens the deck.
  const form = page.getByRole('dialog', { name: 'New deck' });
  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue(tag);
  // The tag has left the address: a reload would not open the form again.
  await expect(page).toHaveURL('/play');
  await form.getByRole('button', { name: 'Create deck' }).click();
  await expect(page).toHaveURL(/\/play\/decks\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: tag })).toBeVisible();

  // Back home, the day starts with that deck's reviews.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Grace' })).toBeVisible();
  const due = page.getByRole('region', { name: 'Due today' });
  await expect(due).toBeInViewport();
  await due.getByRole('link', { name: `Start studying ${tag}` }).click();
  await expect(page).toHaveURL(/\/play\/decks\/[0-9a-f-]+\/study$/);
});

test('a signed-in person with nothing to study is offered a first deck, and their unread conversations', async ({
  page,
}) => {
  await signUpThroughApi(page, 'Alan Turing');
  await page.goto('/');
  const due = page.getByRole('region', { name: 'Due today' });
  await expect(due.getByRole('link', { name: 'Make your first deck' })).toHaveAttribute('href', '/play');
  await expect(page.getByRole('region', { name: 'Unread conversations' })).toBeVisible();
  await expect(page.getByText('Follow people to see their new cards here.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Trending cards' })).toBeVisible();
});
