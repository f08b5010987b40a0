import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../src/db/schema';
import { buildTestApp, type TestApp } from '../helpers/test-app';

/** The dashboard's counting policies among the system settings (docs/decisions/0049). */

let t: TestApp;
let tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  ({ tokens } = await t.accounts(['admin', 'editor']));
});
afterAll(() => t.close());

const patch = (analytics: unknown, token: string | undefined = tokens.admin) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/common/settings',
    payload: { analytics } as object,
    headers: token ? { 'api-token': token } : {},
  });
const read = async () =>
  (await t.app.inject({ url: '/api/common/settings', headers: { 'api-token': tokens.admin ?? '' } })).json();
const dashboardPolicies = async (role: 'admin' | 'editor') =>
  (
    await t.app.inject({ url: '/api/common/dashboard-data?period=7', headers: { 'api-token': tokens[role] ?? '' } })
  ).json().policies;

const CHOSEN = { refunds: 'rewriteClosedDays', promoGrantsAsSubscribers: false };

describe('analytics policies', () => {
  it('count refunds on their own day and promo grants as subscribers by default', async () => {
    expect((await read()).analytics).toEqual({ refunds: 'onRefundDay', promoGrantsAsSubscribers: true });
    expect(await dashboardPolicies('editor')).toEqual({ refunds: 'onRefundDay', promoGrantsAsSubscribers: true });
  });

  it('an admin changes them: saved whole, audited, and the dashboard answers under them at once', async () => {
    const response = await patch(CHOSEN);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().analytics).toEqual(CHOSEN);
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'settings'), eq(auditEvents.action, 'update')));
    expect(event).toMatchObject({
      before: { analytics: { refunds: 'onRefundDay', promoGrantsAsSubscribers: true } },
      after: { analytics: CHOSEN },
    });
    // Editors read the dashboard too, and see the policy the admin chose.
    expect(await dashboardPolicies('editor')).toEqual(CHOSEN);
    expect(
      (await t.app.inject({ url: '/api/analytics/cohorts', headers: { 'api-token': tokens.editor ?? '' } })).json()
        .policies,
    ).toEqual(CHOSEN);
  });

  it('a save of other settings keeps them', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/common/settings',
      payload: { projectName: 'Pult analytics' },
      headers: { 'api-token': tokens.admin ?? '' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().analytics).toEqual(CHOSEN);
  });

  it('refuse anything but the two refund policies and a boolean, with 400 and the field', async () => {
    const valid = { refunds: 'onRefundDay', promoGrantsAsSubscribers: true };
    for (const [analytics, field] of [
      [{ ...valid, refunds: 'never' }, 'analytics.refunds'],
      [{ ...valid, refunds: null }, 'analytics.refunds'],
      [{ ...valid, promoGrantsAsSubscribers: 'yes' }, 'analytics.promoGrantsAsSubscribers'],
      [{ ...valid, promoGrantsAsSubscribers: 1 }, 'analytics.promoGrantsAsSubscribers'],
      [{ refunds: 'onRefundDay' }, 'analytics.promoGrantsAsSubscribers'],
      [{ ...valid, extra: true }, 'analytics.extra'],
      [null, 'analytics'],
      ['onRefundDay', 'analytics'],
    ] as const) {
      const response = await patch(analytics);
      expect(response.statusCode, JSON.stringify(analytics)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(Object.keys(response.json().errors ?? {}), JSON.stringify(analytics)).toContain(field);
    }
    expect((await read()).analytics).toEqual(CHOSEN);
  });

  it('are for admins only: an editor is refused with 403, nobody signed in with 401', async () => {
    const editor = await patch({ refunds: 'onRefundDay', promoGrantsAsSubscribers: true }, tokens.editor);
    expect(editor.statusCode).toBe(403);
    expect((await patch({ refunds: 'onRefundDay', promoGrantsAsSubscribers: true }, '')).statusCode).toBe(401);
    expect((await read()).analytics).toEqual(CHOSEN);
  });
});
