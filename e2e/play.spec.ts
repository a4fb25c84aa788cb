import type { Browser } from '@playwright/test';
import { expect, publishCard, signUpThroughApi, test } from './fixtures.ts';

const origin = () => new URL(test.info().project.use.baseURL!).origin;

/** A tag no other test uses, so the deck holds exactly this test's cards. */
function uniqueTag(): string {
  return `capitals-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

const capitals = [
  ['France', 'Paris'],
  ['Japan', 'Tokyo'],
  ['Kenya', 'Nairobi'],
  ['Peru', 'Lima'],
  ['Norway', 'Oslo'],
  ['Egypt', 'Cairo'],
  ['Chile', 'Santiago'],
  ['Canada', 'Ottawa'],
  ['Vietnam', 'Hanoi'],
  ['Ghana', 'Accra'],
] as const;

/** Another person publishes ten flashcards with the tag, in a browser context of their own. */
async function publishCapitals(browser: Browser, tag: string) {
  const context = await browser.newContext({ baseURL: origin() });
  const author = await context.newPage();
  await signUpThroughApi(author, 'Gerardus Mercator');
  for (const [country, city] of capitals) {
    await publishCard(author, {
      title: `Capital of ${country}`,
      type: 'flashcard',
      fields: { front: `What is the capital of ${country}?`, back: city },
      tags: [tag],
    });
  }
  await context.close();
}

test('a student makes a deck from a tag, reviews ten cards by keyboard, sees tomorrow’s forecast change and plays Match', async ({
  page,
  browser,
}) => {
  test.slow();
  const tag = uniqueTag();
  await publishCapitals(browser, tag);
  await signUpThroughApi(page, 'Ada Student');

  // Nothing is scheduled yet.
  await page.goto('/play/stats');
  await expect(page.getByText('0 in all; 0 today, overdue included.')).toBeVisible();

  // A demanding retention: every item answered Easy now comes back tomorrow.
  await page.goto('/play');
  await page.getByRole('button', { name: 'Study settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Study settings' });
  await settings.getByRole('spinbutton', { name: 'Desired retention' }).fill('0.99');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(settings).toBeHidden();

  // A deck from the tag, through the first-deck suggestion.
  await page.goto('/play');
  await page.getByRole('button', { name: 'Study a tag' }).click();
  const dialog = page.getByRole('dialog', { name: 'New deck' });
  await dialog.getByLabel('Name').fill('World capitals');
  await dialog.getByRole('combobox', { name: 'Tags' }).fill(tag);
  await dialog.getByRole('combobox', { name: 'Tags' }).press('Enter');
  await dialog.getByRole('button', { name: 'Create deck' }).click();
  await expect(page.getByRole('heading', { name: 'World capitals' })).toBeVisible();

  // Ten new cards, each revealed with Space and graded Easy with 4.
  await page
    .getByRole('link', { name: 'Study now' })
    .or(page.getByRole('button', { name: 'Study now' }))
    .click();
  const grades = page.getByRole('group', { name: 'How well did you remember?' });
  for (let reviewed = 0; reviewed < capitals.length; reviewed++) {
    await expect(page.getByRole('button', { name: 'Show answer' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(grades.getByRole('button', { name: /Easy/ })).toBeVisible();
    const answered = page.waitForResponse(
      (response) => response.url().endsWith('/api/play/reviews') && response.request().method() === 'POST',
    );
    await page.keyboard.press('4');
    expect((await answered).status()).toBe(200);
  }
  await expect(page.getByRole('heading', { name: 'Session done' })).toBeVisible();
  await expect(page.getByText('Every grade is saved; the items come back when they are due.')).toBeVisible();

  // Tomorrow's forecast now holds the ten items, and today has its ten reviews.
  await page.goto('/play/stats');
  await expect(page.getByText('10 in all; 0 today, overdue included.')).toBeVisible();
  const forecast = page.getByRole('figure', { name: 'Reviews due in the next 30 days' });
  await forecast.getByText('Show the numbers').click();
  const rows = forecast.getByRole('table').getByRole('row');
  await expect(rows.nth(2).getByRole('cell')).toHaveText('10');
  const reviewed = await page.request.get('/api/play/stats');
  const stats = (await reviewed.json()) as { today: { reviews: number }; forecast: { due: number }[] };
  expect(stats.today.reviews).toBe(10);
  expect(stats.forecast.map((day) => day.due).slice(0, 3)).toEqual([0, 10, 0]);

  // Match: pair every question with its capital.
  await page.goto('/play');
  await page.getByRole('link', { name: 'World capitals', exact: true }).click();
  await page.getByRole('link', { name: 'Match' }).click();
  const tiles = page.getByRole('group', { name: 'Tiles' });
  await expect(tiles.getByRole('button').first()).toBeVisible();
  const questions = tiles.getByRole('button', { name: /^Question: / });
  const pairs = await questions.count();
  expect(pairs).toBeGreaterThanOrEqual(2);
  for (let i = 0; i < pairs; i++) {
    const question = questions.first();
    const text = (await question.getAttribute('aria-label')) ?? '';
    const country = capitals.find(([name]) => text.includes(name));
    expect(country, text).toBeDefined();
    await question.click();
    await tiles.getByRole('button', { name: `Answer: ${country![1]}` }).click();
  }
  await expect(page.getByText(`You matched all ${pairs} pairs in`)).toBeVisible();
  await expect(page.getByText('No misses.')).toBeVisible();
  await expect(page.getByText('New best!')).toBeVisible();
});

test('grades survive a reload and undo takes the last one back', async ({ page, browser }) => {
  const tag = uniqueTag();
  await publishCapitals(browser, tag);
  await signUpThroughApi(page, 'Bea Student');
  const created = await page.request.post('/api/play/decks', {
    headers: { origin: origin() },
    data: { name: 'Capitals', source: { kind: 'tags', tags: [tag], scope: 'everyone' } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const deck = (await created.json()) as { id: string };

  const left = page.getByRole('list', { name: 'Left in this session' });
  await page.goto(`/play/decks/${deck.id}/study`);
  await expect(left).toContainText('10 new');
  // Good on a new item starts its learning steps: it comes back in ten minutes, within this session.
  await page.getByRole('button', { name: 'Show answer' }).click();
  await page.getByRole('button', { name: /Good/ }).click();
  await expect(left).toContainText('9 new1 learning');

  // The server kept it: after a reload the learning item is first.
  await page.reload();
  await expect(left).toContainText('9 new1 learning');
  await expect(page.getByRole('region', { name: 'Question' })).toContainText(/What is the capital of/);

  // Good again graduates it; undo brings it back to its learning step.
  await page.getByRole('button', { name: 'Show answer' }).click();
  await page.getByRole('button', { name: /Good/ }).click();
  await expect(left).toContainText('9 new0 learning');
  await page.keyboard.press('Control+z');
  await expect(left).toContainText('9 new1 learning');
  const stats = (await (await page.request.get('/api/play/stats')).json()) as { today: { reviews: number } };
  expect(stats.today.reviews).toBe(1);
});

test('the Play pages of a signed-in student have no serious accessibility violations', async ({
  page,
  browser,
  seriousA11yViolations,
}) => {
  test.slow();
  const tag = uniqueTag();
  await publishCapitals(browser, tag);
  await signUpThroughApi(page, 'Cy Student');
  // A new person's Play: the first-deck panel with the popular tags.
  await page.goto('/play');
  await expect(page.getByRole('region', { name: 'Or start with a popular tag' })).toBeVisible();
  expect(await seriousA11yViolations(page), 'first-deck panel').toEqual([]);
  const created = await page.request.post('/api/play/decks', {
    headers: { origin: origin() },
    data: { name: 'Capitals', source: { kind: 'tags', tags: [tag], scope: 'everyone' } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const deck = (await created.json()) as { id: string };

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [path, heading] of [
      ['/play', 'Play'],
      [`/play/decks/${deck.id}`, 'Capitals'],
      ['/play/stats', 'Statistics'],
      [`/play/decks/${deck.id}/games/multiple-choice`, 'Multiple choice'],
      [`/play/decks/${deck.id}/games/match`, 'Match'],
      [`/play/decks/${deck.id}/games/typed`, /Typ/],
      ['/learn', 'Learn'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      // Every query answered and every transition over: axe reads colours as they are drawn at that moment.
      await page.waitForLoadState('networkidle');
      expect(await seriousA11yViolations(page), `${path} (${scheme})`).toEqual([]);
    }
    // The review screen with the answer and the grade buttons showing.
    await page.goto(`/play/decks/${deck.id}/study`);
    await page.getByRole('button', { name: 'Show answer' }).click();
    await expect(page.getByRole('group', { name: 'How well did you remember?' })).toBeVisible();
    expect(await seriousA11yViolations(page), `review screen (${scheme})`).toEqual([]);
  }
});

test('Study this puts a card into a new collection, and its deck studies it', async ({ page, browser }) => {
  const tag = uniqueTag();
  await publishCapitals(browser, tag);
  await signUpThroughApi(page, 'Dee Student');
  const search = (await (await page.request.get(`/api/cards/search?tag=${tag}&limit=50`)).json()) as {
    items: { id: string; title: string }[];
  };
  const card = search.items.find((item) => item.title === 'Capital of Peru');
  expect(card).toBeDefined();

  await page.goto(`/cards/${card!.id}`);
  await page.getByRole('button', { name: 'Study this' }).click();
  const dialog = page.getByRole('dialog', { name: 'Study “Capital of Peru”' });
  await dialog.getByRole('textbox', { name: 'New collection' }).fill('South America');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByRole('status')).toContainText('“South America” is made, with this card in it.');
  await expect(dialog.getByRole('checkbox', { name: 'South America' })).toBeChecked();
  await dialog.getByRole('link', { name: 'Your decks' }).click();

  await page.getByRole('link', { name: 'Study now: South America' }).click();
  await expect(page.getByRole('region', { name: 'Question' })).toContainText('What is the capital of Peru?');
  await page.keyboard.press('Space');
  await expect(page.getByRole('region', { name: 'Answer' })).toContainText('Lima');
  await page.keyboard.press('3');
  // Good on a new item starts its learning steps: it comes back in this session.
  await expect(page.getByRole('list', { name: 'Left in this session' })).toContainText('0 new1 learning');
});
