import type { Page } from '@playwright/test';
import { expect, publishCard, signUpThroughApi, test } from './fixtures.ts';

/** No serious axe violation on the page, in the light theme and the dark one. */
async function axeInBothThemes(page: Page, check: (page: Page) => Promise<unknown[]>, where: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await check(page), `${where}, ${scheme} theme`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Nothing on the page is wider than the viewport. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${where} scrolls sideways`).toBeLessThanOrEqual(0);
}

test('a new person builds a post from three of their cards, revises a section, publishes it and finds it on the blog and in its feed', async ({
  page,
  seriousA11yViolations,
}) => {
  test.slow();
  await signUpThroughApi(page, 'Blog Writer');
  // A tag of this run's own, so the builder finds exactly these three cards.
  const tag = `blogrun${Date.now().toString(36)}`;
  const cards = [
    {
      title: 'Why ranking matters',
      body: 'People see only the top of a list. So the order of results decides what they find. A good ranking puts useful items first.',
    },
    {
      title: 'Scoring items',
      body: 'A ranker gives every item a score. Then it sorts the items by score. For example, a score can be the chance of a click.',
    },
    {
      title: 'Learning to rank',
      body: 'Learning to rank fits the scores to what people chose. It is a way to learn the order from clicks. See [[Scoring items]] first.',
    },
  ];
  for (const card of cards) await publishCard(page, { ...card, tags: [tag] });

  // The builder: the three cards by their tag, then the outline and the draft (the composer: no model here).
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/blog_builder');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog builder' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Find cards by' }).selectOption('Tag');
  await page.getByRole('textbox', { name: 'Tag' }).fill(tag);
  await page.getByRole('button', { name: 'Find' }).click();
  const found = page.getByRole('region', { name: 'Cards found' });
  for (const card of cards)
    await found.getByRole('checkbox', { name: new RegExp(`^${card.title} · `) }).check();
  await found.getByRole('button', { name: 'Add 3 cards' }).click();
  await expect(page.getByRole('list', { name: 'Chosen cards' }).getByRole('listitem')).toHaveCount(3);
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page).toHaveURL(/\/blog_builder\?session=[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: 'Make outline' }).click();
  const title = page.getByRole('textbox', { name: 'Title of the post' });
  await expect(title).not.toHaveValue('');
  await axeInBothThemes(page, seriousA11yViolations, 'the builder with its outline at 375 px');
  await expectNoSidewaysScroll(page, 'the builder');

  await page.getByRole('tab', { name: 'Draft' }).click();
  await page.getByRole('button', { name: 'Write draft' }).click();
  const draft = page.getByRole('article');
  await expect(draft).toBeVisible();
  // Every sentence of the composer's draft names its card: no sentence is marked as without a source.
  await expect(draft.getByRole('link', { name: /^Source 1: / }).first()).toBeVisible();
  await expect(draft.locator('mark[data-unsourced]')).toHaveCount(0);
  await expect(draft).toContainText('People see only the top of a list.');

  // Revise one section: a second version, with the changes shown.
  await page.getByRole('tab', { name: 'Revise' }).click();
  const revise = page.getByRole('form', { name: 'Revise the draft' });
  await revise.getByRole('button', { name: 'Shorter' }).click();
  const part = revise.getByRole('combobox', { name: 'Part to revise' });
  const firstSection = await part.locator('option').nth(1).textContent();
  await part.selectOption(firstSection!);
  await revise.getByRole('button', { name: 'Revise' }).click();
  await expect(page.getByRole('list', { name: 'Versions' }).getByRole('listitem')).toHaveCount(2);
  await axeInBothThemes(page, seriousA11yViolations, 'the builder after a revision at 375 px');

  // Open in the editor, then publish from there: the builder never publishes.
  await page.getByRole('button', { name: 'Open in editor' }).click();
  await expect(page).toHaveURL(/\/blog\/write\/[0-9a-f-]{36}$/);
  const postTitle = await page.getByRole('textbox', { name: 'Title' }).inputValue();
  expect(postTitle).not.toBe('');
  await axeInBothThemes(page, seriousA11yViolations, 'the editor at 375 px');
  await expectNoSidewaysScroll(page, 'the editor');
  await page.getByRole('button', { name: 'Publish' }).click();
  const publish = page.getByRole('dialog', { name: 'Publish the post' });
  await publish.getByRole('button', { name: 'Publish now' }).click();
  await page.getByRole('link', { name: 'Read the post' }).click();

  // The post: its title, its footnotes to the cards, and the blog's front page and feed list it.
  await expect(page.getByRole('heading', { level: 1, name: postTitle })).toBeVisible();
  await expect(page.getByRole('link', { name: cards[0]!.title }).first()).toBeVisible();
  await axeInBothThemes(page, seriousA11yViolations, 'the post at 375 px');
  await expectNoSidewaysScroll(page, 'the post');
  const postUrl = new URL(page.url()).pathname;

  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto('/blog');
  await expect(page.getByRole('link', { name: postTitle }).first()).toHaveAttribute('href', postUrl);
  await axeInBothThemes(page, seriousA11yViolations, 'the blog');

  const feed = await page.request.get('/blog/rss.xml');
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('application/rss+xml');
  const xml = await feed.text();
  expect(xml).toContain(`<title>${postTitle.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</title>`);
  expect(xml).toContain(`${postUrl}</link>`);

  // The server's own HTML of the post carries its preview tags, for link previews without JavaScript (the
  // production server's: in development, Vite serves the app's page).
  if (test.info().project.name === 'chromium-dev') return;
  const html = await (await page.request.get(postUrl)).text();
  expect(html).toContain('<meta property="og:type" content="article"');
  expect(html).toContain('"@type":"BlogPosting"');

  // Its head starts the post's data with the HTML, and the app takes that answer instead of asking again.
  const dataRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/blog/posts/by-slug/')) dataRequests.push(request.url());
  });
  await page.goto(postUrl);
  await expect(page.getByRole('heading', { level: 1, name: postTitle })).toBeVisible();
  // Had the app not matched the preload, its own request would have come before the post could show.
  expect(dataRequests).toHaveLength(1);
  // The text arrives after the first paint; its sections still make the contents beside it.
  await expect(page.getByRole('navigation', { name: 'Contents' }).getByRole('link').first()).toBeVisible();
});
