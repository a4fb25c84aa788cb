import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import type { Figure } from './lib/report.ts';
import { call, signUp } from './play.ts';

type Log = (line: string) => void;

const TAG = 'world-capitals';
const CAPITALS = [
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
  ['Mexico', 'Mexico City'],
  ['India', 'New Delhi'],
] as const;

/**
 * The keystroke-level model's times for one action by a practised user (Card, Moran and Newell): pointing
 * at a target and clicking it, one keystroke, and the moment of thought before each new step. They turn the
 * counted actions into an estimate of the person's time, which the script's own speed says nothing about.
 */
const KLM = { pointAndClickS: 1.1 + 0.2, keystrokeS: 0.28, mentalS: 1.35 };

/** Someone else's public cards with the tag, so the new person has something to study. */
async function publishCapitals(baseUrl: string) {
  const author = await signUp(baseUrl, 'Bench Author');
  for (const [country, city] of CAPITALS) {
    const draft = await call<{ cardId: string; revision: number }>(baseUrl, author, 'POST', '/api/cards', {
      title: `Capital of ${country}`,
    });
    await call(baseUrl, author, 'PUT', `/api/cards/${draft.cardId}/draft`, {
      title: `Capital of ${country}`,
      body: '',
      type: 'flashcard',
      fields: { front: `What is the capital of ${country}?`, back: city },
      tags: [TAG],
      coverURL: null,
      visibility: 'public',
      typedLinks: [],
      baseRevision: draft.revision,
    });
    await call(baseUrl, author, 'POST', `/api/cards/${draft.cardId}/publish`);
  }
}

/** Counts what the person does: clicks, keys pressed, and the steps that each need a moment of thought. */
class Actions {
  clicks = 0;
  keystrokes = 0;
  steps = 0;
  private readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }

  async click(role: Parameters<Page['getByRole']>[0], name: string) {
    this.steps++;
    this.clicks++;
    await this.page.getByRole(role, { name, exact: true }).first().click();
  }

  async press(key: string) {
    this.steps++;
    this.keystrokes++;
    await this.page.keyboard.press(key);
  }

  /** The keystroke-level model's estimate of a person's time for the counted actions. */
  estimateSeconds(): number {
    return this.clicks * KLM.pointAndClickS + this.keystrokes * KLM.keystrokeS + this.steps * KLM.mentalS;
  }
}

/**
 * A new person, from the end of sign-up (the page after "Create account") to their first graded review, in
 * Chromium driven the way a person would: Play in the top bar, the popular tag offered for a first deck,
 * "Study now", Space to see the answer, 3 for Good. Reports the clicks and keys that took, the script's
 * own time for them (the app's share: pages, requests, rendering), and the keystroke-level model's estimate
 * of a person's time. Target: under 60 s of a person's steps.
 */
export async function measureFirstReview(browser: Browser, baseUrl: string, log: Log): Promise<Figure[]> {
  await publishCapitals(baseUrl);
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto('/signup');
    await page.getByRole('textbox', { name: 'Display name' }).fill('New Student');
    await page
      .getByRole('textbox', { name: 'Email' })
      .fill(`student-${randomUUID().slice(0, 8)}@example.org`);
    await page.getByLabel('Password').fill('Correct-Horse-42');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/signup'));
    await page.getByRole('heading', { level: 1 }).waitFor();

    const actions = new Actions(page);
    const started = performance.now();
    await actions.click('button', 'Play');
    await actions.click('button', `${TAG} (${CAPITALS.length} cards)`);
    await actions.click('link', 'Study now');
    await page.getByRole('button', { name: 'Show answer' }).waitFor();
    await actions.press('Space');
    await page.getByRole('group', { name: 'How well did you remember?' }).waitFor();
    const graded = page.waitForResponse(
      (response) => response.url().endsWith('/api/play/reviews') && response.request().method() === 'POST',
    );
    await actions.press('3');
    const response = await graded;
    if (response.status() !== 200) throw new Error(`the first grade answered ${response.status()}`);
    const scriptedMs = performance.now() - started;
    const estimateS = actions.estimateSeconds();
    log(
      `  first review: ${actions.clicks} clicks, ${actions.keystrokes} keys, ${actions.steps} steps; ` +
        `the app took ${(scriptedMs / 1000).toFixed(1)} s of them; a person about ${estimateS.toFixed(0)} s`,
    );
    const benchmark = 'Play: a new person from the end of sign-up to the first graded review';
    return [
      {
        id: 'play.firstReview.clicks',
        benchmark,
        name: 'Clicks',
        unit: 'count',
        better: 'lower',
        value: actions.clicks,
      },
      {
        id: 'play.firstReview.keystrokes',
        benchmark,
        name: 'Keys pressed',
        unit: 'count',
        better: 'lower',
        value: actions.keystrokes,
      },
      {
        id: 'play.firstReview.scripted',
        benchmark,
        name: 'Scripted run (the app’s time)',
        unit: 'ms',
        better: 'lower',
        value: scriptedMs,
      },
      {
        id: 'play.firstReview.estimate',
        benchmark,
        name: 'A person’s time (keystroke-level model)',
        unit: 'ms',
        better: 'lower',
        value: estimateS * 1000,
      },
    ];
  } finally {
    await context.close();
  }
}
