import { knownJobKinds } from '@pult/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allModules } from '../../src/all-modules';
import { auditEvents, jobs, promoSeries, reminders, subscriptionPlans } from '../../src/db/schema';
import { buildTestApp, type TestApp } from '../helpers/test-app';

/** The jobs screen's API: filters by kind and state, counts, progress from the subjects, cancel. */

let t: TestApp;
let tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const HOUR = 3600_000;

beforeAll(async () => {
  t = await buildTestApp();
  ({ tokens } = await t.accounts(['admin', 'editor', 'user']));
  const db = t.database.db;
  const now = t.clock.now();
  const later = new Date(now.getTime() + 24 * HOUR);
  const [plan] = await db
    .insert(subscriptionPlans)
    .values({ title: 'Год', price: 100, period: 'year', durationDays: 365 })
    .returning();
  const series = await db
    .insert(promoSeries)
    .values(
      ['running', 'pending'].map((status, n) => ({
        name: `Серия ${n}`,
        codeLength: 8,
        codesCount: 100,
        planId: plan?.id ?? 0,
        durationDays: 30,
        generationStatus: status as 'running' | 'pending',
        generated: n === 0 ? 40 : 0,
      })),
    )
    .returning({ id: promoSeries.id });
  const pushes = await db
    .insert(reminders)
    .values([
      // Being sent: 10 devices targeted, 6 sent and 1 failed so far.
      {
        title: 'Идёт',
        body: 'b',
        type: 'all',
        scheduledAt: now,
        status: 'sending',
        targetedAt: now,
        targeted: 10,
        sent: 6,
        failed: 1,
      },
      // Scheduled for tomorrow: its audience is not resolved yet.
      { title: 'Завтра', body: 'b', type: 'all', scheduledAt: later, status: 'scheduled' },
    ])
    .returning({ id: reminders.id });
  const insert = async (name: string, values: Omit<typeof jobs.$inferInsert, 'runAt'> & { runAt?: Date }) => {
    const [row] = await db
      .insert(jobs)
      .values({ runAt: later, ...values })
      .returning({ id: jobs.id });
    ids[name] = row?.id ?? 0;
  };
  // Due tomorrow, or held under a live lease: the worker leaves all of them alone during the test.
  await insert('generationFailed', {
    kind: 'promo-generation',
    subjectId: series[0]?.id ?? 0,
    status: 'failed',
    attempts: 5,
    lastError: 'connection terminated',
  });
  await insert('generationPending', { kind: 'promo-generation', subjectId: series[1]?.id ?? 0, status: 'pending' });
  await insert('dispatchRunning', {
    kind: 'push-dispatch',
    subjectId: pushes[0]?.id ?? 0,
    status: 'running',
    attempts: 1,
    leaseUntil: later,
    leaseOwner: 'another process',
  });
  await insert('dispatchPending', { kind: 'push-dispatch', subjectId: pushes[1]?.id ?? 0, status: 'pending' });
  await insert('dispatchDone', { kind: 'push-dispatch', subjectId: 999_001, status: 'done', attempts: 1 });
  // A kind this server does not run (left by an older version, say).
  await insert('unknownFailed', { kind: 'old-report', subjectId: 1, status: 'failed', attempts: 3, lastError: 'gone' });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, token: string | undefined = tokens.admin) =>
  t.app.inject({ method, url, headers: token ? { 'api-token': token } : {} });

describe('the kinds of work', () => {
  it('are each declared by their module and named by the contract (so the SPA has words for them)', () => {
    const declared = allModules.flatMap((module) => module.jobKinds ?? []).map((kind) => kind.name);
    expect(declared.sort()).toEqual([...knownJobKinds].sort());
  });
});

describe('the jobs summary', () => {
  it('counts jobs by kind and state, lists every kind the server runs, and says the limits', async () => {
    const response = await call('GET', '/api/jobs/summary');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.backoff).toEqual({ baseMs: 10_000, capMs: 3_600_000, jitter: 0.2 });
    const byKind = Object.fromEntries(body.kinds.map((kind: { kind: string }) => [kind.kind, kind]));
    expect(byKind['promo-generation']).toEqual({
      kind: 'promo-generation',
      maxAttempts: 5,
      counts: { pending: 1, running: 0, done: 0, failed: 1, canceled: 0 },
    });
    expect(byKind['push-dispatch']).toEqual({
      kind: 'push-dispatch',
      maxAttempts: 5,
      counts: { pending: 1, running: 1, done: 1, failed: 0, canceled: 0 },
    });
    expect(byKind['old-report']).toMatchObject({ maxAttempts: null, counts: { failed: 1 } });
  });
});

