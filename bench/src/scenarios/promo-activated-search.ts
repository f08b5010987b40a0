import type { ActivatedCode, ActivatedWhere } from '@pult/contract';
import { api, pathOf } from '../lib/api';
import { busiestSeries } from './promo-fixtures';
import type { LoadScenario, ScenarioContext } from './scenario';

const activatedQuery = (where: ActivatedWhere) => ({ where: JSON.stringify(where) });

/** The busiest series and its newest activation: the search text is taken from it. */
async function newestActivation(context: ScenarioContext) {
  const series = await busiestSeries(context.api);
  const page = await context.api.promoCodes.activated({
    params: { id: series.id },
    query: activatedQuery({ take: 10, page: 1, statuses: ['activated'] }),
  });
  const item = page.items.find((i) => i.activatedBy !== null);
  if (!item?.activatedBy) throw new Error(`series ${series.id} lists no activation`);
  return { series, item: { value: item.value, email: item.activatedBy.email } };
}

function searchScenario(
  name: string,
  notes: string,
  text: (found: Awaited<ReturnType<typeof newestActivation>>) => string,
): LoadScenario {
  let searched = '';
  return {
    name,
    mode: { kind: 'fixed-rate' },
    target: { p99Ms: 100 },
    notes,
    async request(context) {
      const found = await newestActivation(context);
      searched = text(found);
      return {
        method: 'GET',
        path: pathOf(api.promoCodes.activated, {
          params: { id: found.series.id },
          query: activatedQuery({ take: 10, page: 1, text: searched }),
        }),
        headers: { 'api-token': context.token },
      };
    },
    check(body) {
      const items = (body as { items?: ActivatedCode[] }).items ?? [];
      if (items.length === 0) return `the search for "${searched}" found nothing`;
      const needle = searched.toLowerCase();
      const stray = items.some(
        (i) => !i.value.toLowerCase().includes(needle) && !i.activatedBy?.email.toLowerCase().includes(needle),
      );
      return stray ? `the server ignored text="${searched}"` : null;
    },
  };
}

/** Six characters from the middle of a code: what support types from a customer's screenshot. */
export const promoActivatedSearchScenario = searchScenario(
  'promo-activated-search',
  'GET /api/promo-codes/:id/activated?where={"take":10,"page":1,"text":"<6 characters of an activated code>"} on the series with the most activations (10 000 000 codes seeded, ~10% activated).',
  ({ series, item }) => item.value.slice(series.prefix.length + 2, series.prefix.length + 8),
);

/** The local part of the activating user's e-mail: "who used a code?" asked by address. */
export const promoActivatedSearchEmailScenario = searchScenario(
  'promo-activated-search-email',
  'GET /api/promo-codes/:id/activated?where={"take":10,"page":1,"text":"<local part of an activator’s e-mail>"} on the same series: the text goes through the users’ trigram index.',
  ({ item }) => item.email.split('@')[0] ?? item.email,
);
