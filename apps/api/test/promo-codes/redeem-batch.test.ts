import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  promoCodes,
  promoSeriesCounters,
  rateLimits,
  subscriptions,
  transactions,
} from '../../src/db/schema';
import { redeemPromoCode } from '../../src/modules/promo-codes/redemption/redemption-repository';
import { testDbKind } from '../helpers/test-database';
import { type PromoFixture, promoFixture } from './promo-fixture';

/**
 * Redemptions that arrive while one is in the database go together in one call of
 * pult_redeem_promo_codes (migration 0025, docs/decisions/0027). Every redemption of a batch must get the
 * answer it would have got alone: the batch here mixes successes (two by one user, which must both
 * extend), unknown, blocked and already used codes, and a user over the guessing limit.
 */
let f: PromoFixture;
let seriesId = 0;
let fresh: string[] = [];
let blocked = '';
const users: Array<{ id: number; token: string }> = [];

beforeAll(async () => {
  f = await promoFixture();
  for (let i = 0; i < 4; i++) {
    const id = await f.t.createUser({ email: `batch${i}@mail.ru`, role: 'user' });
    users.push({ id, token: (await f.t.signin(`batch${i}@mail.ru`)).apiToken });
  }
  const series = await f.createSeries({ name: 'Пачка', prefix: 'BAT', codeLength: 8, codesCount: 40 });
  seriesId = series.id;
  ({ fresh, blocked } = await f.codesWithOneBlocked(seriesId));
});
afterAll(() => f.t.close());

const activate = (code: string, token: string) => f.activate(code, token);

const user = (i: number) => users[i] ?? { id: 0, token: '' };
const code = (i: number) => fresh[i] ?? '';

describe('redemptions sent at once', () => {
  it('each get their own answer, as if sent alone', async () => {
    const sent = [
      { code: code(0), as: user(0), expect: 200 },
      { code: code(1), as: user(1), expect: 200 },
      { code: code(2), as: user(1), expect: 200 }, // the same user twice: both count
      { code: 'BATNOSUCH1', as: user(2), expect: 404, error: 'CODE_NOT_FOUND' },
      { code: blocked, as: user(2), expect: 409, error: 'CODE_BLOCKED' },
      { code: code(4).toLowerCase(), as: user(0), expect: 200 }, // typed in lower case
    ];
    // Two users race for one code: one of them gets it, the other is told it is used.
    const race = [user(3), user(0)].map((racer) => activate(code(3), racer.token));
    const answers = await Promise.all(sent.map((s) => activate(s.code, s.as.token)));
    answers.forEach((answer, i) => {
      const want = sent[i];
      expect(answer.statusCode, `${i}: ${answer.body}`).toBe(want?.expect);
      if (want?.error) expect(answer.json().code).toBe(want.error);
    });
    const raced = await Promise.all(race);
    expect(raced.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const loser = raced.find((a) => a.statusCode === 409);
    expect(loser?.json().code).toBe('CODE_USED');
    const raceWinner = raced[0]?.statusCode === 200 ? user(3) : user(0);

    // User 1's two codes: one subscription, extended by the second grant (30 + 30 days).
    const mine = await f.t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.owner, user(1).id));
    expect(mine).toHaveLength(1);
    const [sub] = mine;
    const days = ((sub?.expiresAt?.getTime() ?? 0) - (sub?.startedAt.getTime() ?? 0)) / 86_400_000;
    expect(Math.round(days)).toBe(60);
    // Sent at once, the two may be claimed in either order: one answer tells of the first 30 days, the other
    // of the extended end, which is the subscription's.
    const told = [answers[1], answers[2]].map((a) => Date.parse(a?.json().expiresAt)).sort((a, b) => a - b);
    expect(new Date(told[1] ?? 0).toISOString()).toBe(sub?.expiresAt?.toISOString());
    expect(Math.round(((told[1] ?? 0) - (told[0] ?? 0)) / 86_400_000)).toBe(30);

    // Five codes claimed: five grant transactions, five audit events, the series counter at five.
    const grants = await f.t.database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.provider, 'promo'), eq(transactions.kind, 'grant')));
    expect(grants).toHaveLength(5);
    const audits = await f.t.database.db
      .select()
      .from(auditEvents)
      .where(inArray(auditEvents.action, ['grant-subscription', 'extend-subscription']));
    expect(audits).toHaveLength(5);
    expect((await f.call('GET', `/api/promo-codes/${seriesId}`)).json().activated).toBe(5);
    const claimed = await f.t.database.db.select().from(promoCodes).where(eq(promoCodes.status, 'activated'));
    expect(claimed.map((c) => [c.value, c.activatedBy]).sort()).toEqual(
      [
        [code(0), user(0).id],
        [code(1), user(1).id],
        [code(2), user(1).id],
        [code(3), raceWinner.id],
        [code(4), user(0).id],
      ].sort(),
    );

    // Only the failures count against the limiter: user 2 failed twice, user 1 never.
    const limits = Object.fromEntries(
      (await f.t.database.db.select().from(rateLimits)).map((row) => [row.key, row.count]),
    );
    expect(limits[`activate:user:${user(2).id}`]).toBe(2);
    expect(limits[`activate:user:${user(1).id}`] ?? 0).toBe(0);
    const raceLoser = raceWinner === user(3) ? user(0) : user(3);
    expect(limits[`activate:user:${raceLoser.id}`]).toBe(1);
    expect(limits[`activate:user:${raceWinner.id}`] ?? 0).toBe(0);
  });

  it('a user over the limit is refused inside a batch, the others in it are not', async () => {
    // The guessing limit is 10 failures per account (activation-limit.test.ts); user 2 has 2 already.
    const guesses = Array.from({ length: 9 }, (_, i) => activate(`BATNOSUCH${i + 2}`, user(2).token));
    const honest = activate(code(5), user(3).token);
    const answers = await Promise.all([...guesses, honest]);
    const statuses = answers.slice(0, 9).map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 404)).toHaveLength(8);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    for (const limited of answers.filter((a) => a.statusCode === 429))
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(answers[9]?.statusCode).toBe(200);
  });

  it('go to the database together: the first alone, the rest as one batch', async () => {
    const before = await f.t.database.db
      .select()
      .from(promoSeriesCounters)
      .where(eq(promoSeriesCounters.seriesId, seriesId));
    const calls = Array.from({ length: 10 }, (_, i) =>
      redeemPromoCode(f.t.database.db, {
        code: code(10 + i),
        userId: user(i % 2 === 0 ? 0 : 3).id,
        at: new Date(),
        ip: '203.0.113.9',
        userKey: `batch-test:user:${i % 2}`,
        ipKey: 'batch-test:ip',
        perUser: 100,
        perIp: 100,
        windowMs: 60_000,
      }),
    );
    const results = await Promise.all(calls);
    expect(results.every((r) => 'granted' in r)).toBe(true);
    // A batch bumps one counter shard by its size: one row grew by at least nine (the nine that waited).
    const after = await f.t.database.db
      .select()
      .from(promoSeriesCounters)
      .where(eq(promoSeriesCounters.seriesId, seriesId));
    const grown = after.map((row) => row.activated - (before.find((b) => b.shard === row.shard)?.activated ?? 0));
    expect(Math.max(...grown)).toBeGreaterThanOrEqual(9);
    expect(grown.reduce((sum, n) => sum + n, 0)).toBe(10);
  });
  it('sixteen redemptions of four users at once, in batches over the same users, grant every code once', async () => {
    const before = await f.t.database.db
      .select()
      .from(promoSeriesCounters)
      .where(eq(promoSeriesCounters.seriesId, seriesId));
    const codes = Array.from({ length: 16 }, (_, i) => code(20 + i));
    const results = await Promise.all(
      codes.map((value, i) =>
        redeemPromoCode(f.t.database.db, {
          code: value,
          userId: user(i % 4).id,
          at: new Date(),
          ip: '203.0.113.10',
          userKey: `sixteen:user:${i % 4}`,
          ipKey: 'sixteen:ip',
          perUser: 100,
          perIp: 100,
          windowMs: 60_000,
        }),
      ),
    );
    expect(results.every((r) => 'granted' in r)).toBe(true);
    const rows = await f.t.database.db.select().from(promoCodes).where(inArray(promoCodes.value, codes));
    expect(rows.map((row) => row.status)).toEqual(codes.map(() => 'activated'));
    expect(new Set(rows.map((row) => row.activatedBy)).size).toBe(4);
    const after = await f.t.database.db
      .select()
      .from(promoSeriesCounters)
      .where(eq(promoSeriesCounters.seriesId, seriesId));
    const grown = after.map((row) => row.activated - (before.find((b) => b.shard === row.shard)?.activated ?? 0));
    expect(grown.reduce((sum, n) => sum + n, 0)).toBe(16);
  });
});

