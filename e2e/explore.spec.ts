import type { Browser, Page } from '@playwright/test';
import { expect, publishCard, signUpThroughApi, test } from './fixtures.ts';

const origin = () => new URL(test.info().project.use.baseURL!).origin;

/** A word no other card uses: letters only, so search reads it as one word. */
function uniqueWord(): string {
  let word = 'zyx';
  for (let i = 0; i < 8; i++) word += String.fromCharCode(97 + Math.floor(Math.random() * 26));
  return word;
}

/** Publishes a public note through the API as the person signed in on `page`; returns its id. */
async function publishNote(page: Page, title: string, body: string, tags: string[]): Promise<string> {
  return publishCard(page, { title, body, tags: tags });
}

/** An author, in a browser context of their own, publishes three cards; the word is in the first one. */
async function publishCards(browser: Browser, word: string) {
  const context = await browser.newContext({ baseURL: origin() });
  const author = await context.newPage();
  await signUpThroughApi(author, 'Grace Author');
  const title = `Axolotl ${word} limb regrowth`;
  const id = await publishNote(
    author,
    title,
    `Axolotls regrow whole limbs. The ${word} experiment tracked the blastema for thirty days.`,
    ['biology', 'regeneration'],
  );
  await publishNote(author, 'Planarian fission', 'Flatworms split and regrow both halves.', ['biology']);
  await publishNote(author, 'Zebrafish fins', 'Fin rays grow back within two weeks.', ['biology']);
  await context.close();
  return { id, title };
}

test('a visitor browses New, searches, sees the match highlighted, previews a card and opens its page', async ({
  page,
  browser,
}) => {
  const word = uniqueWord();
  const card = await publishCards(browser, word);
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto('/exploration');
  await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Feeds' });
  await expect(tabs.getByRole('tab')).toHaveText(['Trending', 'New']);
  await expect(tabs.getByRole('tab', { name: 'Trending' })).toHaveAttribute('aria-selected', 'true');

  await tabs.getByRole('tab', { name: 'New' }).click();
  await expect(page).toHaveURL('/exploration?tab=new');
  // Newest first: the three cards just published lead the list.
  await expect(
    page.getByRole('list', { name: 'New cards' }).getByRole('link', { name: card.title }),
  ).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search cards' }).fill(word);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/exploration?tab=new&q=${word}`);
  const results = page.getByRole('list', { name: 'Search results' });
  const tile = results.getByRole('article', { name: card.title });
  await expect(tile).toBeVisible();
  await expect(results.getByRole('article')).toHaveCount(1);
  await expect(tile.locator('mark')).toHaveText(word);

  await tile.getByRole('button', { name: `Preview ${card.title}` }).click();
  const dialog = page.getByRole('dialog', { name: card.title });
  await expect(dialog.getByText('tracked the blastema', { exact: false })).toBeVisible();
  await dialog.getByRole('link', { name: 'Open card page' }).click();
  await expect(page).toHaveURL(`/cards/${card.id}`);
  await expect(page.getByRole('heading', { level: 1, name: card.title })).toBeVisible();
});

test('a tag on a card leads to Explore filtered by that tag', async ({ page, browser }) => {
  const word = uniqueWord();
  await publishCards(browser, word);
  await page.goto(`/exploration?tag=regeneration&q=${word}`);
  await expect(
    page.getByRole('heading', { level: 2, name: `Cards matching “${word}”, tagged #regeneration` }),
  ).toBeVisible();
  // The filters are folded away behind their button, which counts the ones in use.
  await page.getByRole('button', { name: 'Filters 1 in use' }).click();
  await expect(page.getByRole('combobox', { name: 'Tag' })).toHaveValue('regeneration');
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('article')).toHaveCount(1);
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page).toHaveURL('/exploration');
  await expect(page.getByRole('tablist', { name: 'Feeds' })).toBeVisible();
});

test('on a phone a newcomer sees a card at once, opens Filters, picks a type, and the count shows 1', async ({
  page,
  browser,
}) => {
  await publishCards(browser, uniqueWord());
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/exploration');
  await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
  // The first card's title is in the first screen, without scrolling, and nothing scrolls sideways.
  const first = page.getByRole('tabpanel').getByRole('article').first();
  await expect(first.getByRole('link').first()).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  const filters = page.getByRole('button', { name: 'Filters' });
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  await filters.click();
  await page.getByRole('combobox', { name: 'Type' }).selectOption('note');
  await expect(page).toHaveURL(/[?&]type=note(&|$)/);
  await expect(page.getByRole('button', { name: 'Filters 1 in use' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Cards of type note' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('article').first()).toBeVisible();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`Explore with cards, search results and the preview has no serious accessibility violations (${scheme})`, async ({
    page,
    browser,
    seriousA11yViolations,
  }) => {
    // Three axe scans of a page full of cards, after an author publishes three: more than the default allows.
    test.slow();
    const word = uniqueWord();
    const card = await publishCards(browser, word);
    await page.emulateMedia({ colorScheme: scheme });

    await page.goto('/exploration?tab=new');
    await expect(page.getByRole('list', { name: 'New cards' }).getByRole('article').first()).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto(`/exploration?q=${word}`);
    const tile = page.getByRole('article', { name: card.title });
    await expect(tile.locator('mark')).toHaveText(word);
    await page.getByRole('button', { name: 'Filters' }).click();
    await expect(page.getByRole('combobox', { name: 'Tag' })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await tile.getByRole('button', { name: `Preview ${card.title}` }).click();
    await expect(
      page.getByRole('dialog', { name: card.title }).getByText('tracked the blastema', { exact: false }),
    ).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
}

test('the graph view draws public cards and opens one', async ({ page, browser }) => {
  await publishCards(browser, uniqueWord());
  await page.goto('/exploration?view=graph&tag=biology');
  await expect(page.getByRole('combobox', { name: 'Tag' })).toHaveValue('biology');
  await expect(page.getByRole('heading', { level: 2, name: /^\d+ cards? and \d+ links?$/ })).toBeVisible();
  await expect(page.getByTestId('card-graph')).toHaveAttribute('data-layout', 'ready');
  const firstNode = page.locator('.react-flow__node').first();
  await firstNode.click();
  await expect(page).toHaveURL(/\/cards\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
