import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

let clients = 0;

/** Signs a new account up through the API in the page's browser context (its session cookie is set there). */
export async function signUpThroughApi(page: Page, name = 'Ada Lovelace') {
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`;
  const password = 'Correct-Horse-42';
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email, password },
    headers: { origin: new URL(test.info().project.use.baseURL!).origin },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { name, email, password };
}

/** What `publishCard` publishes; a public note with no tags unless said otherwise. */
export interface CardToPublish {
  title: string;
  body?: string;
  type?: 'note' | 'flashcard' | 'cloze' | 'code' | 'paper' | 'link';
  fields?: Record<string, unknown>;
  tags?: string[];
  visibility?: 'public' | 'unlisted' | 'private';
}

/** Publishes a card through the API as the person signed in on `page` (draft, save, publish); returns its id. */
export async function publishCard(page: Page, card: CardToPublish): Promise<string> {
  const headers = { origin: new URL(test.info().project.use.baseURL!).origin };
  const created = await page.request.post('/api/cards', { data: { title: card.title }, headers });
  expect(created.status(), await created.text()).toBe(201);
  const draft = (await created.json()) as { cardId: string; revision: number };
  const saved = await page.request.put(`/api/cards/${draft.cardId}/draft`, {
    headers,
    data: {
      title: card.title,
      body: card.body ?? '',
      type: card.type ?? 'note',
      fields: card.fields ?? {},
      tags: card.tags ?? [],
      coverURL: null,
      visibility: card.visibility ?? 'public',
      typedLinks: [],
      baseRevision: draft.revision,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const published = await page.request.post(`/api/cards/${draft.cardId}/publish`, { headers });
  expect(published.status(), await published.text()).toBe(200);
  return draft.cardId;
}

/** The address playwright.config.ts lists in ADMIN_EMAILS. */
export const adminEmail = 'e2e-admin@example.org';

/** The newest link of `mode` the development outbox holds for `email`, as the fields of its query. */
async function mailedLink(page: Page, email: string, mode: string): Promise<Record<string, string>> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const outbox = (await (await page.request.get('/api/dev/outbox')).json()) as {
        messages: { to: string; links: string[] }[];
      };
      link = outbox.messages
        .filter((message) => message.to === email)
        .flatMap((message) => message.links)
        .find((href) => href.includes(`mode=${mode}`));
      return link;
    })
    .toBeTruthy();
  return Object.fromEntries(new URL(link!).searchParams);
}

/**
 * Signs in as the administrator in the page's context. The first caller signs the account up and verifies its
 * address (ADMIN_EMAILS grants the role only to a verified address); another test arriving meanwhile signs in
 * again until the role is there, as verifying ends every session begun before it.
 */
export async function signInAsAdmin(page: Page) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const password = 'Correct-Horse-42';
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Erin Admin', email: adminEmail, password },
    headers: { origin },
  });
  if (signUp.status() === 200) {
    const link = await mailedLink(page, adminEmail, 'verifyEmail');
    const applied = await page.request.post('/api/auth/actions/apply', {
      data: { ...link, newPassword: password },
      headers: { origin },
    });
    expect(applied.status(), await applied.text()).toBe(200);
    return;
  }
  await expect
    .poll(
      async () => {
        const signIn = await page.request.post('/api/auth/sign-in/email', {
          data: { email: adminEmail, password },
          headers: { origin },
        });
        if (signIn.status() !== 200) return null;
        const session = (await (await page.request.get('/api/auth/get-session')).json()) as {
          user: { role: string };
        } | null;
        return session?.user.role ?? null;
      },
      { intervals: [1_000], timeout: 20_000 },
    )
    .toBe('admin');
}

/** The profile key and handle of the account signed in on `page`. */
export async function ownProfile(page: Page): Promise<{ key: string; handle: string }> {
  const session = (await (await page.request.get('/api/auth/get-session')).json()) as {
    user: { id: string };
  };
  const profile = (await (await page.request.get(`/api/profiles/${session.user.id}`)).json()) as {
    handle: string;
  };
  return { key: session.user.id, handle: profile.handle };
}

type Fixtures = {
  /** Page errors and console errors seen during the test; the test fails if any are left at the end. */
  pageProblems: string[];
  /** Runs axe on the page and returns the serious and critical violations. */
  seriousA11yViolations: (page: Page) => Promise<string[]>;
};

export const test = base.extend<Fixtures>({
  // A client address of its own for every test (documentation range, never routed anywhere). The empty
  // pattern is how Playwright is told the fixture depends on no other.
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, use, testInfo) => {
    clients++;
    await use({ 'x-forwarded-for': `198.51.${100 + testInfo.workerIndex}.${clients % 250}` });
  },
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        // A 4xx from our API is an answer the page shows to the person (wrong password, expired link); the
        // browser still logs it. Server errors and everything else remain failures.
        if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text()))
          return;
        problems.push(`console.error: ${message.text()}`);
      });
      await use(problems);
      expect(problems, 'the page reported errors').toEqual([]);
    },
    { auto: true },
  ],
  // Playwright reads a fixture's dependencies from its first parameter's pattern; this one has none.
  // eslint-disable-next-line no-empty-pattern
  seriousA11yViolations: async ({}, use) => {
    await use(async (page) => {
      // A theme switch is React's answer to the media query's change event, which comes a frame or two after
      // `emulateMedia`: until the page shows the mode it should, there is no fade to wait for yet, and axe
      // measured a button halfway from light to dark. The mode is the stored choice (the
      // specification's `theme` key), else the system's.
      await page.waitForFunction((key) => {
        const shown = document.documentElement.dataset.theme;
        const stored = localStorage.getItem(key);
        const wanted =
          stored === 'light' || stored === 'dark'
            ? stored
            : matchMedia('(prefers-color-scheme: dark)').matches
              ? 'dark'
              : 'light';
        return shown === undefined || shown === wanted;
      }, 'theme');
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      // Colours are checked once they have settled: a theme switch or a hover fades them for a moment, and
      // axe would measure the mixture. Endless animations (spinners) are left running.
      await page.evaluate(() =>
        Promise.race([
          Promise.all(
            document
              .getAnimations()
              .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
              .map((animation) => animation.finished.catch(() => undefined)),
          ),
          new Promise((resolve) => setTimeout(resolve, 3000)),
        ]),
      );
      const results = await new AxeBuilder({ page }).analyze();
      return results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) =>
            `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
              .map((node) => node.target.join(' '))
              .slice(0, 3)
              .join(', ')}`,
        );
    });
  },
});

export { expect };
