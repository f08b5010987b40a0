import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoActivationRefusals, promoCodes } from '../../src/db/schema';
import { type PromoFixture, promoFixture } from './promo-fixture';

let f: PromoFixture;
let codes: string[] = [];
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  f = await promoFixture();
  for (const name of ['guesser', 'honest']) {
    ids[name] = await f.t.createUser({ email: `${name}@mail.ru`, role: 'user' });
    tokens[name] = (await f.t.signin(`${name}@mail.ru`)).apiToken;
  }
  const series = await f.createSeries({ name: 'Лимит', prefix: 'LIM', codeLength: 8, codesCount: 5, durationDays: 30 });
  codes = (
    await f.t.database.db.select({ value: promoCodes.value }).from(promoCodes).where(eq(promoCodes.seriesId, series.id))
  ).map((row) => row.value);
});
afterAll(() => f.t.close());

const activate = (who: string, code: string) => f.activate(code, tokens[who] ?? '');

describe('guessing promo codes', () => {
  it('checks at most 10 parallel wrong guesses per account; the rest and a real code then get 429 with Retry-After', async () => {
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => activate('guesser', `WRONG${i}`)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 404).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(15);
    const limited = answers.find((answer) => answer.statusCode === 429);
    expect(limited?.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);

    const real = await activate('guesser', codes[0] ?? '');
    expect(real.statusCode).toBe(429);
    // Another account is not affected, and its code still works.
    expect((await activate('honest', codes[0] ?? '')).statusCode).toBe(200);
    // The window ends and the guesser may try again.
    f.t.clock.advance(15 * 60_000);
    expect((await activate('guesser', codes[1] ?? '')).statusCode).toBe(200);
  });

  it('records every refusal with its reason, for the abuse signal', async () => {
    const rows = await f.t.database.db
      .select({ reason: promoActivationRefusals.reason })
      .from(promoActivationRefusals)
      .where(eq(promoActivationRefusals.userId, ids.guesser ?? 0));
    const reasons = rows.map((row) => row.reason);
    expect(reasons.filter((reason) => reason === 'CODE_NOT_FOUND').length).toBeLessThanOrEqual(10);
    expect(reasons.filter((reason) => reason === 'RATE_LIMITED').length).toBeGreaterThanOrEqual(16);
    expect(reasons.length).toBe(26);
  });

  it('does not count successful redemptions against the limit', async () => {
    for (const code of codes.slice(2, 5)) expect((await activate('honest', code)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await activate('honest', `NOPE${i}`)).statusCode).toBe(404);
    expect((await activate('honest', 'NOPE-LAST')).statusCode).toBe(429);
  });
});
