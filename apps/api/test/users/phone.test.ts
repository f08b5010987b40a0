import { normalizePhone } from '@pult/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let token = '';

beforeAll(async () => {
  t = await buildTestApp();
  await t.createUser({ email: 'admin@pult.test', role: 'admin' });
  token = (await t.signin('admin@pult.test')).apiToken;
});
afterAll(() => t.close());

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'api-token': token } });

describe('normalizePhone (the one normaliser: contract schema, forms, search)', () => {
  it('turns the usual Russian forms into E.164', () => {
    expect(normalizePhone('8 903 285-94-89')).toBe('+79032859489');
    expect(normalizePhone('+7 916 123-45-67')).toBe('+79161234567');
    expect(normalizePhone('+7 (916) 123-45-67')).toBe('+79161234567');
    expect(normalizePhone('7 916 123 45 67')).toBe('+79161234567');
    expect(normalizePhone('916 123-45-67')).toBe('+79161234567');
    expect(normalizePhone('+44 20 7946 0958')).toBe('+442079460958');
  });

  it('keeps a fragment as digits and leaves text that is no phone alone', () => {
    expect(normalizePhone('916-12')).toBe('91612');
    expect(normalizePhone(' anna@mail.ru ')).toBe('anna@mail.ru');
  });
});

describe('phones typed the Russian way in the user form', () => {
  it('creates a user from «8 903 285-94-89» and stores E.164', async () => {
    const response = await post('/api/users', { email: 'phone8@pult.test', phoneNumber: '8 903 285-94-89' });
    expect(response.statusCode).toBe(200);
    expect(response.json().phoneNumber).toBe('+79032859489');
  });

  it('edits a user to «+7 916 123-45-67» and stores E.164', async () => {
    const id = await t.createUser({ email: 'phone7@pult.test' });
    const response = await post(`/api/users/${id}`, { phoneNumber: '+7 916 123-45-67' });
    expect(response.statusCode).toBe(200);
    expect(response.json().phoneNumber).toBe('+79161234567');
    const read = await t.app.inject({ method: 'GET', url: `/api/users/${id}`, headers: { 'api-token': token } });
    expect(read.json().phoneNumber).toBe('+79161234567');
  });

  it('still refuses what is no phone number, on its field', async () => {
    for (const phoneNumber of ['8 916 123', 'позвонить', '+7 916 123-45-67 доб. 5']) {
      const response = await post('/api/users', { email: 'bad-phone@pult.test', phoneNumber });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toHaveProperty('phoneNumber');
    }
  });

  it('finds the stored number by the form people type in the phone search', async () => {
    const where = encodeURIComponent(JSON.stringify({ phoneNumber: '8 (903) 285-94-89' }));
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/users?where=${where}`,
      headers: { 'api-token': token },
    });
    expect(response.json().items.map((u: { email: string }) => u.email)).toEqual(['phone8@pult.test']);
  });
});
