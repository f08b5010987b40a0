import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXACT_COUNT_LIMIT, pageWindow } from '../../src/lib/page-count';
import { buildTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let token: string;
const BULK = 15_000;

beforeAll(async () => {
  t = await buildTestApp();
  await t.createUser({ email: 'admin@pult.test', role: 'admin' });
  token = (await t.signin('admin@pult.test')).apiToken;
  await t.database.db.execute(sql`
    insert into users (email, created_at)
    select 'bulk' || g || '@mail.ru', timestamptz '2025-01-01' + g * interval '1 minute'
    from generate_series(1, ${BULK}) as g`);
  await t.database.db.execute(sql`analyze users`);
});
afterAll(() => t.close());

const list = (query: Record<string, string>) =>
  t.app.inject({ url: '/api/users', query, headers: { 'api-token': token } });

describe('GET /users on a large result set', () => {
  it('answers the planner estimate above the exact-count limit, flagged as an estimate', async () => {
    const body = (await list({ take: '20' })).json();
    expect(body.countIsEstimate).toBe(true);
    expect(body.count).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(Math.abs(body.count - (BULK + 1)) / (BULK + 1)).toBeLessThan(0.2);
  });

  it('counts small filtered sets exactly', async () => {
    const body = (await list({ where: JSON.stringify({ email: 'bulk1234@' }) })).json();
    expect(body).toMatchObject({ count: 1, countIsEstimate: false });
    expect(body.items[0].email).toBe('bulk1234@mail.ru');
  });

  it('reads deep pages from the far end and returns them in the requested order', async () => {
    const first = (await list({ take: '20', sort: 'createdAt:asc', page: '1' })).json();
    const total = first.count as number;
    const lastPage = Math.ceil(total / 20);
    const last = (await list({ take: '20', sort: 'createdAt:asc', page: String(lastPage) })).json();
    const dates = (last.items as Array<{ createdAt: string }>).map((u) => u.createdAt);
    expect(dates.length).toBeGreaterThan(0);
    expect(dates).toEqual([...dates].sort());
    // With an exact count the last page would end at the newest user; here it ends where the estimate puts it.
    expect(first.items[0].email).toBe('bulk1@mail.ru');
  });
});

describe('pageWindow', () => {
  it('reads forward for small totals and early pages', () => {
    expect(pageWindow(100, 3, 20)).toEqual({ reverse: false, offset: 40, limit: 20 });
    expect(pageWindow(1_000_000, 1000, 20)).toEqual({ reverse: false, offset: 19_980, limit: 20 });
  });
  it('reads backward for deep pages of large totals, with a short last page', () => {
    expect(pageWindow(1_000_005, 50_001, 20)).toEqual({ reverse: true, offset: 0, limit: 5 });
    expect(pageWindow(1_000_005, 50_000, 20)).toEqual({ reverse: true, offset: 5, limit: 20 });
    expect(pageWindow(1_000_000, 60_000, 20)).toEqual({ reverse: true, offset: 0, limit: 0 });
  });
});
