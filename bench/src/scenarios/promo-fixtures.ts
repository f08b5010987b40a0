import type { PromoSeries } from '@pult/contract';
import type { FetchClient } from '../lib/api';
import { waitFor } from '../lib/wait';

/** An enabled plan to hang bench series on (the API refuses disabled ones). */
export async function enabledPlanId(api: FetchClient): Promise<number> {
  const plans = await api.plans.list();
  const plan = plans.items.find((p) => p.enabled);
  if (!plan) throw new Error('no enabled plan: seed the database first');
  return plan.id;
}

/** Creates a series of 10-character codes; the server generates them in the background. */
export async function createSeries(api: FetchClient, options: { name: string; prefix: string; codesCount: number }) {
  return api.promoCodes.create({
    body: {
      name: `${options.name} ${new Date().toISOString()}`,
      prefix: options.prefix,
      codeLength: 10,
      codesCount: options.codesCount,
      planId: await enabledPlanId(api),
      durationDays: 30,
    },
  });
}

/** Polls the series until its generation ends (done or failed). */
export function waitGenerated(api: FetchClient, id: number, timeoutMs = 600_000): Promise<PromoSeries> {
  return waitFor(
    () => api.promoCodes.get({ params: { id } }),
    (series) => series.generationStatus === 'done' || series.generationStatus === 'failed',
    { intervalMs: 200, timeoutMs, what: `series ${id} to be generated` },
  );
}

/** The series with the most activated codes: what the activated-codes list is measured on. */
export async function busiestSeries(api: FetchClient): Promise<PromoSeries> {
  const page = await api.promoCodes.list({ query: { take: 100, page: 1 } });
  const [busiest] = [...page.items].sort((a, b) => b.activated - a.activated);
  if (!busiest || busiest.activated === 0) throw new Error('no series with activated codes: seed with --promo-codes');
  return busiest;
}
