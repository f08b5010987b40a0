import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

/**
 * axe-core run inside the page, injected once per document.
 *
 * `@axe-core/playwright`'s `analyze()` injects axe's 550 kB source again on every call and, to merge
 * results across frames, opens a blank page for `axe.finishRun`: about 1.5 CPU seconds of fixed cost
 * per analysis on our 2-core machines (3.0 s for every WCAG rule on the users list, against 0.3–0.8 s
 * for the same rules run here). The accessibility sweep analyses ~70 screens, so that cost was a
 * tenth of the browser suite's CPU (docs/decisions/0025).
 *
 * Our screens have no frames. A page that has one is refused rather than half-checked: axe would
 * skip the frame's content, and the sweep should then use `@axe-core/playwright` for that page.
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * WCAG rules axe marks experimental and so leaves out of a run by tags unless asked: we ask.
 * `label-content-name-mismatch` (2.5.3, label in name): a control whose visible text is not in its
 * accessible name, as the header's «RU» button named «Язык» was, cannot be called by what it shows.
 */
export const EXPERIMENTAL_RULES = ['label-content-name-mismatch'];

export async function analyzeWithAxe(page: Page, runOnly: RunOptions['runOnly']): Promise<AxeResults> {
  const frames = page.frames().length - 1;
  if (frames > 0) throw new Error(`${page.url()} has ${frames} frame(s): analyse it with @axe-core/playwright`);
  // An in-app navigation keeps the document and axe with it; a page load needs it again.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(
    (options) =>
      (window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }).axe.run(
        document,
        options,
      ),
    {
      runOnly,
      resultTypes: ['violations'],
      // A run of named rules runs exactly those; a run by tags gets the experimental WCAG rules too.
      ...(typeof runOnly === 'object' && !Array.isArray(runOnly) && runOnly.type === 'tag'
        ? { rules: Object.fromEntries(EXPERIMENTAL_RULES.map((rule) => [rule, { enabled: true }])) }
        : {}),
    } satisfies RunOptions,
  );
}
