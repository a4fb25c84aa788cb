import { chromium, type Browser } from 'playwright-core';
import { chromiumArgs } from '../e2e/support/chromium.ts';
import { spread, type Figure } from './lib/report.ts';

const RUNS = 5;
const VIEWPORT = { width: 1280, height: 800 };
// After `load` the router still fetches the home page's chunk and React renders it; LCP can land then.
const NETWORK_IDLE_TIMEOUT_MS = 10_000;
const SETTLE_MS = 500;

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
    // Playwright's own handlers would exit the process on Ctrl-C before run.ts has stopped the server.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}

/** What one cold load of a page measured. */
export type ColdSample = {
  lcpMs: number;
  lcpElement: string;
  domContentLoadedMs: number;
  loadMs: number;
  jsBytes: number;
  scriptCount: number;
};

/** Runs in the page: reads the paint, navigation and resource timings the browser recorded. */
async function readTimings() {
  const lcp = await new Promise<LargestContentfulPaint | undefined>((resolve) => {
    let last: LargestContentfulPaint | undefined;
    const observer = new PerformanceObserver((list) => {
      last = (list.getEntries().at(-1) as LargestContentfulPaint | undefined) ?? last;
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    // Buffered entries are delivered to the callback on a later task; give it one, then take any stragglers.
    setTimeout(() => {
      last = (observer.takeRecords().at(-1) as LargestContentfulPaint | undefined) ?? last;
      observer.disconnect();
      resolve(last);
    }, 50);
  });
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
    (entry) => entry.initiatorType === 'script' || /\.m?js$/.test(new URL(entry.name).pathname),
  );
  const element = lcp?.element;
  return {
    lcpMs: lcp ? lcp.startTime : null,
    lcpElement: element
      ? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} (${Math.round(lcp.size)} px²)`
      : '',
    domContentLoadedMs: navigation ? navigation.domContentLoadedEventEnd : null,
    loadMs: navigation ? navigation.loadEventEnd : null,
    jsBytes: scripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
    scriptCount: scripts.length,
  };
}

/** One load of `url` in a fresh browser context with the HTTP cache disabled, its timings read in the page. */
export async function loadCold(browser: Browser, url: string): Promise<ColdSample & { encodings: string[] }> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    // Brotli is what Chromium would pick; gzip keeps the figure comparable with e2e/bundle-size.spec.ts.
    extraHTTPHeaders: { 'accept-encoding': 'gzip' },
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const encodings = new Set<string>();
    page.on('response', (response) => {
      if (/\.m?js$/.test(new URL(response.url()).pathname)) {
        encodings.add(response.headers()['content-encoding'] ?? 'identity');
      }
    });

    const response = await page.goto(url, { waitUntil: 'load' });
    if (!response?.ok()) throw new Error(`GET ${url} answered ${response?.status() ?? 'nothing'}`);
    await page.waitForLoadState('networkidle', { timeout: NETWORK_IDLE_TIMEOUT_MS }).catch(() => {
      // Something keeps the network busy; the settle below still bounds the wait.
    });
    await page.waitForTimeout(SETTLE_MS);
    const timings = await page.evaluate(readTimings);
    if (timings.lcpMs === null) throw new Error(`No largest-contentful-paint entry was recorded for ${url}`);
    if (timings.domContentLoadedMs === null || timings.loadMs === null) {
      throw new Error(`No navigation timing entry was recorded for ${url}`);
    }
    return {
      lcpMs: timings.lcpMs,
      lcpElement: timings.lcpElement,
      domContentLoadedMs: timings.domContentLoadedMs,
      loadMs: timings.loadMs,
      jsBytes: timings.jsBytes,
      scriptCount: timings.scriptCount,
      encodings: [...encodings],
    };
  } finally {
    await context.close();
  }
}

export type ColdLoadResult = {
  figures: Figure[];
  samples: ColdSample[];
  lcpElements: string[];
  encodings: string[];
};

/**
 * Loads `/` RUNS times, each in a fresh browser context with the HTTP cache disabled, after one discarded
 * warm-up load (it pays the server's first-request costs, which are not what a cold browser measures).
 */
export async function measureColdLoad(browser: Browser, baseUrl: string): Promise<ColdLoadResult> {
  const url = `${baseUrl}/`;
  await loadCold(browser, url);
  const samples: ColdSample[] = [];
  const encodings = new Set<string>();
  for (let run = 0; run < RUNS; run++) {
    const sample = await loadCold(browser, url);
    sample.encodings.forEach((encoding) => encodings.add(encoding));
    samples.push(sample);
  }

  const benchmark = `Cold load of / (${RUNS} runs)`;
  const of = (key: keyof Omit<ColdSample, 'lcpElement'>) => spread(samples.map((sample) => sample[key]));
  const figures: Figure[] = [
    {
      id: 'coldLoad.lcpMs',
      benchmark,
      name: 'Largest Contentful Paint',
      unit: 'ms',
      better: 'lower',
      ...of('lcpMs'),
    },
    {
      id: 'coldLoad.domContentLoadedMs',
      benchmark,
      name: 'DOMContentLoaded',
      unit: 'ms',
      better: 'lower',
      ...of('domContentLoadedMs'),
    },
    { id: 'coldLoad.loadMs', benchmark, name: 'load', unit: 'ms', better: 'lower', ...of('loadMs') },
    {
      id: 'coldLoad.jsBytes',
      benchmark,
      name: 'JavaScript transferred (gzip)',
      unit: 'bytes',
      better: 'lower',
      ...of('jsBytes'),
    },
    {
      id: 'coldLoad.scriptCount',
      benchmark,
      name: 'Scripts loaded',
      unit: 'count',
      better: 'lower',
      ...of('scriptCount'),
    },
  ];
  return {
    figures,
    samples,
    lcpElements: [...new Set(samples.map((sample) => sample.lcpElement))],
    encodings: [...encodings],
  };
}
