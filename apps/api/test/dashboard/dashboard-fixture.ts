import type { DashboardData } from '@pult/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { queryRows } from '../../src/db/client';
import { buildTestApp, type TestApp } from '../helpers/test-app';

/** Noon in Moscow on 1 June 2025: "today" for these tests. */
export const NOW = new Date('2025-06-01T09:00:00Z');

export interface DashboardTest extends TestApp {
  token: string;
  data(period?: number): Promise<DashboardData>;
  rows<T>(text: string): Promise<T[]>;
}

/** An app whose clock reads NOW, with an admin signed in. */
export async function dashboardApp(database?: Database): Promise<DashboardTest> {
  const t = await buildTestApp(database ? { database } : {});
  t.clock.advance(NOW.getTime() - t.clock.now().getTime());
  await t.createUser({ email: 'boss@pult.test', role: 'admin' });
  const token = (await t.signin('boss@pult.test')).apiToken;
  const data = async (period?: number) => {
    const response = await t.app.inject({
      url: `/api/common/dashboard-data${period ? `?period=${period}` : ''}`,
      headers: { 'api-token': token },
    });
    if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
    return response.json() as DashboardData;
  };
  const rows = <T>(text: string) => queryRows<T>(t.database.db, sql.raw(text));
  return { ...t, token, data, rows };
}
