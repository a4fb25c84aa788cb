import type { Page } from '@playwright/test';
import { expect, signUpThroughApi, test } from './fixtures.ts';

/** The loopback git host of this run (e2e/support/git-host.ts), set by the Playwright configuration. */
const gitUrl = process.env.E2E_EXTRACTOR_GIT_URL;

/** No serious axe violation on the page, in the light theme and the dark one. */
async function axeInBothThemes(page: Page, check: (page: Page) => Promise<unknown[]>, where: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await check(page), `${where}, ${scheme} theme`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a person previews a repository, leaves out its largest folder, extracts it in parts and downloads part 2', async ({
  page,
  seriousA11yViolations,
}) => {
  expect(gitUrl, 'the git host address').toBeTruthy();
  await signUpThroughApi(page, 'Repository Reader');
  await page.goto('/github_extractor');
  await expect(page.getByRole('heading', { level: 1, name: 'Repository extractor' })).toBeVisible();
  await axeInBothThemes(page, seriousA11yViolations, 'the empty extractor');

  await page.getByLabel('Repository address').fill(`${gitUrl}/team/atlas`);
  await page.getByRole('button', { name: 'Preview', exact: true }).click();

  // The preview: the tree with estimated tokens, and the largest folder first among the suggestions.
  const preview = page.getByRole('region', { name: /preview/i });
  await expect(preview).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/≈/).first()).toBeVisible();
  const total = async () =>
    Number((await page.getByText(/tokens with these choices/).innerText()).replace(/\D/g, ''));
  const before = await total();
  await page.getByRole('checkbox', { name: 'Exclude fixtures', exact: true }).check();
  await expect.poll(total).toBeLessThan(before / 2);
  await axeInBothThemes(page, seriousA11yViolations, 'the preview');

  // Split into parts small enough that the rest makes two or more.
  await page.getByRole('button', { name: /options/i }).click();
  await page.getByLabel('Split into parts').check();
  await page.getByLabel('Tokens per part').fill('1000');
  await page.getByRole('button', { name: 'Extract with these choices' }).click();

  const parts = page.getByRole('list', { name: 'Parts' });
  await expect(parts).toBeVisible({ timeout: 30_000 });
  await expect(parts.getByRole('listitem')).not.toHaveCount(1);
  expect(await parts.getByRole('listitem').count()).toBeGreaterThan(1);
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: /Download part 2/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^team-atlas\.part-2-of-\d+\.md$/);
  const text = await (await download.createReadStream()).toArray();
  const body = Buffer.concat(text).toString('utf8');
  expect(body).toMatch(/^# Part 2 of \d+ of team\/atlas at main/);
  expect(body).not.toContain('fixtures/world.ts\n');
  await axeInBothThemes(page, seriousA11yViolations, 'the document');

  // Module cards: made once, each linked to its card page and to the code visualiser.
  const cardsSection = page.getByRole('region', { name: 'Module cards' });
  await cardsSection.getByRole('button', { name: 'Make cards' }).click();
  const made = cardsSection.getByRole('list', { name: 'Cards made' });
  await expect(made.getByRole('link', { name: 'team/atlas', exact: true })).toBeVisible();
  await expect(made.getByRole('link', { name: 'Open in the visualiser' }).first()).toHaveAttribute(
    'href',
    /^\/code_visualizer\?extraction=[0-9a-f-]+&path=/,
  );
  await axeInBothThemes(page, seriousA11yViolations, 'the document with its module cards');

  // The history keeps both runs; reloading opens the same extraction, cards and all.

  await page.reload();
  await expect(page.getByRole('list', { name: 'Parts' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Cards made' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your extractions' }).getByRole('listitem')).toHaveCount(2);
});

test('a module card made by the extractor reads as a card, linked to the repository', async ({ page }) => {
  await signUpThroughApi(page, 'Card Maker');
  const started = await page.request.post('/api/extractor/extractions', {
    data: { source: { kind: 'git', url: `${gitUrl}/team/atlas` }, mode: 'document' },
    headers: {
      origin: new URL(page.url() === 'about:blank' ? test.info().project.use.baseURL! : page.url()).origin,
    },
  });
  expect(started.status()).toBe(202);
  const { id } = (await started.json()) as { id: string };
  await page.goto(`/github_extractor?extraction=${id}`);
  const cardsSection = page.getByRole('region', { name: 'Module cards' });
  await cardsSection.getByRole('button', { name: 'Make cards' }).click({ timeout: 30_000 });
  await cardsSection.getByRole('link', { name: 'team/atlas · src' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'team/atlas · src' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open in the code visualiser' })).toHaveAttribute(
    'href',
    new RegExp(`^/code_visualizer\\?extraction=${id}&path=src$`),
  );
});

test('a person compares a release with the one before and reads what changed, with each diff', async ({
  page,
  seriousA11yViolations,
}) => {
  await signUpThroughApi(page, 'Release Reader');
  await page.goto('/github_extractor');
  await page.getByLabel('Repository address').fill(`${gitUrl}/team/compass`);
  await page.getByRole('textbox', { name: 'Compare with' }).fill('v1');
  await page.getByRole('button', { name: 'Extract now' }).click();

  const changes = page.getByRole('region', { name: 'Changes' });
  await expect(changes.getByRole('list', { name: 'Changed files' }).getByRole('listitem')).toHaveText(
    [
      /^src\/east\.ts\s*added, \+1 −0$/,
      /^src\/legacy\.ts\s*deleted, \+0 −1$/,
      /^src\/north\.ts\s*modified, \+1 −0$/,
    ],
    { timeout: 30_000 },
  );
  await expect(page.getByText(/^v1 @ [0-9a-f]{7} → main @ [0-9a-f]{7}$/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Module cards' })).toHaveCount(0);
  await axeInBothThemes(page, seriousA11yViolations, 'a comparison');

  // The document: the changed files as they are now, then the diff of each.
  const part = await page.request.get(
    `/api/extractor/extractions/${new URL(page.url()).searchParams.get('extraction')}/parts/1`,
  );
  const text = await part.text();
  expect(text).toContain('### src/east.ts\n');
  expect(text).not.toContain('### README.md');
  expect(text).toContain('### src/legacy.ts (diff)\n\n```diff\n--- a/src/legacy.ts\n+++ /dev/null');
  expect(text).toContain('+export const south = 180;');
});