/**
 * A batch holds several codes until it commits, so it must take them in the order a bulk block does
 * (id order), or the two deadlock: the block holds code A and wants B while the batch, which claims in
 * user order, holds B and wants A. Only PostgreSQL runs two transactions at once.
 */
describe.runIf(testDbKind === 'postgres')('a batch beside a bulk block of its codes', () => {
  it('waits for the block instead of deadlocking, and reports both codes blocked', async () => {
    const pool = f.t.database.pool;
    if (!pool) throw new Error('no pool');
    const [first, second] = await f.t.database.db
      .select({ id: promoCodes.id, value: promoCodes.value })
      .from(promoCodes)
      .where(and(eq(promoCodes.seriesId, seriesId), eq(promoCodes.status, 'new')))
      .orderBy(promoCodes.id)
      .limit(2);
    if (!first || !second) throw new Error('two fresh codes expected');
    const item = (value: string, userId: number) => ({
      value,
      user: userId,
      at: new Date().toISOString(),
      ip: '203.0.113.7',
      userKey: `lock-order:user:${userId}`,
      ipKey: 'lock-order:ip',
      perUser: 100,
      perIp: 100,
      windowMs: 60_000,
    });
    // The lower user redeems the higher code id: in user order the batch would claim `second` first.
    const items = JSON.stringify([item(second.value, user(0).id), item(first.value, user(1).id)]);

    const block = await pool.connect();
    try {
      await block.query('BEGIN');
      await block.query('SELECT 1 FROM promo_codes WHERE id = $1 FOR UPDATE', [first.id]);
      const batch = pool.query<{ results: unknown[] }>('CALL pult_redeem_promo_codes($1::jsonb, 0)', [items]);
      // Give the batch time to reach its locks; a deadlock would be reported after deadlock_timeout (1 s).
      await new Promise((resolve) => setTimeout(resolve, 300));
      await block.query('SELECT 1 FROM promo_codes WHERE id = $1 FOR UPDATE', [second.id]);
      await block.query(`UPDATE promo_codes SET status = 'blocked', blocked_at = now() WHERE id = ANY($1)`, [
        [first.id, second.id],
      ]);
      await block.query('COMMIT');
      const [row] = (await batch).rows;
      expect(row?.results).toEqual([
        { error: expect.objectContaining({ code: 'PU409', hint: 'CODE_BLOCKED' }) },
        { error: expect.objectContaining({ code: 'PU409', hint: 'CODE_BLOCKED' }) },
      ]);
    } finally {
      block.release();
    }
  });
});
