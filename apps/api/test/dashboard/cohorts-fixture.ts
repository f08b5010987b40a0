import { sql } from 'drizzle-orm';
import type { DashboardTest } from './dashboard-fixture';

/**
 * Hand-worked histories for the cohort tests (decision 0046), "today" = 1 June 2025 (Moscow, UTC+3).
 * Plans: 401 a month at 299 ₽, 402 a year at 1 990 ₽, 403 lifetime at 4 990 ₽, 404 a free month.
 * Cohort 2025-01 has seven members (3001-3005, 3007, 3010); 3006, 3008 never paid; 3009 starts at
 * 00:30 on 1 February in Moscow (31 January in UTC), so it is 2025-02's.
 */
const PLANS = `INSERT INTO subscription_plans (id, title, price, period, duration_days) VALUES
  (401, 'Когорты месяц', 29900, 'month', 30), (402, 'Когорты год', 199000, 'year', 365),
  (403, 'Когорты навсегда', 499000, 'lifetime', 36500), (404, 'Когорты бесплатно', 0, 'month', 30)`;

const SUBSCRIPTIONS: [owner: number, plan: number, status: string, source: string, from: string, to: string | null][] =
  [
    // 3001 monthly from 10 Jan, renewed into one span to 10 Mar: subscribed at its first mark (9 Feb), not
    // at its second (11 Mar)
    [3001, 401, 'expired', 'purchase', '2025-01-10T09:00:00Z', '2025-03-10T09:00:00Z'],
    // 3002 yearly from 31 Jan: its marks (30 days each) are 2 Mar, 1 Apr, 1 May, 31 May
    [3002, 402, 'active', 'purchase', '2025-01-31T09:00:00Z', '2026-01-31T09:00:00Z'],
    // 3003 ends on 4 Feb, its first mark (not kept: subscribed on the day, not after it), back 1 Apr - 1 May
    // (a reactivation): subscribed at 3 months only
    [3003, 401, 'expired', 'purchase', '2025-01-05T09:00:00Z', '2025-02-04T09:00:00Z'],
    [3003, 401, 'expired', 'purchase', '2025-04-01T09:00:00Z', '2025-05-01T09:00:00Z'],
    // 3004 lifetime: always subscribed
    [3004, 403, 'active', 'purchase', '2025-01-20T09:00:00Z', null],
    // 3005 upgrades monthly → yearly on 14 Feb, its first mark: the yearly one runs past it
    [3005, 401, 'expired', 'purchase', '2025-01-15T09:00:00Z', '2025-02-14T09:00:00Z'],
    [3005, 402, 'active', 'purchase', '2025-02-14T09:00:00Z', '2026-02-14T09:00:00Z'],
    // 3006 a refunded purchase, canceled: never paid
    [3006, 401, 'canceled', 'purchase', '2025-01-03T09:00:00Z', '2025-02-02T09:00:00Z'],
    // 3007 refunded but not canceled: a member, lapsed 11 Feb, revenue 0
    [3007, 401, 'expired', 'purchase', '2025-01-12T09:00:00Z', '2025-02-11T09:00:00Z'],
    // 3008 a free plan and a promo grant: not paid
    [3008, 404, 'expired', 'purchase', '2025-01-08T09:00:00Z', '2025-02-07T09:00:00Z'],
    [3008, 401, 'expired', 'promo', '2025-02-01T09:00:00Z', '2025-03-03T09:00:00Z'],
    // 3009 starts on 1 Feb in Moscow
    [3009, 401, 'active', 'purchase', '2025-01-31T21:30:00Z', '2025-07-01T09:00:00Z'],
    // 3010 from 1 Jan to 31 Jan: its fifth mark is 31 May, so it alone is counted at 5 months
    [3010, 401, 'expired', 'purchase', '2025-01-01T09:00:00Z', '2025-01-31T09:00:00Z'],
  ];

