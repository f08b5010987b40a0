import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { devices } from '../../src/db/schema';
import type { PushProvider } from '../../src/modules/push';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import { pushFixture } from './push-fixture';

/** A provider that only counts what it was asked to send, per token. */
function countingProvider() {
  const sends = new Map<string, number>();
  const provider: PushProvider = {
    name: 'counting',
    async send(messages) {
      for (const m of messages) sends.set(m.token, (sends.get(m.token) ?? 0) + 1);
      return messages.map(() => ({ status: 'sent' as const }));
    },
  };
  return { provider, sends };
}

const deliveryCheck = (reminderId: number) =>
  // Every targeted device has exactly one delivery row, and every row ended sent.
  sql`SELECT count(*)::int AS rows, count(DISTINCT device_id)::int AS devices,
        count(*) FILTER (WHERE state = 'sent')::int AS sent
      FROM push_deliveries WHERE reminder_id = ${reminderId}`;

describe('exactly once per (reminder, device)', () => {
  const opened: TestApp[] = [];
  afterAll(async () => {
    for (const app of opened.reverse()) await app.close().catch(() => undefined);
  });

  it('resumes after a crash between sending and confirming: one row per device, the lost batch resent once', async () => {
    const { provider, sends } = countingProvider();
    let crashed = false;
    const f = await pushFixture({
      push: {
        provider,
        batchSize: 2,
        afterSend: (_id, batch) => {
          if (batch === 2 && !crashed) {
            crashed = true;
            throw new Error('simulated crash before confirming batch 2');
          }
        },
      },
    });
    opened.push(f.t);
    for (let i = 0; i < 5; i++) await f.device('free', `crash-${i}`);
    const created = await f.schedule({ type: 'users', userIds: [f.ids.free] });
    await f.drain();
    expect((await f.call('GET', `/api/reminders/${created.id}`)).json()).toMatchObject({ sent: 2, pending: 3 });
    await f.travel(31_000);
    await f.drain();
    expect((await f.call('GET', `/api/reminders/${created.id}`)).json()).toMatchObject({
      status: 'sent',
      targeted: 5,
      sent: 5,
    });
    const [check] = await queryRows<{ rows: number; devices: number; sent: number }>(
      f.t.database.db,
      deliveryCheck(created.id),
    );
    expect(check).toEqual({ rows: 5, devices: 5, sent: 5 });
    expect([...sends.values()].sort()).toEqual([1, 1, 1, 2, 2]);
  });

  it('two workers on one database send each device once', async () => {
    const { provider, sends } = countingProvider();
    const f = await pushFixture({ push: { provider, batchSize: 7 } });
    opened.push(f.t);
    const second = await buildTestApp({ database: f.t.database, push: { provider, batchSize: 7 } });
    opened.push(second);
    await f.t.database.db.insert(devices).values(
      Array.from({ length: 120 }, (_, i) => ({
        userId: f.ids.other,
        token: `two-${i}`,
        platform: 'android' as const,
      })),
    );
    const created = await f.schedule({ type: 'users', userIds: [f.ids.other] });
    f.t.app.jobs.wake();
    second.app.jobs.wake();
    await Promise.all([f.t.app.jobs.idle(), second.app.jobs.idle()]);
    const [check] = await queryRows<{ rows: number; devices: number; sent: number }>(
      f.t.database.db,
      deliveryCheck(created.id),
    );
    expect(check).toEqual({ rows: 120, devices: 120, sent: 120 });
    expect([...sends.values()].every((n) => n === 1)).toBe(true);
    expect(sends.size).toBe(120);
  });

  it('a cancel while sending stops the dispatcher before its next batch', async () => {
    const { provider, sends } = countingProvider();
    let cancel: (id: number) => Promise<unknown> = async () => undefined;
    const f = await pushFixture({
      push: {
        provider,
        batchSize: 3,
        afterSend: async (id, batch) => {
          if (batch === 1) await cancel(id);
        },
      },
    });
    opened.push(f.t);
    for (let i = 0; i < 9; i++) await f.device('free', `cancel-${i}`);
    cancel = (id) => f.call('GET', `/api/reminders/${id}/cancel`);
    const created = await f.schedule({ type: 'users', userIds: [f.ids.free] });
    await f.drain();
    const detail = (await f.call('GET', `/api/reminders/${created.id}`)).json();
    expect(detail).toMatchObject({ status: 'canceled', targeted: 9, sent: 3, pending: 6 });
    expect(sends.size).toBe(3);
  });
});
