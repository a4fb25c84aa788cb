import type { Page } from '@playwright/test';
import { expect, publishCard, signUpThroughApi, test } from './fixtures.ts';

const origin = () => new URL(test.info().project.use.baseURL!).origin;

/** Publishes a public note through the API as the person signed in on `page`; returns its id. */
async function publishNote(page: Page, title: string, body: string): Promise<string> {
  return publishCard(page, { title, body, tags: ['compilers'] });
}

/** Publishes a second version of a note with a new body. */
async function republishNote(page: Page, id: string, body: string) {
  const headers = { origin: origin() };
  const draft = (await (await page.request.get(`/api/cards/${id}/draft`)).json()) as Record<
    string,
    unknown
  > & {
    revision: number;
    typedLinks: { targetId: string; kind: string }[];
  };
  const saved = await page.request.put(`/api/cards/${id}/draft`, {
    headers,
    data: {
      title: draft.title,
      body,
      type: draft.type,
      fields: draft.fields,
      tags: draft.tags,
      coverURL: draft.coverURL,
      visibility: draft.visibility,
      typedLinks: draft.typedLinks.map(({ targetId, kind }) => ({ targetId, kind })),
      baseRevision: draft.revision,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const published = await page.request.post(`/api/cards/${id}/publish`, { headers });
  expect(published.status(), await published.text()).toBe(200);
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
  await republishNote(author, targetId, 'A compiler translates a whole program into another language.');
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

  // Two versions to compare: the changes are marked, and all of it passes axe.
  const history = page.getByRole('region', { name: 'Version history' });
  await history.getByRole('button', { name: 'Show changes' }).click();
  const changes = history.getByRole('region', { name: 'Changes from version 1 to version 2' });
  await expect(changes.locator('ins')).toContainText('[added: whole');

  expect(await seriousA11yViolations(page)).toEqual([]);
  // An unselected toggle keeps its contrast on the hover background too.
  await history.getByRole('button', { name: 'Lines' }).hover();
  expect(await seriousA11yViolations(page)).toEqual([]);

  const backlinks = page.getByRole('region', { name: 'Backlinks' });
  await backlinks.getByRole('link', { name: source }).click();
  await expect(page).toHaveURL(`/cards/${sourceId}`);
  await expect(page.getByRole('heading', { level: 1, name: source })).toBeVisible();
  // The way back is the wiki link in the text.
  await expect(page.getByRole('article').getByRole('link', { name: target, exact: true })).toHaveAttribute(
    'href',
    `/cards/${targetId}`,
  );
});
