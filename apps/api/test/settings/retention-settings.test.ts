import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../src/db/schema';
import { buildTestApp, type TestApp } from '../helpers/test-app';

/** The retention periods among the system settings: defaults, validation, who may change them. */

let t: TestApp;
let tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  ({ tokens } = await t.accounts(['admin', 'editor']));
});
afterAll(() => t.close());

const patch = (retention: unknown, token: string | undefined = tokens.admin) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/common/settings',
    payload: { retention } as object,
    headers: token ? { 'api-token': token } : {},
  });

/** What the second test saves, and what stays after the refused ones. */
const SAVED = { pushDeliveriesMonths: 3, signInsMonths: null, auditMonths: 36, revisionsMonths: 24 };

describe('retention settings', () => {
  it('keep deliveries 6 months and sign-ins 12 by default, the audit log and the records’ history for good', async () => {
    const response = await t.app.inject({ url: '/api/common/settings', headers: { 'api-token': tokens.admin ?? '' } });
    expect(response.json().retention).toEqual({
      pushDeliveriesMonths: 6,
      signInsMonths: 12,
      auditMonths: null,
      revisionsMonths: null,
    });
  });

  it('are saved whole and audited', async () => {
    const response = await patch({
      pushDeliveriesMonths: 3,
      signInsMonths: null,
      auditMonths: 36,
      revisionsMonths: 24,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().retention).toEqual(SAVED);
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'settings'), eq(auditEvents.action, 'update')));
    expect(event).toMatchObject({
      before: { retention: { pushDeliveriesMonths: 6, signInsMonths: 12, auditMonths: null, revisionsMonths: null } },
      after: { retention: SAVED },
    });
  });

  it('refuse anything but whole months from 1 to 120 or null, with 400 and the field', async () => {
    const valid = { pushDeliveriesMonths: 6, signInsMonths: 12, auditMonths: null };
    for (const retention of [
      { ...valid, pushDeliveriesMonths: 0 },
      { ...valid, signInsMonths: 121 },
      { ...valid, auditMonths: 1.5 },
      { ...valid, auditMonths: -3 },
      { ...valid, pushDeliveriesMonths: '6' },
      { ...valid, revisionsMonths: 0 },
      { ...valid, revisionsMonths: 121 },
      { pushDeliveriesMonths: 6, signInsMonths: 12 },
      null,
      'forever',
    ]) {
      const response = await patch(retention);
      expect(response.statusCode, JSON.stringify(retention)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const now = await t.app.inject({ url: '/api/common/settings', headers: { 'api-token': tokens.admin ?? '' } });
    expect(now.json().retention).toEqual(SAVED);
  });

  it('are for admins only', async () => {
    expect((await patch({ pushDeliveriesMonths: 1, signInsMonths: 1, auditMonths: 1 }, tokens.editor)).statusCode).toBe(
      403,
    );
    expect((await patch({ pushDeliveriesMonths: 1, signInsMonths: 1, auditMonths: 1 }, '')).statusCode).toBe(401);
  });
});
