import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, publishCard, signUpThroughApi, test } from './fixtures.ts';

const origin = () => new URL(test.info().project.use.baseURL!).origin;

/** Publishes a public note through the API as the person signed in on `page`; returns its id. */
async function publishedCard(page: Page, title: string, body: string): Promise<string> {
  return publishCard(page, { title, body, tags: ['memory'] });
}

/** What the editor holds, read from CodeMirror's own lines. */
async function editorText(page: Page): Promise<string> {
  return page
    .locator('.cm-content')
    .evaluate((element) =>
      Array.from(element.querySelectorAll('.cm-line'), (line) => line.textContent).join('\n'),
    );
}

test('write a card with math, code, a [[link]] and an image, reload mid-edit, publish and read it', async ({
  page,
  seriousA11yViolations,
}) => {
  // Half again the config's time (90 s against the production build), however long that config allows.
  test.setTimeout(test.info().timeout * 1.5);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpThroughApi(page, 'Ada Builder');
  // A title of its own: the demo content has cards on spaced repetition already.
  const linkedTitle = `Review schedule ${Date.now().toString(36)}`;
  const linkedId = await publishedCard(page, linkedTitle, 'Review just before you forget.');

  await page.goto('/build');
  await expect(page.getByRole('heading', { level: 2, name: 'Your drafts' })).toBeVisible();
  await page.getByRole('button', { name: 'New card' }).click();
  await expect(page).toHaveURL(/\/build\?card=[0-9a-f-]{36}$/);
  const cardId = new URL(page.url()).searchParams.get('card')!;

  await page.getByRole('textbox', { name: 'Title' }).fill('The forgetting curve');
  const editor = page.getByRole('textbox', { name: 'Card text, in Markdown' });
  await editor.click();
  await page.keyboard.type('Memory fades as $R = e^{-t/S}$ after each review.\n\n');
  await page.keyboard.type('```python\nprint(round(2.71828 ** -1, 3))\n```\n\nSee [[Review sched');
  // The title comes from the server's suggestions; choosing it writes it out and closes the link. (Enter
  // works too, but CodeMirror ignores it for a moment after the list opens, which a script can hit.)
  const suggestion = page.getByRole('option', { name: new RegExp(`^${linkedTitle}`) });
  await suggestion.click();
  await expect.poll(() => editorText(page)).toContain(`See [[${linkedTitle}]]`);
  await page.keyboard.type(' for the schedule.\n\n');

  // An image through the toolbar's picker: a real PNG, uploaded, checked and resized by the server.
  const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#1e88e5' } })
    .png()
    .toBuffer();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Image' }).click();
  await (await chooser).setFiles({ name: 'curve.png', mimeType: 'image/png', buffer: png });
  await expect.poll(() => editorText(page)).toMatch(/!\[curve\]\(\/api\/files\/[0-9a-f]{64}\)/);

  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.locator('.katex').first()).toBeVisible();
  await expect(preview.locator('pre')).toContainText('print(round(2.71828 ** -1, 3))');
  await expect(preview.getByRole('link', { name: linkedTitle })).toHaveAttribute(
    'href',
    `/cards/${linkedId}`,
  );
  const image = preview.getByRole('img', { name: 'curve' });
  await expect(image).toHaveAttribute('src', /^\/api\/files\/[0-9a-f]{64}$/);
  await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(1600);
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();

  expect(await seriousA11yViolations(page)).toEqual([]);

  // Typing, then a reload before the autosave's pause is over: the device's copy brings the words back.
  await editor.press('Control+End');
  await page.keyboard.type('Typed just before the reload.');
  await page.reload();
  await expect.poll(() => editorText(page)).toContain('Typed just before the reload.');
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('The forgetting curve');
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
  const draft = (await (await page.request.get(`/api/cards/${cardId}/draft`)).json()) as { body: string };
  expect(draft.body).toContain('Typed just before the reload.');

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Published as version 1.')).toBeVisible();
  await expect(page.getByText('Published · version 1')).toBeVisible();

  // The server has every part of it.
  const card = (await (await page.request.get(`/api/cards/${cardId}`)).json()) as {
    title: string;
    body: string;
    status: string;
    version: number;
    links: { id: string; kind: string }[];
  };
  expect(card).toMatchObject({ title: 'The forgetting curve', status: 'published', version: 1 });
  expect(card.body).toContain('$R = e^{-t/S}$');
  expect(card.body).toContain('```python');
  expect(card.body).toContain(`[[${linkedTitle}]] for the schedule.`);
  expect(card.links).toContainEqual(expect.objectContaining({ id: linkedId, kind: 'wiki' }));

  await page.getByRole('link', { name: 'Open the card' }).click();
  await expect(page).toHaveURL(`/cards/${cardId}`);
  const article = page.getByRole('article');
  await expect(article.getByRole('heading', { level: 1, name: 'The forgetting curve' })).toBeVisible();
  await expect(article.locator('.katex').first()).toBeVisible();
  await expect(article.locator('pre')).toContainText('print(round(2.71828 ** -1, 3))');
  await expect(article.getByRole('link', { name: linkedTitle }).first()).toHaveAttribute(
    'href',
    `/cards/${linkedId}`,
  );
  await expect(article.getByRole('img', { name: 'curve' })).toHaveAttribute(
    'src',
    /^\/api\/files\/[0-9a-f]{64}$/,
  );
});

test('an image that is not one is refused with the server’s reason, and the text keeps no placeholder', async ({
  page,
}) => {
  await signUpThroughApi(page, 'Ada Refused');
  const created = await page.request.post('/api/cards', { data: {}, headers: { origin: origin() } });
  const { cardId } = (await created.json()) as { cardId: string };
  await page.goto(`/build?card=${cardId}`);
  await page.getByRole('textbox', { name: 'Card text, in Markdown' }).click();
  await page.keyboard.type('Notes.');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Image' }).click();
  await (
    await chooser
  ).setFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('Meeting notes, not a picture.\n'),
  });
  await expect(
    page.getByText(/“notes.png” was not uploaded\. That file is not a PNG, JPEG, WebP or GIF image/),
  ).toBeVisible();
  await expect.poll(() => editorText(page)).toBe('Notes.');
});
