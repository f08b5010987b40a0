import { loadavg } from 'node:os';
import puppeteer, { type Browser } from 'puppeteer-core';
import { launchChromium, type StoredSession, signInForSpa, storeSession } from '../lib/chromium';
import { percentile } from '../lib/percentiles';
import type { MeasuredScenario } from './scenario';

/** Cold loads per run; the figures are medians, since one load on this shared machine says little. */
const LOADS = 9;

/** What React did in one commit: components drawn for the first time, and drawn again. */
interface Commit {
  atMs: number;
  mounted: number;
  rerendered: number;
}

interface ColdLoad {
  /** Navigation start to the first row of the table. */
  firstRowMs: number;
  fcpMs: number;
  /** Main-thread time until the first row (Chromium's Performance.getMetrics). */
  taskMs: number;
  scriptMs: number;
  styleMs: number;
  layoutMs: number;
  commits: Commit[];
}

/**
 * Installed before the app's scripts run: React reports every commit to the DevTools hook, and this
 * stand-in counts the components of each commit the way the React DevTools profiler does (a fiber
 * without an alternate was mounted; one with React's PerformedWork flag was rendered again), walking
 * only the subtrees the commit changed. Runs in the page, so it is plain JavaScript in a string.
 */
const COMMIT_COUNTER = `(() => {
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]); // function, class, forwardRef, memo, simple memo
  const PERFORMED_WORK = 1;
  window.__pultCommits = [];
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    isDisabled: false, supportsFiber: true, renderers: new Map(),
    inject() { return 1; }, onScheduleFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      let mounted = 0, rerendered = 0;
      const stack = [root.current];
      while (stack.length > 0) {
        const fiber = stack.pop();
        for (let child = fiber.child; child; child = child.sibling) {
          const previous = child.alternate;
          if (COMPONENT_TAGS.has(child.tag)) {
            if (!previous) mounted++;
            else if (child.flags & PERFORMED_WORK) rerendered++;
          }
          if (child.child && (!previous || child.child !== previous.child)) stack.push(child);
        }
      }
      window.__pultCommits.push({ atMs: Math.round(performance.now()), mounted, rerendered });
    },
  };
})();`;

async function coldLoad(browser: Browser, url: string, session: StoredSession): Promise<ColdLoad> {
  // A context of its own: an empty HTTP cache and storage, as on a first visit.
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({ width: 1350, height: 940 });
    await storeSession(page, url, session);
    await page.evaluateOnNewDocument(COMMIT_COUNTER);
    const cdp = await page.createCDPSession();
    await cdp.send('Performance.enable');
    const metrics = async () =>
      Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
    const before = await metrics();
    const started = Date.now();
    await page.goto(`${url}/app/users`);
    await page.waitForSelector('tbody tr[data-row-key]', { timeout: 60_000 });
    const firstRowMs = Date.now() - started;
    const after = await metrics();
    const seconds = (name: string) => Math.round(((after[name] ?? 0) - (before[name] ?? 0)) * 1000);
    const { fcpMs, commits } = await page.evaluate(() => {
      const scope = globalThis as unknown as {
        performance: { getEntriesByType(type: string): { name: string; startTime: number }[] };
        __pultCommits: Commit[];
      };
      const fcp = scope.performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint');
      return { fcpMs: Math.round(fcp?.startTime ?? 0), commits: scope.__pultCommits };
    });
    return {
      firstRowMs,
      fcpMs,
      taskMs: seconds('TaskDuration'),
      scriptMs: seconds('ScriptDuration'),
      styleMs: seconds('RecalcStyleDuration'),
      layoutMs: seconds('LayoutDuration'),
      commits,
    };
  } finally {
    await context.close();
  }
}

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), min: sorted[0] ?? 0, max: sorted.at(-1) ?? 0 };
};

/**
 * Where a signed-in first visit to the users list spends the browser's main thread, and how much of
 * it React spends drawing components again: what Lighthouse's blocking time and LCP on `/app/users`
 * are made of, measured over several cold loads instead of one audit (decision 0022).
 */
export const usersColdLoadScenario: MeasuredScenario = {
  name: 'users-cold-load',
  mode: { kind: 'measured' },
  notes: `${LOADS} cold loads of /app/users signed in (a fresh browser context each: empty HTTP cache), Debian Chromium headless at 1350×940. Medians of: time to the first table row, first contentful paint, main-thread time to the first row (task, script, style, layout: Chromium's Performance.getMetrics), and React's commits with the components each mounted and drew again (counted as the React DevTools profiler does). Component counts are the same in every load of one build; the times move with the machine's load.`,
  async run({ options }) {
    const loadBefore = loadavg()[0] ?? 0;
    const chrome = await launchChromium();
    try {
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const session = await signInForSpa(options.url, options.email, options.password);
      const loads: ColdLoad[] = [];
      for (let i = 0; i < LOADS; i++) loads.push(await coldLoad(browser, options.url, session));
      await browser.disconnect();
      const total = (load: ColdLoad, field: 'mounted' | 'rerendered') =>
        load.commits.reduce((sum, commit) => sum + commit[field], 0);
      return {
        measurements: {
          loads: LOADS,
          firstRowMs: summary(loads.map((l) => l.firstRowMs)),
          fcpMs: summary(loads.map((l) => l.fcpMs)),
          mainThreadMs: {
            task: summary(loads.map((l) => l.taskMs)),
            script: summary(loads.map((l) => l.scriptMs)),
            style: summary(loads.map((l) => l.styleMs)),
            layout: summary(loads.map((l) => l.layoutMs)),
          },
          react: {
            commits: summary(loads.map((l) => l.commits.length)),
            mounted: summary(loads.map((l) => total(l, 'mounted'))),
            rerendered: summary(loads.map((l) => total(l, 'rerendered'))),
            // One load's commits in order, to see which one draws what.
            firstLoadCommits: loads[0]?.commits ?? [],
          },
          loadAverage1m: {
            before: Math.round(loadBefore * 100) / 100,
            after: Math.round((loadavg()[0] ?? 0) * 100) / 100,
          },
        },
        met: true,
      };
    } finally {
      chrome.kill();
    }
  },
};
