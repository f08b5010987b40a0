import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  breakdownServedForMs,
  SENDING_BREAKDOWN_MAX_MS,
  SENDING_BREAKDOWN_MS,
} from '../../src/modules/push/reminders/sending-breakdown';
import { type PushFixture, pushFixture } from './push-fixture';

/**
 * The detail of a push being sent is asked for every second by each open tab; its breakdown reads every
 * delivery row, so while the push is `sending` it is counted at most every 5 s (longer when a count is
 * slow, never past a minute), while the progress on the push's own row stays exact. Before and after the send it is always counted anew.
 */
let f: PushFixture;
beforeAll(async () => {
  f = await pushFixture();
  await f.device('subscriber', 'tok-a', 'android');
  await f.device('free', 'tok-b', 'ios');
  await f.device('other', 'tok-c', 'web');
});
afterAll(() => f.t.close());

const detail = async (id: number) => (await f.call('GET', `/api/reminders/${id}`)).json();
const run = (statement: ReturnType<typeof sql>) => f.t.database.db.execute(statement);

describe('the detail of a push being sent', () => {
  it('serves a count longer the longer it took: a tenth of the time counting, between 5 s and a minute', () => {
    expect(breakdownServedForMs(40)).toBe(SENDING_BREAKDOWN_MS);
    expect(breakdownServedForMs(2_000)).toBe(20_000);
    expect(breakdownServedForMs(30_000)).toBe(SENDING_BREAKDOWN_MAX_MS);
  });

  it('counts its breakdown at most every 5 s while sending, its progress on every request, and anew once sent', async () => {
    // Scheduled for tomorrow, so no job of the test's server sends it: the test plays the dispatcher.
    const tomorrow = new Date(f.t.clock.now().getTime() + 86_400_000).toISOString();
    const { id } = await f.schedule({ title: 'Рассылка', body: 'Всем', type: 'all', scheduledAt: tomorrow });
    // Three deliveries waiting, as the targeting leaves them, and the push marked as being sent.
    await run(sql`INSERT INTO push_deliveries (reminder_id, device_id, user_id, platform, provider, state, due_at)
                  SELECT ${id}, d.id, d.user_id, d.platform, d.provider, 'pending', now() FROM devices d`);
    await run(sql`UPDATE reminders SET status = 'sending', targeted = 3 WHERE id = ${id}`);
    const first = await detail(id);
    expect(first.pending).toBe(3);
    expect(first.byProvider.map((p: { sent: number }) => p.sent)).toEqual([0, 0]);

    // One batch goes out: the push's counter moves at once, the breakdown within a minute at the most
    // (5 s when counting is quick, as here; the test's own clock does not time the count).
    await run(
      sql`UPDATE push_deliveries SET state = 'sent', sent_at = now() WHERE reminder_id = ${id} AND platform = 'android'`,
    );
    await run(sql`UPDATE reminders SET sent = 1 WHERE id = ${id}`);
    const soon = await detail(id);
    expect(soon.sent).toBe(1);
    expect(soon.pending).toBe(3);
    f.t.clock.advance(SENDING_BREAKDOWN_MAX_MS);
    const later = await detail(id);
    expect(later.pending).toBe(2);
    expect(later.byPlatform.find((p: { platform: string }) => p.platform === 'android')?.sent).toBe(1);

    // Sent: every request counts, whatever the clock.
    await run(sql`UPDATE push_deliveries SET state = 'sent', sent_at = now() WHERE reminder_id = ${id}`);
    await run(sql`UPDATE reminders SET status = 'sent', sent = 3 WHERE id = ${id}`);
    const done = await detail(id);
    expect(done.pending).toBe(0);
    expect(done.byPlatform.reduce((n: number, p: { sent: number }) => n + p.sent, 0)).toBe(3);
  });
});
