import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, users } from '../../src/db/schema';
import { buildTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
let adminId = 0;

beforeAll(async () => {
  t = await buildTestApp();
  adminId = await t.createUser({ email: 'admin@pult.test', role: 'admin' });
  await t.createUser({ email: 'editor@pult.test', role: 'editor' });
  for (const role of ['admin', 'editor']) tokens[role] = (await t.signin(`${role}@pult.test`)).apiToken;
});
afterAll(() => t.close());

const post = (url: string, payload: object, token = tokens.admin) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'api-token': token ?? '' } });
const countUsers = async () => (await t.database.db.select({ id: users.id }).from(users)).length;

describe('POST /users (create)', () => {
  it('creates a planner user and a staff member who can sign in', async () => {
    const planner = await post('/api/users', {
      email: 'New.Person@Mail.ru',
      firstName: 'Пётр',
      phoneNumber: '+79161112233',
    });
    expect(planner.statusCode).toBe(200);
    expect(planner.json()).toMatchObject({
      email: 'new.person@mail.ru',
      role: 'user',
      status: 'active',
      firstName: 'Пётр',
    });
    const staff = await post('/api/users', { email: 'staff@pult.test', role: 'editor', password: 'a good password' });
    expect(staff.statusCode).toBe(200);
    await t.signin('staff@pult.test', 'a good password');
  });

  it('requires a password for staff and validates fields, changing nothing', async () => {
    const before = await countUsers();
    const noPassword = await post('/api/users', { email: 'x@pult.test', role: 'admin' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { password: 'required' } });
    const badPhone = await post('/api/users', { email: 'y@pult.test', phoneNumber: '8 916 123' });
    expect(badPhone.json().errors).toHaveProperty('phoneNumber');
    const badEmail = await post('/api/users', { email: 'not-an-email' });
    expect(badEmail.json().errors).toEqual({ email: 'invalid_format' });
    const badRole = await post('/api/users', { email: 'z@pult.test', role: 'root' });
    expect(badRole.statusCode).toBe(400);
    expect(await countUsers()).toBe(before);
  });

  it('keeps e-mails unique regardless of case: 409 with the field error', async () => {
    const response = await post('/api/users', { email: 'ADMIN@pult.test' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ statusCode: 409, code: 'EMAIL_TAKEN', errors: { email: 'taken' } });
  });

  it('is admin-only', async () => {
    const before = await countUsers();
    expect((await post('/api/users', { email: 'e@pult.test' }, tokens.editor)).statusCode).toBe(403);
    expect(await countUsers()).toBe(before);
  });
});

describe('POST /users/:id (update)', () => {
  it('updates fields and records before/after in the audit log', async () => {
    const id = await t.createUser({ email: 'edit-me@pult.test' });
    const response = await post(`/api/users/${id}`, { firstName: 'Ольга', lastName: 'Соколова', phoneNumber: null });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'Ольга', lastName: 'Соколова', phoneNumber: null });
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, String(id)));
    expect(event).toMatchObject({
      action: 'update',
      actorId: adminId,
      before: { firstName: null },
      after: { firstName: 'Ольга' },
    });
  });

  it('a role change or a new password ends the user’s sessions', async () => {
    const id = await t.createUser({ email: 'promote-me@pult.test', role: 'editor' });
    const session = await t.signin('promote-me@pult.test');
    expect((await post(`/api/users/${id}`, { role: 'admin' })).json().role).toBe('admin');
    expect((await t.app.inject({ url: '/api/users/me', headers: { 'api-token': session.apiToken } })).statusCode).toBe(
      401,
    );
    const again = await t.signin('promote-me@pult.test');
    await post(`/api/users/${id}`, { password: 'another password' });
    expect((await t.app.inject({ url: '/api/users/me', headers: { 'api-token': again.apiToken } })).statusCode).toBe(
      401,
    );
    await t.signin('promote-me@pult.test', 'another password');
  });

  it('an admin cannot demote themself: 409 SELF_CHANGE on the role field; an unknown user is USER_NOT_FOUND', async () => {
    const self = await post(`/api/users/${adminId}`, { role: 'editor' });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ code: 'SELF_CHANGE', errors: { role: 'not_allowed' } });
    const missing = await post('/api/users/987654', { firstName: 'Нет' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('USER_NOT_FOUND');
  });

  it('an admin cannot demote themselves', async () => {
    const response = await post(`/api/users/${adminId}`, { role: 'editor' });
    expect(response.statusCode).toBe(409);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, adminId));
    expect(row?.role).toBe('admin');
  });

  it('refuses a taken e-mail, an unknown id, and editors', async () => {
    const id = await t.createUser({ email: 'rename-me@pult.test' });
    expect((await post(`/api/users/${id}`, { email: 'Editor@pult.test' })).statusCode).toBe(409);
    expect((await post('/api/users/987654', { firstName: 'A' })).statusCode).toBe(404);
    expect((await post(`/api/users/${id}`, { firstName: 'A' }, tokens.editor)).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ email: 'rename-me@pult.test', firstName: null });
  });
});

describe('GET /users/:id', () => {
  it('returns the user to staff, 404 for unknown, 400 for a bad id', async () => {
    const id = await t.createUser({ email: 'look@pult.test' });
    const response = await t.app.inject({ url: `/api/users/${id}`, headers: { 'api-token': tokens.editor ?? '' } });
    expect(response.json()).toMatchObject({ id, email: 'look@pult.test', register: null });
    expect(
      (await t.app.inject({ url: '/api/users/424242', headers: { 'api-token': tokens.editor ?? '' } })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: '/api/users/abc', headers: { 'api-token': tokens.editor ?? '' } })).statusCode,
    ).toBe(400);
  });
});
