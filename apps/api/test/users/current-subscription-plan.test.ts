import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { inlineParams } from '../../src/db/copy-out';
import { exportLinesSql } from '../../src/modules/users/export-csv-sql';
import { EXPORT_TEXTS } from '../../src/modules/users/export-csv-texts';
import { buildTestApp, type TestApp } from '../helpers/test-app';

const RUSSIAN = { texts: EXPORT_TEXTS.ru, timeZone: 'Europe/Moscow' };

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

async function planOf(t: TestApp, query: string): Promise<PlanNode[]> {
  const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(
    t.database.db,
    sql.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${query}`),
  );
  const explained = row?.['QUERY PLAN'];
  const plan = (typeof explained === 'string' ? JSON.parse(explained) : explained) as [{ Plan: PlanNode }];
  return nodesOf(plan[0].Plan);
}

/**
 * Each user's current subscription (the one that ends last, ties to the newest) is the first entry of
 * `subscriptions_owner_latest_idx` for its owner (migration 0023). The export of every user walks that
 * index in owner order; it used to sort all subscriptions first (in every parallel worker, on disk at
 * 1.5M rows), which was half of a 1M-user export's time. The same plans on both engines.
 */
describe('the current subscription comes from the owner index, unsorted', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    await db.execute(
      sql`INSERT INTO subscription_plans (title, price, period, duration_days) VALUES ('Месяц', 29900, 'month', 30)`,
    );
    await db.execute(
      sql`INSERT INTO users (email, role, status) SELECT 'planner' || g || '@pult.test', 'user', 'active' FROM generate_series(1, 20000) g`,
    );
    // Two or three subscriptions for most planners, some with no end, as the seed makes them.
    await db.execute(sql`INSERT INTO subscriptions (owner, plan_id, status, source, started_at, expires_at)
      SELECT u.id, p.id, 'active', 'purchase', now() - interval '400 days',
             CASE WHEN k = 3 THEN NULL ELSE now() - interval '400 days' + (k * 30 + u.id % 7) * interval '1 day' END
        FROM users u CROSS JOIN subscription_plans p CROSS JOIN generate_series(1, 3) k
       WHERE u.role = 'user' AND (k < 3 OR u.id % 5 = 0) AND u.id % 4 <> 0`);
    await db.execute(sql`VACUUM ANALYZE subscriptions`);
    await db.execute(sql`VACUUM ANALYZE users`);
  });
  afterAll(() => t.close());

  it('exports every user by one walk of the index: DISTINCT ON reads it in order, nothing sorted', async () => {
    const nodes = await planOf(t, inlineParams(exportLinesSql({}, t.clock.now(), 'merge', RUSSIAN)));
    // DISTINCT ON (owner) is a Unique over rows in (owner, current first) order: straight off the
    // index, where the old index needed a Sort of every subscription beneath it.
    const distinct = nodes.filter((node) => node['Node Type'] === 'Unique');
    expect(distinct).toHaveLength(1);
    const beneath = nodesOf(distinct[0] as PlanNode).slice(1);
    expect(beneath.map((node) => [node['Node Type'], node['Index Name']])).toEqual([
      ['Index Only Scan', 'subscriptions_owner_latest_idx'],
    ]);
  });

  it('finds one user’s current subscription by reading the index alone', async () => {
    const nodes = await planOf(
      t,
      inlineParams(exportLinesSql({ email: 'planner15@' }, t.clock.now(), 'lateral', RUSSIAN)),
    );
    const scans = nodes.filter((node) => node['Relation Name'] === 'subscriptions');
    expect(scans.map((node) => [node['Node Type'], node['Index Name'], node['Actual Rows']])).toEqual([
      ['Index Only Scan', 'subscriptions_owner_latest_idx', 1],
    ]);
  });
});
