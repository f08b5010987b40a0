import { and, eq, gt, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, promoCodes } from '../../src/db/schema';
import { redeemPromoCode } from '../../src/modules/promo-codes/redemption/redemption-repository';
import { type PromoFixture, promoFixture } from '../promo-codes/promo-fixture';

/**
 * The audit events the database functions write themselves (a grant by an admin, a promo redemption
 * one by one or in sets: pult_grant_subscription, pult_grant_subscriptions) carry the request's id
 * like those request.audit writes (docs/decisions/0033).
 */
describe('request ids on the audit events of grants', () => {
  let f: PromoFixture;
  let codes: string[] = [];
  const planners: { id: number; token: string }[] = [];

  beforeAll(async () => {
    f = await promoFixture();
    for (let i = 0; i < 2; i++) {
      const id = await f.t.createUser({ email: `granted${i}@mail.ru`, role: 'user' });
      planners.push({ id, token: (await f.t.signin(`granted${i}@mail.ru`)).apiToken });
    }
    const series = await f.createSeries({
      name: 'Запросы',
      prefix: 'RID',
      codeLength: 8,
      codesCount: 12,
      durationDays: 30,
    });
    codes = (
      await f.t.database.db
        .select({ value: promoCodes.value })
        .from(promoCodes)
        .where(eq(promoCodes.seriesId, series.id))
    ).map((row) => row.value);
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const lastAuditId = async () => {
    const rows = await f.t.database.db.select({ id: auditEvents.id }).from(auditEvents);
    return Math.max(0, ...rows.map((row) => row.id));
  };
  const grantsSince = (id: number) =>
    f.t.database.db
      .select({ action: auditEvents.action, actorId: auditEvents.actorId, requestId: auditEvents.requestId })
      .from(auditEvents)
      .where(and(gt(auditEvents.id, id), inArray(auditEvents.action, ['grant-subscription', 'extend-subscription'])));

  it("an admin's grant", async () => {
    const since = await lastAuditId();
    const planner = planners[0];
    const response = await f.t.app.inject({
      url: `/api/subscriptions/subscribe-by-admin/${planner?.id}/${f.planId}`,
      headers: { 'api-token': f.tokens.admin, 'x-request-id': 'admin-grant-1' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await grantsSince(since)).toEqual([
      { action: 'grant-subscription', actorId: expect.any(Number), requestId: 'admin-grant-1' },
    ]);
  });

  it("a planner's redemption through the API", async () => {
    const since = await lastAuditId();
    const response = await f.t.app.inject({
      method: 'POST',
      url: '/api/client/promo-codes/activate',
      payload: { code: codes[0] },
      headers: { 'api-token': planners[1]?.token ?? '', 'x-request-id': 'redeem-api-1' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await grantsSince(since)).toEqual([
      { action: 'grant-subscription', actorId: planners[1]?.id, requestId: 'redeem-api-1' },
    ]);
  });

  it('redemptions that go to the database together, one alone and nine in sets, each with its own id', async () => {
    const since = await lastAuditId();
    const ids = Array.from({ length: 10 }, (_, i) => `redeem-batch-${i}`);
    const results = await Promise.all(
      ids.map((requestId, i) =>
        redeemPromoCode(f.t.database.db, {
          code: codes[1 + i] ?? '',
          userId: planners[i % 2]?.id ?? 0,
          at: new Date(),
          ip: '203.0.113.9',
          requestId,
          userKey: `rid:user:${i % 2}`,
          ipKey: 'rid:ip',
          perUser: 100,
          perIp: 100,
          windowMs: 60_000,
        }),
      ),
    );
    expect(results.every((result) => 'granted' in result)).toBe(true);
    const rows = await grantsSince(since);
    expect(rows.map((row) => row.requestId).sort()).toEqual([...ids].sort());
  });
});
