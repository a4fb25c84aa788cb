import { expect, signUpThroughApi, test } from './fixtures.ts';

// The cards issue's journey end to end, across two people: one writes and publishes in /build, the other finds
// the card by search in Explore, likes it, and follows its link and backlink.
test('write and publish a card, find it by search, like it from another account, follow its backlink', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const word = `zymurgy${Math.random().toString(36).slice(2, 7)}`;
  const targetTitle = `Fermentation ${word}`;
  const sourceTitle = `Brewing ${word}`;

  await signUpThroughApi(page, 'Journey Writer');
  for (const [title, text] of [
    [targetTitle, 'Yeast turns sugar into alcohol and carbon dioxide.'],
    [sourceTitle, `Brewing depends on [[${targetTitle}]]; the math: $x^2$.`],
  ] as const) {
    await page.goto('/build');
    await page.getByRole('button', { name: 'New card' }).click();
    await expect(page).toHaveURL(/\/build\?card=[0-9a-f-]{36}$/);
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await page.getByRole('textbox', { name: 'Card text, in Markdown' }).click();
    await page.keyboard.type(text);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText('Published as version 1.')).toBeVisible();
  }

  const reader = await browser.newContext({
    baseURL: test.info().project.use.baseURL!,
    viewport: { width: 1280, height: 900 },
    extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.95' },
  });
  const readerPage = await reader.newPage();
  await signUpThroughApi(readerPage, 'Journey Reader');
  await readerPage.goto('/exploration');
  await readerPage.getByRole('searchbox', { name: 'Search cards' }).fill(word);
  await readerPage.keyboard.press('Enter');
  const results = readerPage.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('article')).toHaveCount(2);
  await expect(results.locator('mark').first()).toContainText(word);
  await results.getByRole('article', { name: sourceTitle }).getByRole('link', { name: sourceTitle }).click();

  await expect(readerPage.getByRole('heading', { level: 1, name: sourceTitle })).toBeVisible();
  const like = readerPage.getByRole('button', { name: 'Like', exact: true });
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(readerPage.getByTestId('card-counters')).toHaveText(/^1 like /);

  // The link in the text leads to the card it names, which shows where it is linked from.
  await readerPage.getByRole('article').getByRole('link', { name: targetTitle, exact: true }).click();
  await expect(readerPage.getByRole('heading', { level: 1, name: targetTitle })).toBeVisible();
  const backlinks = readerPage.getByRole('region', { name: 'Backlinks' });
  await backlinks.getByRole('link', { name: sourceTitle }).click();
  await expect(readerPage.getByRole('heading', { level: 1, name: sourceTitle })).toBeVisible();
  await reader.close();

  // The like reached the author's profile.
  await page.goto('/profile');
  await expect(page.locator('dt', { hasText: /^Likes$/ }).locator('xpath=following-sibling::dd')).toHaveText(
    '1',
  );
});
