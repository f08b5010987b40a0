import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agreementConsents,
  auditEvents,
  devices,
  pushDeliveries,
  reminders,
  sessions,
  subscriptionPlans,
  transactions,
  users,
} from '../../src/db/schema';
import { buildTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let tokens: Record<string, string> = {};
let ids: Record<string, number> = {};
const EMAIL = 'ivan.petrov@example.ru';
let personId = 0;

beforeAll(async () => {
  t = await buildTestApp({ extraEnv: { TRUST_PROXY: '127.0.0.1' } });
  ({ ids, tokens } = await t.accounts(['admin', 'editor']));
  personId = await t.createUser({ email: EMAIL, role: 'user' });
  await t.database.db
    .update(users)
    .set({ firstName: 'Иван', lastName: 'Петров', phoneNumber: '+79161234567', avatar: 'avatars/ivan.png' })
    .where(eq(users.id, personId));
  const person = await t.signin(EMAIL);
  const [plan] = await t.database.db
    .insert(subscriptionPlans)
    .values({ title: 'Месяц', price: 29900, period: 'month', durationDays: 30 })
    .returning();
  await t.app.inject({
    url: `/api/subscriptions/subscribe-by-admin/${personId}/${plan?.id}`,
    headers: { 'api-token': tokens.admin ?? '' },
  });
  await t.app.inject({
    method: 'POST',
    url: `/api/users/${personId}`,
    payload: { firstName: 'Иван' },
    headers: { 'api-token': tokens.admin ?? '' },
  });
  await t.app.inject({
    method: 'POST',
    url: '/api/common/agreements',
    payload: { type: 'personal-data-consent', title: 'Согласие', content: 'Текст согласия' },
    headers: { 'api-token': tokens.editor ?? '' },
  });
  await t.app.inject({
    method: 'POST',
    url: '/api/client/agreements/accept',
    payload: { type: 'personal-data-consent', version: 1 },
    headers: { 'api-token': person.apiToken, 'user-agent': 'PlannerApp/3.1', 'x-forwarded-for': '198.51.100.9' },
  });
  // The person agrees to advertising pushes in the app, then withdraws.
  for (const granted of [true, false]) {
    const answered = await t.app.inject({
      method: 'POST',
      url: '/api/client/consents',
      payload: { type: 'advertising', granted, version: '2026-02', appVersion: '3.1.0' },
      headers: { 'api-token': person.apiToken, 'user-agent': 'PlannerApp/3.1', 'x-forwarded-for': '198.51.100.9' },
    });
    if (answered.statusCode >= 300) throw new Error(`consent: ${answered.statusCode} ${answered.body}`);
  }
  // The planner app registers the phone, and a notification reaches it.
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/client/devices',
    payload: { token: 'fcm-token-of-ivans-phone', platform: 'android', timeZone: 'Asia/Yekaterinburg' },
    headers: { 'api-token': person.apiToken },
  });
  if (registered.statusCode >= 300) throw new Error(`device: ${registered.statusCode} ${registered.body}`);
  const [device] = await t.database.db.select().from(devices).where(eq(devices.userId, personId));
  const [reminder] = await t.database.db
    .insert(reminders)
    .values({
      title: 'Пора планировать',
      body: 'Неделя начинается',
      type: 'all',
      scheduledAt: new Date(),
      status: 'sent',
      sent: 1,
    })
    .returning();
  await t.database.db.insert(pushDeliveries).values({
    reminderId: reminder?.id ?? 0,
    deviceId: device?.id ?? 0,
    userId: personId,
    platform: 'android',
    state: 'sent',
    dueAt: new Date(),
    sentAt: new Date(),
  });
});
afterAll(() => t.close());

const exportOf = (id: number, token = tokens.admin) =>
  t.app.inject({ url: `/api/users/${id}/personal-data`, headers: { 'api-token': token ?? '' } });
