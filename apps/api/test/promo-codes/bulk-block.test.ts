import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, promoCodes } from '../../src/db/schema';
import { type PromoFixture, promoFixture } from './promo-fixture';

let f: PromoFixture;
let seriesId = 0;
let codes: string[] = [];
let otherCode = '';

beforeAll(async () => {
  f = await promoFixture();
  seriesId = (await f.createSeries({ codesCount: 20 })).id;
  const otherSeriesId = (await f.createSeries({ codesCount: 1 })).id;
  codes = (await f.call('GET', `/api/promo-codes/${seriesId}/generated-codes?take=20&page=1`))
    .json()
    .items.map((item: { value: string }) => item.value);
  otherCode = (await f.call('GET', `/api/promo-codes/${otherSeriesId}/generated-codes?take=1&page=1`)).json().items[0]
    .value;
});
afterAll(() => f.t.close());

const blockMany = (payload: unknown, role: 'admin' | 'editor' | 'user' = 'editor', id = seriesId) =>
  f.call('POST', `/api/promo-codes/${id}/codes/block`, payload as object, role);
const statuses = async (values: string[]) =>
  (
    await f.t.database.db
      .select({ value: promoCodes.value, status: promoCodes.status })
      .from(promoCodes)
      .where(inArray(promoCodes.value, values))
  ).map((row) => row.status);
const audited = async (values: string[]) =>
  (
    await f.t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'block-code'), inArray(auditEvents.entityId, values)))
  ).length;
const counters = async () => (await f.call('GET', `/api/promo-codes/${seriesId}`)).json();

describe('POST /promo-codes/:id/codes/block', () => {
  it('an editor blocks the chosen codes; counters follow; each code audited once', async () => {
    const chosen = codes.slice(0, 3);
    const response = await blockMany({ codes: [...chosen.slice(0, 2), chosen[2]?.toLowerCase()] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      dryRun: false,
      results: chosen.map((id) => ({ id, outcome: 'done' })),
      summary: { done: 3, unchanged: 0, refused: 0, notFound: 0 },
      undo: { id: expect.any(String), expiresAt: expect.any(String) },
    });
    expect(await statuses(chosen)).toEqual(['blocked', 'blocked', 'blocked']);
    expect(await counters()).toMatchObject({ blocked: 3 });
    expect(await audited(chosen)).toBe(3);
    const again = await blockMany({ codes: chosen }, 'admin');
    expect(again.json().summary).toEqual({ done: 0, unchanged: 3, refused: 0, notFound: 0 });
    expect(await audited(chosen)).toBe(3);
    expect(await counters()).toMatchObject({ blocked: 3 });
  });

  it('a dry run reports and changes nothing; another series’ code is not_found', async () => {
    const chosen = [codes[3] ?? '', codes[0] ?? '', otherCode, 'NOSUCHCODE'];
    const preview = await blockMany({ codes: chosen, dryRun: true });
    expect(preview.json()).toEqual({
      dryRun: true,
      results: [
        { id: chosen[0], outcome: 'done' },
        { id: chosen[1], outcome: 'unchanged' },
        { id: otherCode, outcome: 'not_found' },
        { id: 'NOSUCHCODE', outcome: 'not_found' },
      ],
      summary: { done: 1, unchanged: 1, refused: 0, notFound: 2 },
    });
    expect(await statuses([chosen[0] ?? '', otherCode])).toEqual(['new', 'new']);
    expect(await audited([chosen[0] ?? ''])).toBe(0);
  });

  it('parallel requests over the same codes block and audit each once', async () => {
    const chosen = codes.slice(5, 10);
    const answers = await Promise.all([
      blockMany({ codes: chosen }),
      blockMany({ codes: [...chosen].reverse() }),
      blockMany({ codes: chosen }, 'admin'),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.reduce((sum, a) => sum + a.json().summary.done, 0)).toBe(5);
    expect(await audited(chosen)).toBe(5);
    expect(await counters()).toMatchObject({ blocked: 8 });
  });

  it('refuses bad input (400), an unknown series (404), a user (403) and nobody (401)', async () => {
    const code = codes[12] ?? '';
    for (const payload of [
      { codes: [] },
      { codes: Array.from({ length: 1001 }, (_, i) => `C${i}`) },
      { codes: [code, code.toLowerCase()] },
      { codes: [''] },
      { codes: [12345] },
      { codes: ['x'.repeat(65)] },
      { codes: [code], extra: 1 },
      {},
    ]) {
      expect((await blockMany(payload)).statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
    }
    const missing = await blockMany({ codes: [code] }, 'editor', 999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('SERIES_NOT_FOUND');
    expect((await blockMany({ codes: [code] }, 'user')).statusCode).toBe(403);
    const anonymous = await f.t.app.inject({
      method: 'POST',
      url: `/api/promo-codes/${seriesId}/codes/block`,
      payload: { codes: [code] },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await statuses([code])).toEqual(['new']);
  });
});
