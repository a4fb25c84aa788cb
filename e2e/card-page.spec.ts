import type { Page } from '@playwright/test';
import { expect, signUpThroughApi, test } from './fixtures.ts';

const origin = () => new URL(test.info().project.use.baseURL!).origin;

/** Publishes a public note through the API as the person signed in on `page`; returns its id. */
async function publishNote(page: Page, title: string, body: string): Promise<string> {
  const headers = { origin: origin() };
  const created = await page.request.post('/api/cards', { data: { title }, headers });
  expect(created.status(), await created.text()).toBe(201);
  const draft = (await created.json()) as { cardId: string; revision: number };
  const saved = await page.request.put(`/api/cards/${draft.cardId}/draft`, {
    headers,
    data: {
      title,
      body,
      type: 'note',
      fields: {},
      tags: ['compilers'],
      coverURL: null,
      visibility: 'public',
      typedLinks: [],
      baseRevision: draft.revision,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const published = await page.request.post(`/api/cards/${draft.cardId}/publish`, { headers });
  expect(published.status(), await published.text()).toBe(200);
  return draft.cardId;
}

test('a reader likes a card, the like survives a reload, and a backlink leads to the card that links here', async ({
  page,
  browser,
  seriousA11yViolations,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const suffix = Math.random().toString(36).slice(2, 8);
  const target = `Compilers ${suffix}`;
  const source = `Linkers ${suffix}`;

  // One person writes two cards, the second linking to the first.
  const authorContext = await browser.newContext({
    baseURL: test.info().project.use.baseURL!,
    extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.91' },
  });
  const author = await authorContext.newPage();
  await signUpThroughApi(author, 'Grace Writes');
  const targetId = await publishNote(
    author,
    target,
    'A compiler translates a program into another language.',
  );
  const sourceId = await publishNote(author, source, `A linker joins what [[${target}]] produced.`);
  await authorContext.close();

  // Another person reads the first card.
  await signUpThroughApi(page, 'Reader Likes');
  await page.goto(`/cards/${targetId}`);
  await expect(page.getByRole('heading', { level: 1, name: target })).toBeVisible();
  await expect(page).toHaveTitle(`${target} · CARD WEB`);
  await expect(page.getByRole('button', { name: 'Follow Grace Writes' })).toBeVisible();
  const counters = page.getByTestId('card-counters');
  await expect(counters).toHaveText(/^0 likes/);

  const like = page.getByRole('button', { name: 'Like', exact: true });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(counters).toHaveText(/^1 like /);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Like', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(counters).toHaveText(/^1 like /);

  // The local graph is laid out by elkjs in its worker, under the real Content-Security-Policy.
  const graph = page.getByTestId('card-graph');
  await expect(graph).toHaveAttribute('data-layout', 'ready');
  await expect(graph.locator('.react-flow__node')).toHaveCount(2);

  expect(await seriousA11yViolations(page)).toEqual([]);

  const backlinks = page.getByRole('region', { name: 'Backlinks' });
  await backlinks.getByRole('link', { name: source }).click();
  await expect(page).toHaveURL(`/cards/${sourceId}`);
  await expect(page.getByRole('heading', { level: 1, name: source })).toBeVisible();
  // The way back is the wiki link in the text.
  await expect(page.getByRole('article').getByRole('link', { name: target })).toHaveAttribute(
    'href',
    `/cards/${targetId}`,
  );
});
