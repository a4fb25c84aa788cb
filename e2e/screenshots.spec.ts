import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, signUpThroughApi, test } from './fixtures.ts';

// The home, profile and Confer pages as a newcomer first sees them, at a laptop's and a phone's width, in both
// themes: full-page screenshots attached to the report (and kept in the test's output folder) for a person
// to look at, and the layout facts that once went wrong checked in numbers.

const viewports = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
] as const;

/** An ordinary name with a hyphen, long enough that the profile heading at h3 wrapped at 1280 px. */
const name = 'Ada Lovelace-Byron';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Waits until transitions and animations that end (a popover growing, a theme fading) have ended. */
async function settle(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'the element is laid out').not.toBeNull();
  return box!;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function contains(outer: Box, inner: Box): boolean {
  const slack = 0.5; // sub-pixel rounding of the boxes
  return (
    inner.x >= outer.x - slack &&
    inner.y >= outer.y - slack &&
    inner.x + inner.width <= outer.x + outer.width + slack &&
    inner.y + inner.height <= outer.y + outer.height + slack
  );
}

/** A screenshot of the whole page and one of the window (where fixed bars sit), attached to the report. */
async function shoot(page: Page, testInfo: TestInfo, label: string) {
  // A full-page screenshot keeps fixed elements where the window had them, so on a phone the bottom bar shows
  // part-way down the page; the window's own screenshot shows it where a person sees it.
  for (const [fullPage, suffix] of [
    [true, ''],
    [false, '-window'],
  ] as const) {
    const file = testInfo.outputPath(`${label}${suffix}.png`);
    await page.screenshot({ path: file, fullPage, animations: 'disabled' });
    await testInfo.attach(`${label}${suffix}`, { path: file, contentType: 'image/png' });
  }
}

/** Signs up through the form, which ends on the profile page with the welcome notice. */
async function signUpThroughForm(page: Page) {
  await page.goto('/signup?next=%2Fprofile');
  await page.getByLabel('Display name').fill(name);
  await page
    .getByLabel('Email')
    .fill(`screens-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`);
  await page.getByLabel('Password').fill('Correct-Horse-42');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/profile');
}

for (const viewport of viewports) {
  test(`at ${viewport.width} px the profile name fits, and the welcome notice leaves the profile popover and its photo whole`, async ({
    page,
    seriousA11yViolations,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    await signUpThroughForm(page);
    // The open popover hides the rest of the page from screen readers (aria-hidden), the notice included.
    const notice = page
      .getByRole('status', { includeHidden: true })
      .filter({ hasText: `Welcome to CARD WEB, ${name}.` });
    await expect(notice).toBeVisible();
    // It leaves the top bar free, and on a phone the bottom bar too.
    const noticeBox = await boxOf(notice);
    expect(overlaps(noticeBox, await boxOf(page.getByRole('banner')))).toBe(false);
    const bottomBar = page.getByRole('navigation', { name: 'Primary' });
    if ((await bottomBar.count()) > 0) expect(overlaps(noticeBox, await boxOf(bottomBar))).toBe(false);

    const heading = page.getByRole('heading', { level: 1, name });
    await expect(heading).toBeVisible();
    await expect(page.getByRole('region', { name: 'Photo', exact: true })).toBeVisible();
    const headingBox = await boxOf(heading);
    if (viewport.width >= 1280) {
      // One line: the heading is as tall as one line of its text.
      const lineHeight = await heading.evaluate((element) =>
        parseFloat(getComputedStyle(element).lineHeight),
      );
      expect(headingBox.height).toBeLessThan(lineHeight * 1.5);
    }
    // It may wrap on a phone, but never past the window's edge, and nothing scrolls sideways.
    expect(headingBox.x + headingBox.width).toBeLessThanOrEqual(viewport.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);

    await page.getByRole('button', { name: 'Open profile' }).click();
    const popover = page.getByRole('dialog', { name });
    await expect(popover.getByRole('link', { name: 'View Profile' })).toBeVisible();
    await settle(page);
    await expect(notice).toBeVisible();
    const popoverBox = await boxOf(popover);
    expect(overlaps(popoverBox, await boxOf(notice)), 'the welcome notice covers the profile popover').toBe(
      false,
    );

    // The seed's 64 px photo (here the initials in its place), whole: inside the popover at its full size, and
    // the topmost thing at its centre and just inside each edge, so nothing clips or covers it.
    const avatar = popover.locator('.MuiAvatar-root');
    const avatarBox = await boxOf(avatar);
    expect(avatarBox.width).toBeCloseTo(64, 0);
    expect(avatarBox.height).toBeCloseTo(64, 0);
    expect(contains(popoverBox, avatarBox), 'the photo lies inside the popover').toBe(true);
    const uncovered = await avatar.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const middleX = box.left + box.width / 2;
      const middleY = box.top + box.height / 2;
      const points: [number, number][] = [
        [middleX, middleY],
        [middleX, box.top + 2],
        [middleX, box.bottom - 2],
        [box.left + 2, middleY],
        [box.right - 2, middleY],
      ];
      return points.every(([x, y]) => element.contains(document.elementFromPoint(x, y)));
    });
    expect(uncovered, 'something covers part of the photo').toBe(true);
    await shoot(page, testInfo, `profile-popover-and-welcome-${viewport.width}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test(`at ${viewport.width} px a long name without spaces wraps inside the page`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const longName = 'Wolfeschlegelsteinhausenbergerdorffvoralternwaren';
    await signUpThroughApi(page, longName);
    await page.goto('/profile');
    const heading = page.getByRole('heading', { level: 1, name: longName });
    await expect(page.getByRole('region', { name: 'Photo', exact: true })).toBeVisible();
    const box = await boxOf(heading);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`home, profile and Confer at ${viewport.width} px in the ${scheme} theme: screenshots and no serious accessibility violations`, async ({
      page,
      seriousA11yViolations,
    }, testInfo) => {
      // Three pages and the popover, each photographed twice and checked by axe, on a busy two-core runner.
      test.slow();
      await page.setViewportSize(viewport);
      // Nothing is stored, so the theme follows the system's preference.
      await page.emulateMedia({ colorScheme: scheme });
      await signUpThroughApi(page, name);

      const pages = [
        { label: 'home', path: '/', ready: page.getByRole('link', { name: 'Build a card' }) },
        {
          label: 'profile',
          path: '/profile',
          ready: page.getByText('Nobody follows you yet.'),
        },
        {
          label: 'confer',
          path: '/confer',
          // Someone new lands in #general (on a phone the conversation takes the whole view).
          ready: page.getByRole('heading', { level: 2, name: '#general' }),
        },
      ];
      for (const { label, path, ready } of pages) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(ready).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
        await settle(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
        await shoot(page, testInfo, `${label}-${viewport.width}-${scheme}`);
        expect(await seriousA11yViolations(page), `${path}`).toEqual([]);
      }

      // The profile card in this theme, over the Confer page.
      await page.getByRole('button', { name: 'Open profile' }).click();
      await expect(
        page.getByRole('dialog', { name }).getByRole('link', { name: 'View Profile' }),
      ).toBeVisible();
      await settle(page);
      await shoot(page, testInfo, `profile-popover-${viewport.width}-${scheme}`);
      expect(await seriousA11yViolations(page), 'the profile popover').toEqual([]);
    });
  }
}