const anonymise = (id: number, confirmation: string, token = tokens.admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/users/${id}/anonymise`,
    payload: { confirmation },
    headers: { 'api-token': token ?? '' },
  });

describe('exporting everything about a user', () => {
  it('is one JSON download with profile, subscriptions, transactions, sessions, consents and audit events', async () => {
    const response = await exportOf(personId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(`user-${personId}-personal-data.json`);
    const data = response.json();
    expect(data.profile).toMatchObject({ id: personId, email: EMAIL, firstName: 'Иван', phoneNumber: '+79161234567' });
    expect(data.profile).not.toHaveProperty('passwordHash');
    expect(data.subscriptions).toHaveLength(1);
    expect(data.transactions).toHaveLength(1);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.sessions[0]).not.toHaveProperty('hash');
    expect(data.consents).toEqual([
      expect.objectContaining({
        type: 'personal-data-consent',
        version: 1,
        ip: '198.51.100.9',
        userAgent: 'PlannerApp/3.1',
      }),
    ]);
    expect(data.advertisingConsents).toEqual([
      expect.objectContaining({ type: 'advertising', granted: true, version: '2026-02', ip: '198.51.100.9' }),
      expect.objectContaining({ granted: false, userAgent: 'PlannerApp/3.1', appVersion: '3.1.0' }),
    ]);
    expect(data.auditEvents.map((event: { action: string }) => event.action)).toEqual(
      expect.arrayContaining(['update', 'signin']),
    );
    for (const key of ['promoActivations', 'promoRefusals']) expect(data[key]).toEqual([]);
    // The phone and what was sent to it, but not the push token (an address to send to).
    expect(data.devices).toEqual([expect.objectContaining({ platform: 'android', timeZone: 'Asia/Yekaterinburg' })]);
    expect(JSON.stringify(data)).not.toContain('fcm-token-of-ivans-phone');
    expect(data.pushDeliveries).toEqual([expect.objectContaining({ title: 'Пора планировать', state: 'sent' })]);
  });

  it("holds a staff member's own data only: of what they did to others, the act without the others' data", async () => {
    // The admin creates someone and edits Ivan, from an address of their own.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: {
        email: 'olga.sidorova@example.ru',
        phoneNumber: '+79031112233',
        firstName: 'Ольга',
        lastName: 'Сидорова',
      },
      headers: { 'api-token': tokens.admin ?? '', 'x-forwarded-for': '203.0.113.77' },
    });
    expect(created.statusCode).toBe(200);
    const edited = await t.app.inject({
      method: 'POST',
      url: `/api/users/${personId}`,
      payload: { lastName: 'Петров' },
      headers: { 'api-token': tokens.admin ?? '', 'x-forwarded-for': '203.0.113.77' },
    });
    expect(edited.statusCode).toBe(200);

    const admin = (await exportOf(ids.admin ?? 0)).json();
    const creation = admin.auditEvents.find((event: { action: string }) => event.action === 'create');
    expect(creation).toMatchObject({ actorId: ids.admin, entity: 'user', ip: '203.0.113.77' });
    // Neither who was created nor what was written about them: that is Olga's and Ivan's data.
    expect(creation).toMatchObject({ entityId: null, before: null, after: null });
    const adminText = JSON.stringify(admin);
    for (const other of ['olga', 'Ольга', 'Сидорова', '79031112233', 'ivan', 'Петров'])
      expect(adminText.toLowerCase(), other).not.toContain(other.toLowerCase());
    const others = [String(created.json().id), String(personId)];
    expect(admin.auditEvents.filter((event: { entityId: string }) => others.includes(event.entityId))).toEqual([]);

    // Ivan's export shows what was done to him and by whom, but not the admin's address.
    const ivan = (await exportOf(personId)).json();
    const edit = ivan.auditEvents.find(
      (event: { action: string; after: { lastName?: string } | null }) =>
        event.action === 'update' && event.after?.lastName === 'Петров',
    );
    expect(edit).toMatchObject({ actorId: ids.admin, entity: 'user', entityId: String(personId), ip: null });
    expect(JSON.stringify(ivan)).not.toContain('203.0.113.77');
  });

  it('is recorded in the audit log, and admin only', async () => {
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'export-personal-data'));
    expect(event).toMatchObject({ entity: 'user', entityId: String(personId), actorId: ids.admin });
    expect((await exportOf(personId, tokens.editor)).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/users/${personId}/personal-data` })).statusCode).toBe(401);
    expect((await exportOf(999_999)).json().code).toBe('USER_NOT_FOUND');
  });
});

describe('anonymising a user', () => {
  it('needs the e-mail typed again, is admin only, and refuses oneself', async () => {
    const wrong = await anonymise(personId, 'someone@else.ru');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'CONFIRMATION_MISMATCH', errors: { confirmation: 'mismatch' } });
    expect((await anonymise(personId, EMAIL, tokens.editor)).statusCode).toBe(403);
    const self = await anonymise(ids.admin ?? 0, 'admin@pult.test');
    expect(self.json().code).toBe('SELF_CHANGE');
    expect((await anonymise(999_999, EMAIL)).statusCode).toBe(404);
  });

  it('leaves no personal field, deletes sessions, keeps transactions under the pseudonym', async () => {
    const response = await anonymise(personId, ' Ivan.Petrov@example.ru ');
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe(`anonymised-${personId}@anonymised.invalid`);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, personId));
    expect(row).toMatchObject({
      email: `anonymised-${personId}@anonymised.invalid`,
      firstName: null,
      lastName: null,
      phoneNumber: null,
      avatar: null,
      passwordHash: null,
      status: 'deleted',
      lastSeenAt: null,
    });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, personId))).toEqual([]);
    // No notification can reach the phone again; the notification's own counters stay.
    expect(await t.database.db.select().from(devices).where(eq(devices.userId, personId))).toEqual([]);
    expect(await t.database.db.select().from(pushDeliveries).where(eq(pushDeliveries.userId, personId))).toEqual([]);
    expect((await t.database.db.select().from(reminders))[0]?.sent).toBe(1);
    expect(await t.database.db.select().from(transactions).where(eq(transactions.userId, personId))).toHaveLength(1);
    const [consent] = await t.database.db
      .select()
      .from(agreementConsents)
      .where(eq(agreementConsents.userId, personId));
    expect(consent).toMatchObject({ ip: null, userAgent: null });
    // The advertising answers stay as the operator's proof, without where they came from.
    const advertising = (await exportOf(personId)).json().advertisingConsents;
    expect(advertising).toEqual([
      expect.objectContaining({ granted: true, ip: null, userAgent: null }),
      expect.objectContaining({ granted: false, ip: null, userAgent: null }),
    ]);

    // Nothing anywhere still names the person.
    const data = JSON.stringify((await exportOf(personId)).json());
    for (const trace of ['ivan', 'Иван', 'Петров', '79161234567', '198.51.100.9', 'PlannerApp', 'avatars/ivan'])
      expect(data.toLowerCase()).not.toContain(trace.toLowerCase());

    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { email: EMAIL, password: 'correct horse battery' },
    });
    expect(signin.statusCode).toBe(401);
  });

  it('is irreversible and audit-logged', async () => {
    expect((await anonymise(personId, `anonymised-${personId}@anonymised.invalid`)).json().code).toBe(
      'ALREADY_ANONYMISED',
    );
    const [event] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'anonymise'));
    expect(event).toMatchObject({ entity: 'user', entityId: String(personId), actorId: ids.admin });
  });
});
