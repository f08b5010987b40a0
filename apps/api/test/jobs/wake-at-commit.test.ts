import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../src/db/schema';
import { enqueueJob, JOBS_CHANNEL, jobKind } from '../../src/modules/jobs';
import { buildTestApp, type TestApp } from '../helpers/test-app';

// The workers poll once an hour here: only the notification sent at commit can wake them in time.
const AN_HOUR = 3_600_000;
let t: TestApp;
let second: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ jobsPollMs: AN_HOUR });
  second = await buildTestApp({ database: t.database, jobsPollMs: AN_HOUR });
});
afterAll(async () => {
  await second.app.close();
  await t.close();
});

const statusOf = async (id: number) =>
  (await t.database.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id)))[0]?.status;

describe('a job queued in a transaction wakes the workers when it commits', () => {
  it('runs a job retried through the API without any route waking a worker', async () => {
    await t.createUser({ email: 'admin@pult.test', role: 'admin' });
    const { apiToken } = await t.signin('admin@pult.test');
    const [row] = await t.database.db
      .insert(jobs)
      // A series that does not exist: the run finds nothing to do and ends done.
      .values({
        kind: 'promo-generation',
        subjectId: 900_001,
        status: 'failed',
        runAt: t.clock.now(),
        attempts: 5,
        lastError: 'broken',
      })
      .returning({ id: jobs.id });
    const id = row?.id ?? 0;
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/jobs/${id}/retry`,
      headers: { 'api-token': apiToken },
    });
    expect(retried.statusCode).toBe(200);
    await expect.poll(() => statusOf(id), { timeout: 20_000, interval: 50 }).toBe('done');
  });

  it('sends no wake-up for work queued in a transaction that rolled back', async () => {
    const heard: string[] = [];
    const unlisten = await t.database.listen(JOBS_CHANNEL, (kind) => heard.push(kind));
    await expect(
      t.database.db.transaction(async (tx) => {
        await enqueueJob(tx, { kind: jobKind('test-rolled-back'), subjectId: 1, runAt: t.clock.now() });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await t.database.db.transaction((tx) =>
      enqueueJob(tx, { kind: jobKind('test-committed'), subjectId: 1, runAt: t.clock.now() }),
    );
    // Notifications arrive in commit order: once the committed one is here, a rolled-back one would be too.
    await expect.poll(() => heard, { timeout: 20_000, interval: 50 }).toContain('test-committed');
    await unlisten();
    expect(heard).not.toContain('test-rolled-back');
    expect(await t.database.db.select().from(jobs).where(eq(jobs.kind, 'test-rolled-back'))).toEqual([]);
  });

  it('wakes the worker of every process on the database, not only the enqueuing one', async () => {
    // Both apps run this kind; whichever claims it first runs it, though neither polled and nothing called wake().
    await t.database.db.transaction((tx) =>
      enqueueJob(tx, { kind: jobKind('promo-generation'), subjectId: 900_003, runAt: t.clock.now() }),
    );
    const [row] = await t.database.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.subjectId, 900_003));
    await expect.poll(() => statusOf(row?.id ?? 0), { timeout: 20_000, interval: 50 }).toBe('done');
  });
});
