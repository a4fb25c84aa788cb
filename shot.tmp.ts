import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:4300';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 860 } });
const page = await context.newPage();
page.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text()); });
page.on('response', (r) => { if (r.status() >= 400) console.log('http', r.status(), r.url()); });
page.on('pageerror', (e) => console.log('pageerror:', e.message));
const email = process.env.EMAIL ?? `shot-${Date.now()}@example.org`;
const headers = { origin: base };
let r = await page.request.post('/api/auth/sign-up/email', { data: { name: 'Ada Lovelace', email, password: 'Correct-Horse-42' }, headers });
if (r.status() !== 200) r = await page.request.post('/api/auth/sign-in/email', { data: { email, password: 'Correct-Horse-42' }, headers });
console.log('auth', r.status());
for (const path of (process.env.P ?? '/exploration').split(',')) {
  for (const [w, h] of [[1280, 860], [375, 812]]) {
    for (const scheme of ['light', 'dark'] as const) {
      if (scheme === 'dark' && w === 375) continue;
      await page.setViewportSize({ width: w, height: h });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 5000 }).catch(() => {});
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      const name = path.replace(/[^a-z]/g, '') || 'home';
      await page.screenshot({ path: `/tmp/${name}-${w}-${scheme}.png`, fullPage: process.env.FULL === '1' });
    }
  }
}
await browser.close();
