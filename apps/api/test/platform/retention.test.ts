import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { deleteRetainedRows } from '../../src/db/retained-rows';
import { auditEvents, devices, pushDeliveries, reminders } from '../../src/db/schema';
import { startPeriodicJob } from '../../src/lib/periodic-job';
import { buildTestApp, type TestApp } from '../helpers/test-app';

/** The retention purge: only rows older than the settings keep, a bounded batch per table per statement. */

let t: TestApp;
let adminId = 0;
let token = '';
const DAY = 24 * 3600 * 1000;
const pushIds: Record<string, number> = {};

const daysAgo = (days: number) => new Date(t.clock.now().getTime() - days * DAY);
const KEEP_ALL = { pushDeliveriesMonths: null, signInsMonths: null, auditMonths: null, revisionsMonths: null };

beforeAll(async () => {
  t = await buildTestApp();
  adminId = await t.createUser({ email: 'admin@pult.test', role: 'admin' });
  token = (await t.signin('admin@pult.test')).apiToken;
  const db = t.database.db;
  const planner = await t.createUser({ email: 'planner@pult.test' });
  const phones = await db
    .insert(devices)
    .values([1, 2, 3, 4, 5].map((n) => ({ userId: planner, token: `device-${n}`, platform: 'android' as const })))
    .returning({ id: devices.id });
  // Finished eight months ago, six weeks ago, and an old push still being sent (stuck, say).
  const pushes = [
    { name: 'old', status: 'sent', at: daysAgo(240), deliveries: 5 },
    { name: 'canceledOld', status: 'canceled', at: daysAgo(250), deliveries: 1 },
    { name: 'recent', status: 'sent', at: daysAgo(45), deliveries: 3 },
    { name: 'stillSending', status: 'sending', at: daysAgo(300), deliveries: 2 },
  ] as const;
  for (const push of pushes) {
    const [row] = await db
      .insert(reminders)
      .values({
        title: push.name,
        body: 'b',
        type: 'all',
        scheduledAt: push.at,
        status: push.status,
        targetedAt: push.at,
        targeted: push.deliveries,
        sent: push.deliveries,
        finishedAt: push.status === 'sending' ? null : new Date(push.at.getTime() + 60_000),
      })
      .returning({ id: reminders.id });
    pushIds[push.name] = row?.id ?? 0;
    await db.insert(pushDeliveries).values(
      phones.slice(0, push.deliveries).map((phone) => ({
        reminderId: row?.id ?? 0,
        deviceId: phone.id,
        userId: planner,
        platform: 'android' as const,
        state: push.status === 'sending' ? ('pending' as const) : ('sent' as const),
        dueAt: push.at,
        sentAt: push.status === 'sending' ? null : push.at,
      })),
    );
  }
  const event = (action: string, days: number) => ({
    actorId: adminId,
    action,
    entity: 'user',
    entityId: String(adminId),
    at: daysAgo(days),
  });
  await db
    .insert(auditEvents)
    .values([
      event('signin', 400),
      event('signin', 390),
      event('signout', 380),
      event('signin', 20),
      event('update', 400),
      event('update', 200),
      event('update', 10),
    ]);
});
afterAll(() => t.close());

const remaining = async () => {
  const db = t.database.db;
  const deliveries = await db.select({ reminderId: pushDeliveries.reminderId }).from(pushDeliveries);
  const byPush = Object.fromEntries(
    Object.entries(pushIds).map(([name, id]) => [name, deliveries.filter((row) => row.reminderId === id).length]),
  );
  const audit = await db.select({ action: auditEvents.action, at: auditEvents.at }).from(auditEvents);
  const old = (days: number) => audit.filter((row) => row.at < daysAgo(days));
  return {
    byPush,
    oldSignIns: old(365).filter((row) => row.action !== 'update').length,
    signIns: audit.filter((row) => row.action !== 'update').length,
    updates: audit.filter((row) => row.action === 'update').length,
  };
};

