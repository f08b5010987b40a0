import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, jobs } from '../../src/db/schema';
import { buildTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  ({ tokens } = await t.accounts(['admin', 'editor']));
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, token = tokens.admin) =>
  t.app.inject({ method, url, headers: { 'api-token': token ?? '' } });

describe('failed jobs through the API (admin only)', () => {
  it('lists failed jobs with their error, newest first, and retries one', async () => {
    const rows = await t.database.db
      .insert(jobs)
      .values(
        [1, 2, 3].map((n) => ({
          kind: 'promo-generation',
          // Series that do not exist: a retried run finds nothing to do and ends done.
          subjectId: 900_000 + n,
          status: 'failed' as const,
          runAt: t.clock.now(),
          attempts: 5,
          lastError: `broken ${n}`,
        })),
      )
      .returning({ id: jobs.id });
    await t.database.db.insert(jobs).values({ kind: 'push-dispatch', subjectId: 1, runAt: t.clock.now() });

    const first = await call('GET', '/api/jobs?state=failed&take=2');
    expect(first.statusCode).toBe(200);
    expect(first.json().items.map((job: { lastError: string }) => job.lastError)).toEqual(['broken 3', 'broken 2']);
    const rest = await call('GET', `/api/jobs?take=2&cursor=${first.json().nextCursor}`);
    expect(rest.json()).toMatchObject({ items: [{ lastError: 'broken 1', attempts: 5 }], nextCursor: null });

    const id = rows[0]?.id ?? 0;
    const retried = await call('POST', `/api/jobs/${id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ id, status: 'pending', attempts: 0, lastError: 'broken 1' });
    await t.app.jobs.idle();
    const [after] = await t.database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(after?.status).toBe('done');
    const audited = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'retry'), eq(auditEvents.entity, 'job')));
    expect(audited.map((event) => event.entityId)).toEqual([String(id)]);

    expect((await call('POST', `/api/jobs/${id}/retry`)).json()).toMatchObject({ statusCode: 409, code: 'CONFLICT' });
    expect((await call('POST', '/api/jobs/2000000000/retry')).json()).toMatchObject({
      statusCode: 404,
      code: 'NOT_FOUND',
    });
    expect((await call('GET', '/api/jobs?state=failed', tokens.editor)).statusCode).toBe(403);
    expect((await call('GET', '/api/jobs?state=stuck')).statusCode).toBe(400);
  });
});