describe('the jobs list', () => {
  it('filters by state and kind, and carries each subject’s progress', async () => {
    const failed = await call('GET', '/api/jobs?state=failed');
    expect(failed.json().items.map((job: { id: number }) => job.id)).toEqual([ids.unknownFailed, ids.generationFailed]);
    const generation = await call('GET', '/api/jobs?state=failed&kind=promo-generation');
    expect(generation.json()).toMatchObject({
      items: [
        {
          id: ids.generationFailed,
          attempts: 5,
          lastError: 'connection terminated',
          progress: { done: 40, total: 100 },
        },
      ],
      nextCursor: null,
    });
    expect((await call('GET', '/api/jobs?state=failed&kind=old-report')).json().items[0].progress).toBeNull();

    const running = await call('GET', '/api/jobs?state=running&kind=push-dispatch');
    expect(running.json().items).toMatchObject([{ id: ids.dispatchRunning, progress: { done: 7, total: 10 } }]);
    // Not targeted yet: no total to show.
    const pending = await call('GET', '/api/jobs?state=pending&kind=push-dispatch');
    expect(pending.json().items).toMatchObject([{ id: ids.dispatchPending, progress: null }]);
    // A subject that is gone: no progress either.
    expect((await call('GET', '/api/jobs?state=done')).json().items).toMatchObject([{ progress: null }]);
    // A blank kind is no filter; a kind without jobs is an empty page.
    expect((await call('GET', '/api/jobs?state=pending&kind=')).json().items).toHaveLength(2);
    expect((await call('GET', '/api/jobs?state=pending&kind=nothing-here')).json()).toEqual({
      items: [],
      nextCursor: null,
    });
  });

  it('pages by keyset within a kind', async () => {
    const first = await call('GET', '/api/jobs?state=pending&take=1');
    expect(first.json()).toMatchObject({ items: [{ id: ids.dispatchPending }], nextCursor: ids.dispatchPending });
    const second = await call('GET', `/api/jobs?state=pending&take=1&cursor=${first.json().nextCursor}`);
    expect(second.json()).toMatchObject({ items: [{ id: ids.generationPending }], nextCursor: null });
  });

  it('refuses bad input with 400', async () => {
    for (const query of [
      'state=stuck',
      'kind=Push_Dispatch',
      `kind=${'a'.repeat(51)}`,
      'take=0',
      'take=101',
      'cursor=-1',
      'cursor=x',
    ])
      expect((await call('GET', `/api/jobs?${query}`)).json(), query).toMatchObject({ statusCode: 400 });
  });
});

describe('canceling a job', () => {
  const audited = async (id: number) =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'cancel'), eq(auditEvents.entity, 'job'), eq(auditEvents.entityId, String(id))),
      );

  it('cancels a waiting push and the push with it, audited', async () => {
    const response = await call('POST', `/api/jobs/${ids.dispatchPending}/cancel`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: ids.dispatchPending, status: 'canceled' });
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, ids.dispatchPending ?? 0));
    const [push] = await t.database.db
      .select()
      .from(reminders)
      .where(eq(reminders.id, job?.subjectId ?? 0));
    expect(push?.status).toBe('canceled');
    expect(await audited(ids.dispatchPending ?? 0)).toMatchObject([
      { after: { kind: 'push-dispatch', subjectId: job?.subjectId } },
    ]);
  });

  it('cancels a failed generation: the series keeps its codes and says it stopped', async () => {
    const response = await call('POST', `/api/jobs/${ids.generationFailed}/cancel`);
    expect(response.json()).toMatchObject({ status: 'canceled', progress: { done: 40, total: 100 } });
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, ids.generationFailed ?? 0));
    const [series] = await t.database.db
      .select()
      .from(promoSeries)
      .where(eq(promoSeries.id, job?.subjectId ?? 0));
    expect(series).toMatchObject({ generationStatus: 'failed', generated: 40 });
    expect(series?.generationError).toMatch(/canceled/);
    expect(await audited(ids.generationFailed ?? 0)).toHaveLength(1);
  });

  it('answers 409 for a running, done or canceled job and 404 for none, changing nothing', async () => {
    for (const name of ['dispatchRunning', 'dispatchDone', 'dispatchPending']) {
      const response = await call('POST', `/api/jobs/${ids[name]}/cancel`);
      expect(response.json(), name).toMatchObject({ statusCode: 409, code: 'CONFLICT' });
    }
    const [running] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, ids.dispatchRunning ?? 0));
    expect(running?.status).toBe('running');
    expect((await call('POST', '/api/jobs/2000000000/cancel')).json()).toMatchObject({
      statusCode: 404,
      code: 'NOT_FOUND',
    });
    for (const id of ['0', 'x', '3000000000'])
      expect((await call('POST', `/api/jobs/${id}/cancel`)).statusCode, id).toBe(400);
  });
});

describe('who may see and change jobs', () => {
  it('admins only: editors and planner users get 403, no token 401', async () => {
    const id = ids.generationPending ?? 0;
    for (const [method, url] of [
      ['GET', '/api/jobs'],
      ['GET', '/api/jobs/summary'],
      ['POST', `/api/jobs/${id}/cancel`],
      ['POST', `/api/jobs/${id}/retry`],
    ] as const) {
      expect((await call(method, url, tokens.editor)).statusCode, `${method} ${url} editor`).toBe(403);
      expect((await call(method, url, tokens.user)).statusCode, `${method} ${url} user`).toBe(403);
      expect((await call(method, url, '')).statusCode, `${method} ${url} anonymous`).toBe(401);
    }
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(job?.status).toBe('pending');
  });
});
