import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, devices } from '../../src/db/schema';
import { DEVICE_MOVES_PER_USER } from '../../src/modules/push/devices/device-moves';
import { type PushFixture, pushFixture } from './push-fixture';

/**
 * A push token registered by another planner user moves to the caller (one phone, a new sign-in),
 * but nothing proves the caller holds the token: each move is audit-logged and an account may move
 * only DEVICE_MOVES_PER_USER tokens an hour (docs/decisions/0015).
 */
describe('moving a device token between planner users', () => {
  let f: PushFixture;
  beforeAll(async () => {
    f = await pushFixture();
  });
  afterAll(() => f.t.close());

  const register = (as: 'free' | 'other', token: string) =>
    f.call('POST', '/api/client/devices', { token, platform: 'android' }, as);
  const ownerOf = async (token: string) =>
    (await f.t.database.db.select().from(devices).where(eq(devices.token, token)))[0]?.userId;
  const moves = () => f.t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'move-device'));

  it("is audit-logged with the previous and the new owner; registering one's own token again is not a move", async () => {
    await f.device('free', 'tok-family-phone');
    const response = await register('other', 'tok-family-phone');
    expect(response.statusCode).toBe(200);
    expect(await ownerOf('tok-family-phone')).toBe(f.ids.other);
    const [event] = await moves();
    expect(event).toMatchObject({
      actorId: f.ids.other,
      entity: 'device',
      entityId: String(response.json().id),
      before: { userId: f.ids.free },
      after: { userId: f.ids.other },
    });
    // The token itself is never written to the log.
    expect(JSON.stringify(event)).not.toContain('tok-family-phone');

    expect((await register('other', 'tok-family-phone')).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await register('other', `tok-new-${i}`)).statusCode).toBe(200);
    expect(await moves()).toHaveLength(1);
  });

  it('is limited per account: past the limit 429 with Retry-After, the token stays, nothing is logged', async () => {
    const { max } = DEVICE_MOVES_PER_USER;
    // One move was made above; the rest of the hour's allowance, then one too many.
    for (let i = 1; i < max; i++) {
      await f.device('free', `tok-collected-${i}`);
      expect((await register('other', `tok-collected-${i}`)).statusCode).toBe(200);
    }
    await f.device('free', 'tok-one-too-many');
    const refused = await register('other', 'tok-one-too-many');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await ownerOf('tok-one-too-many')).toBe(f.ids.free);
    expect(await moves()).toHaveLength(max);
    // Another account's moves are its own: the free user takes a token back.
    expect((await register('free', 'tok-collected-1')).statusCode).toBe(200);

    // An hour later the account may move a token again.
    await f.travel(DEVICE_MOVES_PER_USER.windowMs);
    expect((await register('other', 'tok-one-too-many')).statusCode).toBe(200);
    const [last] = await f.t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'move-device'), eq(auditEvents.actorId, f.ids.other)))
      .orderBy(auditEvents.id)
      .limit(1)
      .offset(max);
    expect(last).toMatchObject({ before: { userId: f.ids.free }, after: { userId: f.ids.other } });
  });
});
