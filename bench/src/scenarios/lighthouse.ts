import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer, { type Page } from 'puppeteer-core';
import { launchChromium, signInForSpa, storeSession } from '../lib/chromium';
import type { MeasuredScenario } from './scenario';

const TARGET_SCORE = 95;

interface PageResult {
  score: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  cls: number;
  /** What was transferred (compressed), in kB. */
  totalKb: number;
  scriptKb: number;
  scriptRequests: number;
  /** The elements that moved, biggest shift first (what CLS is made of). */
  layoutShifts: { element: string; score: number }[];
  /** The element painted as the largest, and when (what LCP waits for). */
  lcpElement: string;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** The LCP element's selector and text (Lighthouse 13 lists it in its LCP breakdown insight). */
const lcpElementOf = (lhr: Lhr): string => {
  const details = lhr.audits['lcp-breakdown-insight']?.details as
    | { items?: { type?: string; selector?: string; nodeLabel?: string }[] }
    | undefined;
  const node = details?.items?.find((item) => item.type === 'node');
  return node ? `${node.selector ?? '?'} «${(node.nodeLabel ?? '').slice(0, 40)}»` : '?';
};

const summarize = (lhr: Lhr): PageResult => {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items =
    (
      lhr.audits['resource-summary']?.details as
        | { items?: { resourceType: string; transferSize: number; requestCount: number }[] }
        | undefined
    )?.items ?? [];
  const script = items.find((item) => item.resourceType === 'script');
  const total = items.find((item) => item.resourceType === 'total');
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    fcpMs: Math.round(audit('first-contentful-paint')),
    cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
    totalKb: Math.round((total?.transferSize ?? 0) / 100) / 10,
    scriptKb: Math.round((script?.transferSize ?? 0) / 100) / 10,
    scriptRequests: script?.requestCount ?? 0,
    layoutShifts: (
      (
        lhr.audits['layout-shifts']?.details as
          | { items?: { node?: { selector?: string; nodeLabel?: string }; score: number }[] }
          | undefined
      )?.items ?? []
    )
      .slice(0, 5)
      .map((item) => ({
        element: item.node?.selector ?? item.node?.nodeLabel ?? '?',
        score: Math.round(item.score * 1000) / 1000,
      })),
    lcpElement: lcpElementOf(lhr),
  };
};

/** A cold load (empty HTTP cache) of one page, audited with Lighthouse's desktop preset. */
async function audit(page: Page, port: number, url: string): Promise<PageResult> {
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  const result = await lighthouse(
    url,
    // Storage is kept (the session is in localStorage); the cache was emptied above instead.
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
    desktopConfig,
    page,
  );
  if (!result) throw new Error(`lighthouse: no result for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`lighthouse: ${result.lhr.runtimeError.message}`);
  // The whole report (every audit, the critical chains, the long tasks) for a closer look.
  const reportDir = process.env.BENCH_LIGHTHOUSE_REPORTS;
  if (reportDir) {
    await mkdir(reportDir, { recursive: true });
    await writeFile(join(reportDir, `${new URL(url).pathname.replaceAll('/', '_')}.json`), JSON.stringify(result.lhr));
  }
  return summarize(result.lhr);
}

/**
 * Lighthouse (desktop preset) on the login page and, signed in, on the users list and the home screen: the performance
 * score, LCP, TBT and the bytes the browser downloads. Debian's Chromium (CHROME_PATH, default
 * /usr/bin/chromium), headless. The machine's load moves the timings: quote the score with `uptime`.
 */
export const lighthouseScenario: MeasuredScenario = {
  name: 'lighthouse',
  mode: { kind: 'measured' },
  target: { performance: TARGET_SCORE },
  notes:
    'Lighthouse 13, desktop preset, Chromium headless, cold HTTP cache: /auth/login signed out, then /app/users and /app/home with the session in localStorage as the SPA keeps it. Scores move with the machine load.',
  async run({ options }) {
    // The machine's load moves every timing here; the result keeps it next to the scores.
    const loadBefore = loadavg()[0];
    const chrome = await launchChromium();
    try {
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const page = await browser.newPage();
      const login = await audit(page, chrome.port, `${options.url}/auth/login`);

      await storeSession(page, options.url, await signInForSpa(options.url, options.email, options.password));
      const users = await audit(page, chrome.port, `${options.url}/app/users`);
      const home = await audit(page, chrome.port, `${options.url}/app/home`);
      await browser.disconnect();
      return {
        measurements: {
          login,
          users,
          home,
          loadAverage1m: {
            before: Math.round((loadBefore ?? 0) * 100) / 100,
            after: Math.round((loadavg()[0] ?? 0) * 100) / 100,
          },
        },
        met: [login, users, home].every((result) => result.score >= TARGET_SCORE),
      };
    } finally {
      chrome.kill();
    }
  },
};
