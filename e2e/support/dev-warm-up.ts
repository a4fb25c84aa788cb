import { chromium, type FullConfig } from '@playwright/test';
import { chromiumArgs } from './chromium.ts';

/**
 * Global setup of e2e/playwright.dev.config.ts. Vite's dev server answers as soon as it listens, but compiles
 * each module the first time a browser asks for it, which on a busy machine takes longer than a test should
 * wait. This opens the pages the journeys use once, as a visitor, and waits for each to render (its heading),
 * so the tests start on a warm server; it also checks that /api reaches the API through Vite's proxy.
 */
export default async function warmUp(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error('The dev config names no baseURL');
  const health = await fetch(new URL('/api/health', baseURL));
  if (!health.ok) throw new Error(`/api/health through Vite's proxy answered ${health.status}`);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  try {
    const page = await browser.newPage({ baseURL });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // Each page, and on the home page the content that follows its first paint (a level-2 heading of it).
    for (const [path, heading, content] of [
      ['/', null, 'Trending'],
      ['/signup', null, null],
      ['/play', 'Play', null],
      ['/confer', 'Confer', null],
      ['/build', null, null],
      ['/exploration', 'Explore', null],
      ['/recommendation_debug', 'Recommendation debug', null],
      ['/settings', 'Settings', null],
    ] as const) {
      await page.goto(path);
      const h1 = page.getByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) });
      // The first visit compiles the shell, the router and the page's chunk with everything it imports.
      await h1.first().waitFor({ timeout: 180_000 });
      if (content) await page.getByRole('heading', { level: 2, name: content }).waitFor({ timeout: 180_000 });
    }
    if (errors.length > 0) throw new Error(`The development build failed to render:\n${errors.join('\n')}`);
  } finally {
    await browser.close();
  }
}
