import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PushFixture, pushFixture } from './push-fixture';

/** Issue 29, item 19: pushes were listed oldest first; the latest come first now, and the order is asked for by `sort`. */
describe('GET /reminders order', () => {
  let f: PushFixture;
  const ids: number[] = [];
  beforeAll(async () => {
    f = await pushFixture();
    const now = f.t.clock.now().getTime();
    for (const hours of [1, 48, 5]) {
      const scheduledAt = new Date(now + hours * 3600_000).toISOString();
      ids.push((await f.schedule({ scheduledAt, type: 'all', title: `через ${hours} ч` })).id);
    }
  });
  afterAll(() => f.t.close());

  const listed = async (query = '') => {
    const response = await f.call('GET', `/api/reminders${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().items.map((r: { id: number }) => r.id);
  };

  it('lists the latest scheduled first', async () => {
    expect(await listed()).toEqual([ids[1], ids[2], ids[0]]);
    expect(await listed('?sort=scheduledAt:desc')).toEqual([ids[1], ids[2], ids[0]]);
  });

  it('lists the earliest first when asked, and refuses an order nothing serves', async () => {
    expect(await listed('?sort=scheduledAt:asc')).toEqual([ids[0], ids[2], ids[1]]);
    expect((await f.call('GET', '/api/reminders?sort=title:asc')).statusCode).toBe(400);
  });
});
