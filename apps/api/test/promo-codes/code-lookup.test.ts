import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoCodes, users } from '../../src/db/schema';
import { type PromoFixture, promoFixture } from './promo-fixture';

// `GET /promo-codes/lookup?code=`: the command palette finds a code a customer quotes without knowing its series.
let f: PromoFixture;
let spring = { id: 0, codes: [] as string[] };
let summer = { id: 0, codes: [] as string[] };

const codesOf = async (seriesId: number) =>
  (
    await f.t.database.db
      .select({ value: promoCodes.value })
      .from(promoCodes)
      .where(eq(promoCodes.seriesId, seriesId))
      .orderBy(promoCodes.id)
  ).map((row) => row.value);

const lookup = (code: string, role: 'admin' | 'editor' | 'user' = 'editor') =>
  f.call('GET', `/api/promo-codes/lookup?code=${encodeURIComponent(code)}`, undefined, role);

beforeAll(async () => {
  f = await promoFixture();
  const a = await f.createSeries({ name: 'Весна', prefix: 'SPR', codeLength: 6, codesCount: 5 });
  const b = await f.createSeries({ name: 'Лето', prefix: 'SUM', codeLength: 6, codesCount: 5 });
  spring = { id: a.id, codes: await codesOf(a.id) };
  summer = { id: b.id, codes: await codesOf(b.id) };
});
afterAll(() => f.t.close());

describe('looking a code up by its value', () => {
  it.each(['admin', 'editor'] as const)('finds a new code and names its series (%s)', async (role) => {
    const value = summer.codes[2] ?? '';
    const response = await lookup(value, role);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: { value, status: 'new', activatedAt: null, blockedAt: null, activatedBy: null },
      series: { id: summer.id, name: 'Лето' },
    });
  });

  it('ignores case and surrounding spaces, as a code read out over the phone is typed', async () => {
    const value = spring.codes[0] ?? '';
    const response = await lookup(`  ${value.toLowerCase()} `);
    expect(response.statusCode).toBe(200);
    expect(response.json().series).toEqual({ id: spring.id, name: 'Весна' });
    expect(response.json().code.value).toBe(value);
  });

  it('tells who used an activated code, and when a code was blocked', async () => {
    const planner = await f.t.createUser({ email: 'olga@mail.ru', role: 'user' });
    await f.t.database.db.update(users).set({ phoneNumber: '+79035550011' }).where(eq(users.id, planner));
    const token = (await f.t.signin('olga@mail.ru')).apiToken;
    const used = spring.codes[1] ?? '';
    const activation = await f.t.app.inject({
      method: 'POST',
      url: '/api/client/promo-codes/activate',
      payload: { code: used },
      headers: { 'api-token': token },
    });
    expect(activation.statusCode).toBe(200);
    const found = (await lookup(used)).json();
    expect(found.code).toMatchObject({
      value: used,
      status: 'activated',
      blockedAt: null,
      activatedBy: { id: planner, email: 'olga@mail.ru', phoneNumber: '+79035550011' },
    });
    expect(found.code.activatedAt).toEqual(expect.any(String));

    const blocked = spring.codes[3] ?? '';
    expect((await f.call('GET', `/api/promo-codes/${spring.id}/block/${blocked}`)).statusCode).toBe(200);
    expect((await lookup(blocked)).json().code).toMatchObject({ status: 'blocked', blockedAt: expect.any(String) });
  });

  it('answers 404 CODE_NOT_FOUND for a value no series has, a fragment included', async () => {
    for (const value of ['NOSUCH-CODE', (summer.codes[0] ?? '').slice(0, 5)]) {
      const response = await lookup(value);
      expect(response.statusCode, value).toBe(404);
      expect(response.json()).toMatchObject({ statusCode: 404, code: 'CODE_NOT_FOUND' });
    }
  });

  it.each([
    ['no code at all', '/api/promo-codes/lookup'],
    ['an empty code', '/api/promo-codes/lookup?code='],
    ['one character', '/api/promo-codes/lookup?code=A'],
    ['a space inside', `/api/promo-codes/lookup?code=${encodeURIComponent('SPR ABC')}`],
    ['SQL punctuation', `/api/promo-codes/lookup?code=${encodeURIComponent("x' or 1=1 --")}`],
    ['a wildcard', '/api/promo-codes/lookup?code=SPR%25'],
    ['65 characters', `/api/promo-codes/lookup?code=${'A'.repeat(65)}`],
    ['a repeated parameter', '/api/promo-codes/lookup?code=AB&code=CD'],
  ])('refuses %s with a 400 naming the field', async (_what, url) => {
    const response = await f.call('GET', url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { code: expect.any(String) } });
  });

  it('is for staff only', async () => {
    const value = summer.codes[0] ?? '';
    expect((await lookup(value, 'user')).statusCode).toBe(403);
    const anonymous = await f.t.app.inject({ method: 'GET', url: `/api/promo-codes/lookup?code=${value}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('leaves the series routes alone: /promo-codes/{id} still answers for an id', async () => {
    const response = await f.call('GET', `/api/promo-codes/${summer.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().name).toBe('Лето');
  });
});
