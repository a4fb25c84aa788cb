import { expect, signUpThroughApi, test } from './fixtures.ts';

test('a new person picks topics, likes three cards and For you becomes theirs; the debug page says why; Not interested removes a card', async ({
  page,
}) => {
  await signUpThroughApi(page, 'Nova Learner');
  // Explore opens on Trending until For you is about them; For you says what it needs.
  await page.goto('/exploration');
  await expect(page.getByRole('tab', { name: 'Trending' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'For you' }).click();
  const notice = page.getByRole('note');
  await expect(notice).toContainText('Not personal yet: like, study or write 3 more cards');

  // The first-run picker: the demo's most used topic.
  const picker = page.getByRole('region', { name: 'Start with a few topics' });
  await picker.getByRole('button', { name: '#recsys', exact: true }).click();
  await picker.getByRole('button', { name: 'Show my feed' }).click();
  await expect(picker).toHaveCount(0);
  const list = page.getByRole('list', { name: 'For you cards' });
  const tiles = list.getByRole('article');
  await expect(tiles.first()).toContainText('Popular in #recsys');
  await expect(notice).toContainText('Until then, popular cards in your topics.');
  const coldTitles = await tiles.getByRole('heading').allTextContents();

  // Three likes, on the cards' own pages.
  const liked: string[] = [];
  for (const index of [0, 1, 2]) {
    const link = tiles.nth(index).getByRole('heading').getByRole('link');
    liked.push((await link.textContent())!.trim());
    const href = (await link.getAttribute('href'))!;
    await page.goto(href);
    const like = page.getByRole('button', { name: 'Like', exact: true });
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/exploration?tab=for-you');
  }

  // Now it is personal, and Explore opens on it: no notice, other cards, none of those just liked.
  await page.goto('/exploration');
  await expect(page.getByRole('tab', { name: 'For you' })).toHaveAttribute('aria-selected', 'true');
  await expect(tiles.first()).toBeVisible();
  await expect(notice).toHaveCount(0);
  const personalTitles = await tiles.getByRole('heading').allTextContents();
  expect(personalTitles).not.toEqual(coldTitles);
  for (const title of liked) expect(personalTitles).not.toContain(title);
  const firstTitle = personalTitles[0]!.trim();
  const firstReason = (await tiles.first().locator('p').first().textContent())!.trim();
  expect(firstReason).not.toBe('');

  // The debug page explains the first card: its reason, and every feature that made its score.
  await page.goto('/recommendation_debug');
  const feed = page.getByRole('table', { name: 'Feed, in order' });
  const row = feed
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: firstTitle, exact: true }) });
  await expect(row).toContainText(firstReason);
  await row.getByRole('button', { name: `Features of ${firstTitle}` }).click();
  const features = page.getByRole('table', { name: `Features of ${firstTitle}` });
  for (const name of ['Neighbours (source score)', 'Quality', 'Freshness'])
    await expect(features).toContainText(name);

  // Not interested: the card leaves at once, and stays away.
  await page.goto('/exploration');
  const tile = list.getByRole('article', { name: firstTitle });
  await tile.getByRole('button', { name: `Not interested in “${firstTitle}”` }).click();
  await page.getByRole('menuitem', { name: 'Not interested in this card' }).click();
  await expect(tile).toHaveCount(0);
  await expect(page.getByText('Got it — you’ll see less of this')).toBeVisible();
  await page.reload();
  await expect(tiles.first()).toBeVisible();
  await expect(list.getByRole('article', { name: firstTitle })).toHaveCount(0);

  // Settings lists it, with Undo.
  await page.goto('/settings');
  await expect(page.getByRole('region', { name: 'Your feed' })).toContainText(firstTitle);
});