const TRANSACTIONS: [user: number, amount: number, kind: string, status: string, at: string][] = [
  [3001, 29900, 'purchase', 'succeeded', '2025-01-10T09:00:00Z'],
  [3001, 29900, 'renewal', 'succeeded', '2025-02-10T09:00:00Z'], // the day after its first mark: not age 1's
  [3002, 199000, 'purchase', 'succeeded', '2025-01-31T09:00:00Z'],
  [3003, 29900, 'purchase', 'succeeded', '2025-01-05T09:00:00Z'],
  [3003, 29900, 'purchase', 'succeeded', '2025-04-01T09:00:00Z'],
  [3004, 499000, 'purchase', 'succeeded', '2025-01-20T09:00:00Z'],
  [3005, 29900, 'purchase', 'succeeded', '2025-01-15T09:00:00Z'],
  [3005, 199000, 'purchase', 'succeeded', '2025-02-14T09:00:00Z'],
  [3006, 29900, 'purchase', 'refunded', '2025-01-03T09:00:00Z'],
  [3006, -29900, 'refund', 'succeeded', '2025-01-04T09:00:00Z'],
  [3007, 29900, 'purchase', 'succeeded', '2025-01-12T09:00:00Z'],
  [3007, -29900, 'refund', 'succeeded', '2025-01-20T09:00:00Z'],
  [3009, 29900, 'purchase', 'succeeded', '2025-01-31T21:30:00Z'],
  [3010, 10000, 'purchase', 'succeeded', '2024-12-31T09:00:00Z'], // before its anchor: not the cohort's
  [3010, 29900, 'purchase', 'succeeded', '2025-01-01T09:00:00Z'],
  [3010, 29900, 'renewal', 'failed', '2025-01-31T09:00:00Z'],
];

/** Series 901: 3008 (twice: the first activation anchors) and 3003, who paid after activating. */
const ACTIVATIONS: [user: number, at: string][] = [
  [3008, '2025-02-01T09:00:00Z'],
  [3008, '2025-02-10T09:00:00Z'],
  [3003, '2025-03-20T09:00:00Z'],
];

export const JANUARY = {
  size: 7,
  revenue: 59800 + 199000 + 59800 + 499000 + 228900 + 0 + 29900,
  /** [eligible, retained] at ages 1…6 */
  cells: [
    [7, 4],
    [7, 3],
    [7, 4],
    [7, 3],
    [1, 0],
    [0, 0],
  ],
};

export async function insertCohortHistories(t: DashboardTest): Promise<void> {
  const exec = (text: string) => t.database.db.execute(sql.raw(text));
  await exec(PLANS);
  const users = [...new Set([...SUBSCRIPTIONS.map(([owner]) => owner), 3011])];
  await exec(
    `INSERT INTO users (id, email, role, created_at) VALUES ${users
      .map((id) => `(${id}, 'cohort${id}@p.test', 'user', '2024-12-01T00:00:00Z')`)
      .join(', ')}`,
  );
  await exec(
    `INSERT INTO subscriptions (owner, plan_id, status, source, started_at, expires_at) VALUES ${SUBSCRIPTIONS.map(
      ([owner, plan, status, source, from, to]) =>
        `(${owner}, ${plan}, '${status}', '${source}', '${from}', ${to ? `'${to}'` : 'NULL'})`,
    ).join(', ')}`,
  );
  await exec(
    `INSERT INTO transactions (user_id, plan_id, amount, status, provider, kind, created_at) VALUES ${TRANSACTIONS.map(
      ([user, amount, kind, status, at]) => `(${user}, 401, ${amount}, '${status}', 'yookassa', '${kind}', '${at}')`,
    ).join(', ')}`,
  );
  await exec(`INSERT INTO promo_series (id, name, code_length, codes_count, plan_id, duration_days, generation_status, generated)
    VALUES (901, 'Весна', 8, 4, 401, 30, 'done', 4)`);
  await exec(
    `INSERT INTO promo_codes (value, series_id, status, activated_by, activated_at) VALUES ${ACTIVATIONS.map(
      ([user, at], i) => `('COHORT${i}', 901, 'activated', ${user}, '${at}')`,
    ).join(', ')}, ('COHORTNEW', 901, 'new', NULL, NULL)`,
  );
}
