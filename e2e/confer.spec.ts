import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, ownProfile, publishCard, signUpThroughApi, test } from './fixtures.ts';

const baseURL = () => test.info().project.use.baseURL!;
let addresses = 0;

/** Someone in a browser context of their own, from a client address of their own. */
async function person(browser: Browser, name: string, width = 1280) {
  addresses++;
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: { width, height: 800 },
    extraHTTPHeaders: { 'x-forwarded-for': `203.0.113.${(addresses % 200) + 20}` },
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await signUpThroughApi(page, name);
  return { context, page, problems, ...(await ownProfile(page)) };
}

/** Waits until the page's realtime connection is subscribed. */
async function connected(page: Page) {
  await expect(page.locator('[data-realtime="open"]')).toBeVisible({ timeout: 30_000 });
}

const composer = (page: Page) => page.getByRole('textbox', { name: /^(Message|Ask|Reply)/ });
const timeline = (page: Page) => page.getByRole('region', { name: /^Messages in / });
const conversations = (page: Page) => page.getByRole('navigation', { name: 'Conversations' });

async function send(page: Page, text: string) {
  await composer(page).first().fill(text);
  await composer(page).first().press('Enter');
}

test('two people write to each other in a direct message: live messages, unread badges, typing', async ({
  page,
  browser,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpThroughApi(page, 'Ada Lovelace');
  const bob = await person(browser, 'Bob Babbage');

  // Bob waits on another page; the top bar's badge is there for him.
  await bob.page.goto('/about');
  const bobConfer = bob.page
    .getByRole('navigation', { name: 'Tools' })
    .getByRole('button', { name: /^Confer/ });
  await expect(bobConfer).toHaveAccessibleName('Confer');

  // New, Ada lands in #general, welcomed by CARD WEB; then she starts the conversation with New message.
  await page.goto('/confer');
  await connected(page);
  await expect(page.getByRole('heading', { level: 2, name: '#general' })).toBeVisible();
  await expect(timeline(page).getByText('Welcome to Confer')).toBeVisible();
  await expect(timeline(page).getByText('(system message)')).toBeVisible();
  await page.getByRole('button', { name: 'New message' }).click();
  const dialog = page.getByRole('dialog', { name: 'New message' });
  await dialog.getByRole('combobox', { name: 'To' }).fill(bob.handle);
  await page.getByRole('option', { name: new RegExp(`@${bob.handle}`) }).click();
  await dialog.getByRole('button', { name: 'Start conversation' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Bob Babbage' })).toBeVisible();
  await send(page, 'Hello **Bob**, are you there?');
  await expect(timeline(page).getByText('are you there?')).toBeVisible();

  // Bob's badge counts it without a reload.
  await expect(bobConfer).toHaveAccessibleName(/^Confer\s*, 1 unread message or mention$/);
  await bobConfer.click();
  await expect(bob.page).toHaveURL(/\/confer$/);
  const adaLink = conversations(bob.page).getByRole('link', { name: /^Ada Lovelace, Direct message/ });
  await expect(adaLink).toHaveAccessibleName('Ada Lovelace, Direct message, 1 unread');

  // Opening it reads it: the counts go in the list and in the top bar.
  await adaLink.click();
  await expect(timeline(bob.page).getByText('are you there?')).toBeVisible();
  await expect(timeline(bob.page).getByText('New messages')).toBeVisible();
  await expect(adaLink).toHaveAccessibleName('Ada Lovelace, Direct message');
  await expect(bobConfer).toHaveAccessibleName('Confer');

  // Bob types: Ada sees it, then his answer arrives live.
  await composer(bob.page).fill('Yes, I');
  await expect(page.getByText('Bob Babbage is typing…')).toBeVisible();
  await composer(bob.page).fill('Yes, I am here.');
  await composer(bob.page).press('Enter');
  await expect(timeline(page).getByText('Yes, I am here.')).toBeVisible();
  await expect(page.getByText('Bob Babbage is typing…')).toBeHidden();
  // Ada is reading this conversation, so nothing is unread for her.
  await expect(conversations(page).getByRole('link', { name: /^Bob Babbage/ })).toHaveAccessibleName(
    'Bob Babbage, Direct message',
  );

  // A new message to Bob while he is elsewhere counts again.
  await bob.page.goto('/about');
  await send(page, 'One more thing');
  await expect(bobConfer).toHaveAccessibleName(/^Confer\s*, 1 unread message or mention$/);
  expect(bob.problems).toEqual([]);
  await bob.context.close();
});

test('a channel conversation: a card embed with like and Study this, reactions, a thread, edit, delete and search', async ({
  page,
  browser,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1400, height: 900 });
  await signUpThroughApi(page, 'Ada Channel');
  const bob = await person(browser, 'Bob Channel', 1400);
  const channelName = `study-${Date.now().toString(36)}`;
  const cardId = await publishCard(page, {
    title: 'Spaced repetition',
    body: 'Review just before you forget.',
  });

  // Ada makes a channel; the server's field errors show beside the fields. She lands in #general first.
  await page.goto('/confer');
  await connected(page);
  await expect(page.getByRole('heading', { level: 2, name: '#general' })).toBeVisible();
  await page.getByRole('button', { name: 'New channel' }).click();
  const create = page.getByRole('dialog', { name: 'New channel' });
  await create.getByRole('textbox', { name: 'Name' }).fill('Not A Name!');
  await create.getByRole('button', { name: 'Create channel' }).click();
  await expect(create.getByText(/Use lower-case letters/)).toBeVisible();
  await create.getByRole('textbox', { name: 'Name' }).fill(channelName);
  await create.getByRole('textbox', { name: 'Topic (optional)' }).fill('Memory and study');
  await create.getByRole('button', { name: 'Create channel' }).click();
  await expect(page.getByRole('heading', { level: 2, name: `#${channelName}` })).toBeVisible();

  // Bob finds it, reads it before joining, then joins. New, he lands in #general first: browsing before that
  // would race the landing, which takes the page to #general once his list has loaded.
  await bob.page.goto('/confer');
  await connected(bob.page);
  await expect(bob.page.getByRole('heading', { level: 2, name: '#general' })).toBeVisible();
  await bob.page.getByRole('button', { name: 'Browse channels' }).click();
  const browse = bob.page.getByRole('dialog', { name: 'Browse channels' });
  await browse.getByRole('textbox', { name: 'Find a channel' }).fill(channelName);
  // The list narrows to the channel once the search has answered: a click before that can land on a row
  // that moves away under the pointer.
  await expect(browse.getByRole('list', { name: 'Public channels' }).getByRole('listitem')).toHaveCount(1);
  await browse.getByRole('button', { name: `Open #${channelName}` }).click();
  await expect(bob.page.getByRole('button', { name: 'Join channel' })).toBeVisible();
  await send(page, 'Before Bob joins');
  await expect(timeline(bob.page).getByText('Before Bob joins')).toBeVisible();
  await bob.page.getByRole('button', { name: 'Join channel' }).click();
  await expect(composer(bob.page)).toBeVisible();

  // A link to a card embeds it: Bob likes it and opens Study this.
  await send(page, `Read this one: ${baseURL()}/cards/${cardId}`);
  const embed = timeline(bob.page).getByRole('group', { name: 'Card: Spaced repetition' });
  await expect(embed).toBeVisible();
  await expect(embed.getByText('Review just before you forget.')).toBeVisible();
  const like = embed.getByRole('button', { name: /^Like “Spaced repetition”/ });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveAccessibleName('Like “Spaced repetition”, 1 like');
  // Ada wrote the card: she sees its count, with nothing to like.
  const ownEmbed = timeline(page).getByRole('group', { name: 'Card: Spaced repetition' });
  await page.reload();
  await connected(page);
  await expect(ownEmbed.getByText('1 like', { exact: true })).toBeVisible();
  await expect(ownEmbed.getByRole('button', { name: /^Like/ })).toHaveCount(0);
  await embed.getByRole('button', { name: 'Study this' }).click();
  const study = bob.page.getByRole('dialog', { name: 'Study “Spaced repetition”' });
  await expect(study).toBeVisible();
  await study.getByRole('button', { name: 'Done' }).click();

  // Bob reacts; Ada sees the reaction.
  const adaMessage = timeline(bob.page).getByRole('article').filter({ hasText: 'Read this one' });
  await adaMessage.hover();
  await adaMessage.getByRole('button', { name: 'Add a reaction' }).click();
  await bob.page.getByRole('menuitem', { name: 'React with 👍' }).click();
  await expect(adaMessage.getByRole('button', { name: '👍 1, including yours' })).toBeVisible();
  const onAdasSide = timeline(page).getByRole('article').filter({ hasText: 'Read this one' });
  await expect(onAdasSide.getByRole('button', { name: '👍 1' })).toBeVisible();

  // Bob replies in a thread; Ada sees the reply count and opens the thread.
  await adaMessage.hover();
  await adaMessage.getByRole('button', { name: 'Reply in thread' }).click();
  const bobThread = bob.page.getByRole('region', { name: 'Thread replies' });
  await bob.page.getByRole('textbox', { name: 'Reply in thread' }).fill('Thanks, reading it now');
  await bob.page.getByRole('textbox', { name: 'Reply in thread' }).press('Enter');
  await expect(bobThread.getByText('Thanks, reading it now')).toBeVisible();
  await onAdasSide.getByRole('button', { name: /^1 reply/ }).click();
  await expect(
    page.getByRole('region', { name: 'Thread replies' }).getByText('Thanks, reading it now'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Close the thread' }).click();

  // Ada edits a message and deletes another; Bob sees both.
  await send(page, 'Meeting at 5');
  await send(page, 'A message to take back');
  const meeting = timeline(page).getByRole('article').filter({ hasText: 'Meeting at 5' });
  await meeting.hover();
  await meeting.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const editor = timeline(page).getByRole('textbox', { name: 'Edit message' });
  await editor.fill('Meeting at 6');
  await editor.press('Enter');
  await expect(timeline(bob.page).getByText('Meeting at 6')).toBeVisible();
  await expect(timeline(bob.page).getByRole('article').filter({ hasText: 'Meeting at 6' })).toContainText(
    '(edited)',
  );
  const takeBack = timeline(page).getByRole('article').filter({ hasText: 'A message to take back' });
  await takeBack.hover();
  await takeBack.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this message?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(timeline(bob.page).getByText('This message was deleted.')).toBeVisible();
  await expect(timeline(bob.page).getByText('A message to take back')).toHaveCount(0);

  // Search finds the edited text and opens the conversation at the message.
  await bob.page.goto('/confer');
  await bob.page.getByRole('button', { name: 'Search messages' }).click();
  const search = bob.page.getByRole('dialog', { name: 'Search messages' });
  await search.getByRole('textbox', { name: 'Words' }).fill('meeting');
  // Public channels of other journeys are searchable too: keep to this one.
  await search.getByRole('combobox', { name: 'In' }).click();
  await bob.page.getByRole('option', { name: `#${channelName}` }).click();
  await search.getByRole('button', { name: 'Search' }).click();
  const result = search.getByRole('button', { name: /Meeting at 6/ });
  await expect(result.locator('mark')).toHaveText('Meeting');
  await result.click();
  await expect(bob.page).toHaveURL(/[?&]m=/);
  await expect(timeline(bob.page).getByRole('article').filter({ hasText: 'Meeting at 6' })).toBeInViewport();
  expect(bob.problems).toEqual([]);
  await bob.context.close();
});

test('the Confer page passes axe in light and dark, and on a 375 px phone the list and the conversation are separate views', async ({
  page,
  browser,
  seriousA11yViolations,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpThroughApi(page, 'Ada Axe');
  const bob = await person(browser, 'Bob Axe');
  const direct = await page.request.post('/api/confer/direct', {
    data: { keys: [bob.key] },
    headers: { origin: new URL(baseURL()).origin },
  });
  const { id } = (await direct.json()) as { id: string };

  await page.goto(`/confer?c=${id}`);
  await connected(page);
  await send(page, 'Hello @' + bob.handle + ', a **bold** word and `code`');
  await expect(timeline(page).getByText('a bold word')).toBeVisible();
  await page.getByRole('heading', { level: 1, name: 'Confer' }).waitFor();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Toggle light/dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Bob on a phone: the list first, then the conversation with a way back.
  await bob.page.setViewportSize({ width: 375, height: 740 });
  await bob.page.goto('/confer');
  await expect(conversations(bob.page)).toBeVisible();
  await conversations(bob.page)
    .getByRole('link', { name: /^Ada Axe/ })
    .click();
  await expect(conversations(bob.page)).toHaveCount(0);
  await expect(timeline(bob.page).getByText('a bold word')).toBeVisible();
  await expect(composer(bob.page)).toBeVisible();
  // The mention of Bob is marked for him.
  await expect(timeline(bob.page).getByRole('article', { name: /mentions you/ })).toBeVisible();
  const overflow = await bob.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousA11yViolations(bob.page)).toEqual([]);
  await bob.page.getByRole('button', { name: 'Back to conversations' }).click();
  await expect(conversations(bob.page)).toBeVisible();
  expect(bob.problems).toEqual([]);
  await bob.context.close();
});

// ---------------------------------------------------------------------------------------------------------
// A server of this test's own, to stop and start again.

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `node server/main.ts` on `port` and `dataDir`, resolved once healthy. */
async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      TRUST_PROXY: 'true',
      SESSION_SECRET: 'e2e-confer-restart-secret-0123456789-abcdefghij',
      SEED_DEMO: 'false',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-5000);
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited during start-up:\n${output}`);
    if (Date.now() > deadline) throw new Error(`The server was not healthy in time:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return child;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
}

async function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const stopped = await Promise.race([exited.then(() => true), sleep(20_000).then(() => false)]);
  if (!stopped) {
    child.kill('SIGKILL');
    await exited;
  }
}

test('reconnect after the server restarts: a message written while it is down is delivered once, and live messages flow again', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cardweb-confer-'));
  await fs.chmod(dataDir, 0o755);
  let server: ChildProcess | undefined;
  const contexts: BrowserContext[] = [];
  try {
    server = await startServer(port, dataDir);
    const signUp = async (name: string) => {
      const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 800 } });
      contexts.push(context);
      const page = await context.newPage();
      const email = `restart-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`;
      const response = await page.request.post('/api/auth/sign-up/email', {
        data: { name, email, password: 'Correct-Horse-42' },
        headers: { origin: url },
      });
      expect(response.status(), await response.text()).toBe(200);
      const session = (await (await page.request.get('/api/auth/get-session')).json()) as {
        user: { id: string };
      };
      return { page, key: session.user.id };
    };
    const ada = await signUp('Ada Restart');
    const bob = await signUp('Bob Restart');
    const errors: string[] = [];
    ada.page.on('pageerror', (error) => errors.push(error.message));
    const direct = await ada.page.request.post('/api/confer/direct', {
      data: { keys: [bob.key] },
      headers: { origin: url },
    });
    const { id } = (await direct.json()) as { id: string };

    await ada.page.goto(`/confer?c=${id}`);
    await connected(ada.page);
    await send(ada.page, 'Before the restart');
    await expect(timeline(ada.page).getByText('Before the restart')).toBeVisible();

    // The server stops; the page says it is reconnecting and keeps what is written meanwhile.
    await stopServer(server);
    server = undefined;
    await expect(ada.page.getByRole('status').filter({ hasText: 'Reconnecting…' })).toBeVisible();
    await send(ada.page, 'Written while the server was down');
    const pending = timeline(ada.page).getByRole('article', { name: 'Your message, pending' });
    await expect(pending).toContainText('Written while the server was down');
    await expect(pending).toContainText('it will be sent when the connection is back');

    // Back on the same port and data: the page reconnects by itself and sends the message once.
    server = await startServer(port, dataDir);
    await connected(ada.page);
    // Until the server answers, the entry shows as "sending"; it leaves the outbox only once it is stored.
    const unconfirmed = timeline(ada.page).getByRole('article', { name: /^Your message, / });
    await expect(unconfirmed).toHaveCount(0, { timeout: 30_000 });
    await expect(timeline(ada.page).getByText('Written while the server was down')).toHaveCount(1);
    const history = (await (
      await bob.page.request.get(`/api/confer/conversations/${id}/messages`)
    ).json()) as {
      items: { body: string }[];
    };
    expect(history.items.map((message) => message.body)).toEqual([
      'Before the restart',
      'Written while the server was down',
    ]);

    // And a message from Bob arrives live.
    const sent = await bob.page.request.post(`/api/confer/conversations/${id}/messages`, {
      data: { clientId: crypto.randomUUID(), body: 'Welcome back' },
      headers: { origin: url },
    });
    expect(sent.status()).toBe(201);
    await expect(timeline(ada.page).getByText('Welcome back')).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    for (const context of contexts) await context.close().catch(() => undefined);
    await stopServer(server);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});