describe('the retention purge', () => {
  it('keeps everything when every period is off', async () => {
    const before = await remaining();
    expect(await deleteRetainedRows(t.database.db, t.clock.now(), KEEP_ALL, 2)).toEqual({});
    expect(await remaining()).toEqual(before);
  });

  it('deletes old deliveries and sign-in records in batches, and nothing newer or unfinished', async () => {
    const before = await remaining();
    expect(before.byPush).toEqual({ old: 5, canceledOld: 1, recent: 3, stillSending: 2 });
    const periods = { ...KEEP_ALL, pushDeliveriesMonths: 6, signInsMonths: 12 };
    const rounds: Array<Record<string, number>> = [];
    for (let round = 0; round < 10; round += 1) {
      const figures = await deleteRetainedRows(t.database.db, t.clock.now(), periods, 2);
      rounds.push(figures);
      if (Object.values(figures).every((count) => count === 0)) break;
    }
    // Six old deliveries and three old sign-in records, at most two per table per statement.
    expect(rounds).toEqual([
      { pushDeliveries: 2, signIns: 2 },
      { pushDeliveries: 2, signIns: 1 },
      { pushDeliveries: 2, signIns: 0 },
      { pushDeliveries: 0, signIns: 0 },
    ]);
    const after = await remaining();
    expect(after.byPush).toEqual({ old: 0, canceledOld: 0, recent: 3, stillSending: 2 });
    // Left: the sign-in of 20 days ago, and the test's own of today.
    expect(after).toMatchObject({ oldSignIns: 0, signIns: 2, updates: 3 });
    // The pushes keep their counters (the push list and the dashboard read them, not the deliveries).
    const [old] = await t.database.db
      .select()
      .from(reminders)
      .where(eq(reminders.id, pushIds.old ?? 0));
    expect(old).toMatchObject({ status: 'sent', targeted: 5, sent: 5 });
  });

  it('deletes old audit events of every kind only when an admin set a period', async () => {
    const figures = await deleteRetainedRows(t.database.db, t.clock.now(), { ...KEEP_ALL, auditMonths: 6 }, 1000);
    expect(figures).toEqual({ auditEvents: 2 });
    const left = await t.database.db.select({ action: auditEvents.action, at: auditEvents.at }).from(auditEvents);
    expect(left.every((row) => row.at >= daysAgo(185))).toBe(true);
    expect(left.filter((row) => row.action === 'update')).toHaveLength(1);
  });

  it('runs in the cleanup job with the saved settings', async () => {
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/common/settings',
      headers: { 'api-token': token },
      payload: { retention: { pushDeliveriesMonths: 1, signInsMonths: 1, auditMonths: null } },
    });
    expect(patch.statusCode).toBe(200);
    const signInRows = () =>
      t.database.db
        .select({ id: auditEvents.id, at: auditEvents.at })
        .from(auditEvents)
        .where(inArray(auditEvents.action, ['signin', 'signout']))
        .orderBy(auditEvents.id);
    // No record lies between 28 and 31 days back, so "a month" has one answer whatever today's month.
    const young = (await signInRows()).filter((row) => row.at >= daysAgo(28));
    expect(await t.app.cleanup.runOnce()).toBe(true);
    const after = await remaining();
    // The push of six weeks ago is past one month now; the one still sending stays.
    expect(after.byPush).toEqual({ old: 0, canceledOld: 0, recent: 0, stillSending: 2 });
    expect(await signInRows()).toEqual(young);
  });
});

describe('a periodic job in rounds', () => {
  it('runs its statements without parallel workers, and leaves the setting to its transaction', async () => {
    const workers = (db: Parameters<typeof queryRows>[0]) =>
      queryRows<{ n: string }>(db, sql`SELECT current_setting('max_parallel_workers_per_gather') AS n`);
    // PostgreSQL's default is 2; PGlite, one process, starts at 0: the test's point there is the job's value.
    const before = (await workers(t.database.db))[0]?.n;
    const seen: string[] = [];
    const job = startPeriodicJob({
      name: 'workers-test',
      lockKey: 7_146_098,
      everyMs: 3_600_000,
      db: t.database.db,
      log: t.app.log,
      run: async (tx) => {
        seen.push((await workers(tx))[0]?.n ?? '');
        return {};
      },
    });
    expect(await job.runOnce()).toBe(true);
    await job.stop();
    expect(seen).toEqual(['0']);
    expect((await workers(t.database.db))[0]?.n).toBe(before);
    if (process.env.PULT_TEST_DB === 'postgres') expect(before).not.toBe('0');
  });

  it('runs again at once while a round filled its batch, each round its own transaction, up to its rounds', async () => {
    const runs: Array<{ left: number; tx: string }> = [];
    let left = 7;
    const job = startPeriodicJob({
      name: 'rounds-test',
      lockKey: 7_146_099,
      everyMs: 3_600_000,
      db: t.database.db,
      log: t.app.log,
      rounds: 3,
      more: (figures) => (figures.done ?? 0) >= 2,
      run: async (tx) => {
        const [row] = await queryRows<{ tx: string }>(tx, sql`SELECT txid_current()::text AS tx`);
        const done = Math.min(2, left);
        left -= done;
        runs.push({ left, tx: row?.tx ?? '' });
        return { done };
      },
    });
    expect(await job.runOnce()).toBe(true);
    // Three full rounds (2 + 2 + 2), then the tick ends; the next tick takes the last one and stops.
    expect(runs.map((run) => run.left)).toEqual([5, 3, 1]);
    expect(new Set(runs.map((run) => run.tx)).size).toBe(3);
    await job.runOnce();
    expect(runs.map((run) => run.left)).toEqual([5, 3, 1, 0]);
    await job.stop();
  });
});
