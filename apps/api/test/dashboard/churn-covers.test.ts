import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { dailyFigures } from '../../src/modules/dashboard/rollup-sql';
import { testDbKind } from '../helpers/test-database';
import { type DashboardTest, dashboardApp } from './dashboard-fixture';

/**
 * The churn figure's two variants over a day come from one probe per expiring subscription (rollup-sql.ts),
 * which must say what the two anti-joins say over months: a subscription churns in '' when nothing else of its
 * owner's covers its end, and in 'withoutPromo' (a promo grant counting on neither side) when no paid
 * subscription does. Each owner below ends one subscription on 10 May with a different set of covers.
 */
let t: DashboardTest;
beforeAll(async () => {
  t = await dashboardApp();
  const exec = (text: string) => t.database.db.execute(sql.raw(text));
  await exec(`INSERT INTO subscription_plans (id, title, price, period, duration_days) VALUES
    (201, 'Месяц', 29900, 'month', 30)`);
  const owners = [2001, 2002, 2003, 2004, 2005, 2006, 2007, 2008];
  await exec(`INSERT INTO users (id, email, role, created_at) VALUES
    ${owners.map((id) => `(${id}, 'c${id}@p.test', 'user', '2025-01-01T00:00:00Z')`).join(', ')}`);
  const ends = '2025-05-10T10:00:00Z';
  const cover = (owner: number, source: string, status = 'active', from = '2025-05-01T00:00:00Z') =>
    `(${owner}, 201, '${status}', '${source}', '${from}', '2025-06-30T00:00:00Z')`;
  await exec(`INSERT INTO subscriptions (owner, plan_id, status, source, started_at, expires_at) VALUES
    ${owners.map((id) => `(${id}, 201, 'expired', '${id === 2006 ? 'promo' : 'purchase'}', '2025-04-10T10:00:00Z', '${ends}')`).join(', ')},
    -- 2001: no cover. 2002: a promo grant only. 2003: a paid one only. 2004: both, the promo one first.
    ${cover(2002, 'promo')}, ${cover(2003, 'purchase')}, ${cover(2004, 'promo')}, ${cover(2004, 'purchase', 'active', '2025-05-05T00:00:00Z')},
    -- 2005: a canceled paid one and one that starts after the end (neither covers).
    ${cover(2005, 'purchase', 'canceled')}, ${cover(2005, 'purchase', 'active', '2025-05-11T00:00:00Z')},
    -- 2006: a promo grant ending, covered by a paid one (out of 'withoutPromo' on its own side).
    ${cover(2006, 'purchase')},
    -- 2007: two promo grants and a paid one, the paid one last by id.
    ${cover(2007, 'promo')}, ${cover(2007, 'promo', 'active', '2025-05-02T00:00:00Z')}, ${cover(2007, 'admin')},
    -- 2008: a lifetime purchase (no end) covers it.
    (2008, 201, 'active', 'purchase', '2025-05-01T00:00:00Z', NULL)`);
});
afterAll(() => t.close());

/** The rule as plain anti-joins, one per variant. */
const antiJoins = (withoutPromo: boolean) => `
  SELECT count(*)::int AS n FROM subscriptions s
  WHERE s.expires_at >= '2025-05-10' AND s.expires_at < '2025-05-11'
    ${withoutPromo ? "AND s.source <> 'promo'" : ''}
    AND NOT EXISTS (SELECT 1 FROM subscriptions o
      WHERE o.owner = s.owner AND o.id <> s.id AND o.status <> 'canceled'
        ${withoutPromo ? "AND o.source <> 'promo'" : ''}
        AND o.started_at <= s.expires_at AND (o.expires_at IS NULL OR o.expires_at > s.expires_at))`;

describe(`churn's two variants, over a day and over months (${testDbKind})`, () => {
  const churnOf = async (from: string, to: string) => {
    const figures = await queryRows<{ dim: string; value: number | string }>(
      t.database.db,
      sql`SELECT dim, value FROM (${dailyFigures(new Date(from), new Date(to), ['churned'])}) f WHERE day = '2025-05-10'`,
    );
    return Object.fromEntries(figures.map((f) => [f.dim, Number(f.value)]));
  };

  it('churns what no other subscription covers, and without promo what no paid one covers', async () => {
    // '': 2001 and 2005. withoutPromo: 2001, 2002 (its promo grant does not count) and 2005; 2006's own
    // subscription is a promo grant, 2004's and 2007's paid covers are found behind their promo ones.
    const expected = { '': 2, withoutPromo: 3 };
    const [all] = await t.rows<{ n: number }>(antiJoins(false));
    const [paid] = await t.rows<{ n: number }>(antiJoins(true));
    expect({ '': all?.n, withoutPromo: paid?.n }).toEqual(expected);
    // The day's form (one probe per subscription: the recount of today, a past day's recompute) and the
    // months' form (the anti-joins: the rebuilds, the check) count the same.
    expect(await churnOf('2025-05-09T21:00:00Z', '2025-05-10T21:00:00Z')).toEqual(expected);
    expect(await churnOf('2025-05-01T00:00:00Z', '2025-06-01T00:00:00Z')).toEqual(expected);
  });
});
