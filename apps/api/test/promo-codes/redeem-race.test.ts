import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoCodes, rateLimits, subscriptions, transactions } from '../../src/db/schema';
import { type PromoFixture, promoFixture } from './promo-fixture';

/**
 * Redemption is one database call (pult_redeem_promo_codes, with whatever else arrived meanwhile).
 * However many planner users send the same code at once, it is accepted exactly once: one 200, one
 * subscription, one promo transaction, the series counter at one. PGlite runs one query at a time;
 * the race is real in the PostgreSQL pass.
 */
const RACERS = 24;
let f: PromoFixture;
let codes: string[] = [];
let seriesId = 0;
const racers: Array<{ id: number; token: string }> = [];
let firstWinner = 0;

beforeAll(async () => {
  f = await promoFixture();
  for (let i = 0; i < RACERS; i++) {
    const id = await f.t.createUser({ email: `racer${i}@mail.ru`, role: 'user' });
    racers.push({ id, token: (await f.t.signin(`racer${i}@mail.ru`)).apiToken });
  }
  const series = await f.createSeries({ name: 'Гонка', prefix: 'RACE', codeLength: 8, codesCount: 40 });
  seriesId = series.id;
  codes = (
    await f.t.database.db.select({ value: promoCodes.value }).from(promoCodes).where(eq(promoCodes.seriesId, seriesId))
  ).map((row) => row.value);
});
afterAll(() => f.t.close());

const activate = (code: string, token: string) => f.activate(code, token);

describe('many parallel redemptions of one code', () => {
  it('accept it exactly once: one subscription, one transaction, the counter at one', async () => {
    const code = codes[0] ?? '';
    const answers = await Promise.all(racers.map((racer) => activate(code, racer.token)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    // The others are told the code is used (none is limited: each racer failed once).
    expect(statuses.filter((status) => status === 409)).toHaveLength(RACERS - 1);
    for (const answer of answers.filter((a) => a.statusCode === 409)) expect(answer.json().code).toBe('CODE_USED');

    const winner = racers[statuses.indexOf(200)];
    firstWinner = winner?.id ?? 0;
    const [claimed] = await f.t.database.db.select().from(promoCodes).where(eq(promoCodes.value, code));
    expect(claimed).toMatchObject({ status: 'activated', activatedBy: winner?.id });
    const promoSubs = await f.t.database.db.select().from(subscriptions).where(eq(subscriptions.source, 'promo'));
    expect(promoSubs.map((s) => s.owner)).toEqual([winner?.id]);
    const grants = await f.t.database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.provider, 'promo'), eq(transactions.kind, 'grant')));
    expect(grants).toHaveLength(1);
    expect((await f.call('GET', `/api/promo-codes/${seriesId}`)).json().activated).toBe(1);
  });

  it('the same user sending one code many times at once gets it once', async () => {
    const code = codes[1] ?? '';
    const racer = racers[0] ?? { id: 0, token: '' };
    const answers = await Promise.all(Array.from({ length: 8 }, () => activate(code, racer.token)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.every((status) => status === 200 || status === 409 || status === 429)).toBe(true);
    expect((await f.call('GET', `/api/promo-codes/${seriesId}`)).json().activated).toBe(2);
  });

  it('counts no success against the limiter, and each failure once', async () => {
    const rows = await f.t.database.db.select().from(rateLimits);
    const byKey = Object.fromEntries(rows.map((row) => [row.key, row.count]));
    // The first race: each loser failed once; the winner's own attempt was given back (its counter
    // stays at zero until the cleanup job finds the window stale, migration 0017).
    for (const racer of racers.slice(1)) {
      expect(byKey[`activate:user:${racer.id}`]).toBe(racer.id === firstWinner ? 0 : 1);
    }
    // A fresh, distinct code still works for a racer who failed once.
    const loser = racers.find((r) => byKey[`activate:user:${r.id}`] === 1);
    expect((await activate(codes[2] ?? '', loser?.token ?? '')).statusCode).toBe(200);
    const after = await f.t.database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `activate:user:${loser?.id}`));
    expect(after[0]?.count).toBe(1);
  });
});
