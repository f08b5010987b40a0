import { sql } from 'drizzle-orm';
import type { DashboardTest } from './dashboard-fixture';

/**
 * Subscription histories for the MRR movement tests, with "today" = 1 June 2025 (dashboard-fixture's NOW)
 * and the 30-day period 3 May – 1 June. Moscow is UTC+3. Plans: 301 a month at 299 ₽, 302 a year at
 * 4 799 ₽ (399,92 ₽ a month after rounding), 303 lifetime, 304 a free month, 305 a cheaper month at 199 ₽.
 * `expected` is what decision 0038 says each history makes, worked out by hand.
 */
export const PLANS = `INSERT INTO subscription_plans (id, title, price, period, duration_days) VALUES
  (301, 'MRR месяц', 29900, 'month', 30), (302, 'MRR год', 479900, 'year', 365),
  (303, 'MRR навсегда', 990000, 'lifetime', 36500), (304, 'MRR бесплатно', 0, 'month', 30),
  (305, 'MRR месяц дешевле', 19900, 'month', 30)`;

const SUBSCRIPTIONS: [owner: number, plan: number, status: string, source: string, from: string, to: string | null][] =
  [
    // 2001 new
    [2001, 301, 'active', 'purchase', '2025-05-10T10:00:00Z', '2025-06-09T10:00:00Z'],
    // 2002 upgrade monthly → yearly on 15 May
    [2002, 301, 'expired', 'purchase', '2025-04-20T10:00:00Z', '2025-05-15T12:00:00Z'],
    [2002, 302, 'active', 'purchase', '2025-05-15T12:00:00Z', '2026-05-15T12:00:00Z'],
    // 2003 downgrade to the cheaper month on 20 May
    [2003, 301, 'expired', 'purchase', '2025-04-25T10:00:00Z', '2025-05-20T08:00:00Z'],
    [2003, 305, 'active', 'purchase', '2025-05-20T08:00:00Z', '2025-06-19T08:00:00Z'],
    // 2004 lapses on 28 May: churn on the 29th
    [2004, 301, 'expired', 'purchase', '2025-04-28T10:00:00Z', '2025-05-28T10:00:00Z'],
    // 2005 churned in March, back on 25 May
    [2005, 301, 'expired', 'purchase', '2025-03-01T10:00:00Z', '2025-03-31T10:00:00Z'],
    [2005, 305, 'active', 'purchase', '2025-05-25T10:00:00Z', '2025-06-24T10:00:00Z'],
    // 2006 lifetime, 2007 a free plan and grants: nothing
    [2006, 303, 'active', 'purchase', '2025-05-12T10:00:00Z', null],
    [2007, 304, 'active', 'purchase', '2025-05-13T10:00:00Z', '2025-06-12T10:00:00Z'],
    [2007, 301, 'active', 'promo', '2025-05-14T10:00:00Z', '2025-06-13T10:00:00Z'],
    [2007, 302, 'active', 'admin', '2025-05-15T10:00:00Z', '2026-05-15T10:00:00Z'],
    // 2008 renewed on time, 2009 renewed the morning after it lapsed: nothing
    [2008, 301, 'expired', 'purchase', '2025-04-22T09:00:00Z', '2025-05-22T09:00:00Z'],
    [2008, 301, 'active', 'purchase', '2025-05-22T09:00:00Z', '2025-06-21T09:00:00Z'],
    [2009, 301, 'expired', 'purchase', '2025-04-23T20:00:00Z', '2025-05-23T20:00:00Z'],
    [2009, 301, 'active', 'purchase', '2025-05-24T07:00:00Z', '2025-06-23T07:00:00Z'],
    // 2010 canceled: never counts
    [2010, 301, 'canceled', 'purchase', '2025-05-16T10:00:00Z', '2025-06-15T10:00:00Z'],
    // 2011 lapsed yesterday: churn today
    [2011, 301, 'expired', 'purchase', '2025-05-01T10:00:00Z', '2025-05-31T10:00:00Z'],
    // 2012 expires at 00:00 on 3 May in Moscow (a 3 May expiry): churn on the 4th
    [2012, 301, 'expired', 'purchase', '2025-04-02T21:00:00Z', '2025-05-02T21:00:00Z'],
    // 2013 expires at 23:59 on 2 May in Moscow: churn on the 3rd, the period's first day
    [2013, 301, 'expired', 'purchase', '2025-04-02T20:59:00Z', '2025-05-02T20:59:00Z'],
    // 2014 starts and ends on 18 May
    [2014, 301, 'expired', 'purchase', '2025-05-18T07:00:00Z', '2025-05-18T12:00:00Z'],
    // 2015 monthly, then a yearly beside it, then the monthly lapses
    [2015, 301, 'expired', 'purchase', '2025-05-05T10:00:00Z', '2025-05-26T10:00:00Z'],
    [2015, 302, 'active', 'purchase', '2025-05-06T10:00:00Z', '2026-05-06T10:00:00Z'],
    // 2016 lapsed in the previous period (2 May): outside this one
    [2016, 301, 'expired', 'purchase', '2025-04-01T10:00:00Z', '2025-05-01T10:00:00Z'],
  ];

const YEAR = 39992;
export const expected = {
  new: [
    { userId: 2001, at: '2025-05-10', amount: 29900, planId: 301 },
    { userId: 2014, at: '2025-05-18', amount: 29900, planId: 301 },
    { userId: 2015, at: '2025-05-05', amount: 29900, planId: 301 },
  ],
  expansion: [
    { userId: 2002, at: '2025-05-15', amount: YEAR - 29900, planId: 302 },
    { userId: 2015, at: '2025-05-06', amount: YEAR, planId: 302 },
  ],
  contraction: [
    { userId: 2003, at: '2025-05-20', amount: 19900 - 29900, planId: 305 },
    { userId: 2015, at: '2025-05-26', amount: -29900, planId: 302 },
  ],
  churn: [
    { userId: 2004, at: '2025-05-29', amount: -29900, planId: 301 },
    { userId: 2011, at: '2025-06-01', amount: -29900, planId: 301 },
    { userId: 2012, at: '2025-05-04', amount: -29900, planId: 301 },
    { userId: 2013, at: '2025-05-03', amount: -29900, planId: 301 },
    { userId: 2014, at: '2025-05-19', amount: -29900, planId: 301 },
  ],
  reactivation: [{ userId: 2005, at: '2025-05-25', amount: 19900, planId: 305 }],
};

export async function insertHistories(t: DashboardTest): Promise<void> {
  const exec = (text: string) => t.database.db.execute(sql.raw(text));
  await exec(PLANS);
  const owners = [...new Set(SUBSCRIPTIONS.map(([owner]) => owner))];
  await exec(
    `INSERT INTO users (id, email, role, created_at) VALUES ${owners
      .map((id) => `(${id}, 'mrr${id}@p.test', 'user', '2025-01-01T00:00:00Z')`)
      .join(', ')}`,
  );
  await exec(
    `INSERT INTO subscriptions (owner, plan_id, status, source, started_at, expires_at) VALUES ${SUBSCRIPTIONS.map(
      ([owner, plan, status, source, from, to]) =>
        `(${owner}, ${plan}, '${status}', '${source}', '${from}', ${to ? `'${to}'` : 'NULL'})`,
    ).join(', ')}`,
  );
}
