import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PromoFixture, promoFixture } from './promo-fixture';

let f: PromoFixture;
let seriesId = 0;
let otherSeriesId = 0;
let codes: string[] = [];
let otherCode = '';
const DAY = 86_400_000;

beforeAll(async () => {
  f = await promoFixture({
    extraEnv: { APP_PROMO_DEEPLINK: 'planner://promo?code={code}', APP_STORE_URL: 'https://apps.example/planner' },
  });
  const now = f.t.clock.now().getTime();
  seriesId = (
    await f.createSeries({
      codesCount: 5,
      startsAt: new Date(now - DAY).toISOString(),
      endsAt: new Date(now + 10 * DAY).toISOString(),
    })
  ).id;
  otherSeriesId = (await f.createSeries({ codesCount: 1 })).id;
  const list = await f.call('GET', `/api/promo-codes/${seriesId}/generated-codes?take=10&page=1`);
  codes = list.json().items.map((item: { value: string }) => item.value);
  otherCode = (await f.call('GET', `/api/promo-codes/${otherSeriesId}/generated-codes?take=1&page=1`)).json().items[0]
    .value;
});
afterAll(() => f.t.close());

/** The landing page's form, as a browser posts it. */
const check = (code: string, id = seriesId, ip = '203.0.113.7') =>
  f.t.app.inject({
    method: 'POST',
    url: `/promo/${id}`,
    payload: new URLSearchParams({ code }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: ip,
  });
const outcome = (body: string) => /data-outcome="([a-zA-Z]+)"/.exec(body)?.[1];

describe('checking a code on the landing page (POST /promo/:id)', () => {
  it('the page posts its form to itself, without any script', async () => {
    const page = await f.t.app.inject({ url: `/promo/${seriesId}` });
    expect(page.body).toContain(`<form method="post" action="/promo/${seriesId}">`);
    expect(page.body).not.toContain('<script');
  });

  it('a valid code: the app link with the code, and the store as the fallback', async () => {
    const code = codes[0] ?? '';
    const response = await check(` ${code.toLowerCase()} `);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['content-security-policy']).not.toContain('script-src');
    expect(outcome(response.body)).toBe('valid');
    expect(response.body).toContain(`href="planner://promo?code=${code}"`);
    expect(response.body).toContain('href="https://apps.example/planner"');
    // The code stays in the field, so a typo can be fixed.
    expect(response.body).toContain(`value="${code}"`);
  });

  it('says used, blocked and unknown, and treats another series’ code as unknown', async () => {
    const [, used = '', blocked = ''] = codes;
    await f.t.createUser({ email: 'planner@pult.test', role: 'user' });
    const planner = (await f.t.signin('planner@pult.test')).apiToken;
    const redeemed = await f.t.app.inject({
      method: 'POST',
      url: '/api/client/promo-codes/activate',
      payload: { code: used },
      headers: { 'api-token': planner },
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect((await f.call('GET', `/api/promo-codes/${seriesId}/block/${blocked}`)).statusCode).toBe(200);

    expect(outcome((await check(used)).body)).toBe('used');
    expect(outcome((await check(blocked)).body)).toBe('blocked');
    expect(outcome((await check('NOPE-1234')).body)).toBe('unknown');
    expect(outcome((await check(otherCode)).body)).toBe('unknown');
    expect(outcome((await check('')).body)).toBe('empty');
    // Nothing the user typed is echoed as markup.
    const hostile = await check('"><script>alert(1)</script>');
    expect(hostile.body).not.toContain('<script>');
  });

  it('says expired once the series has ended', async () => {
    f.t.clock.advance(11 * DAY);
    try {
      expect(outcome((await check(codes[3] ?? '')).body)).toBe('expired');
    } finally {
      f.t.clock.advance(-11 * DAY);
    }
  });

  it('answers 404 for a disabled or unknown series, 400 for a bad id', async () => {
    await f.call('GET', `/api/promo-codes/${seriesId}/manage/disable`);
    expect((await check(codes[0] ?? '')).statusCode).toBe(404);
    await f.call('GET', `/api/promo-codes/${seriesId}/manage/enable`);
    expect((await check('X', 987654)).statusCode).toBe(404);
    const bad = await f.t.app.inject({
      method: 'POST',
      url: '/promo/abc',
      payload: 'code=X',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('limits checks per address: the 21st in a quarter hour is a 429 page, another address is unaffected', async () => {
    const ip = '198.51.100.9';
    for (let i = 0; i < 20; i += 1) expect((await check(`GUESS-${i}`, seriesId, ip)).statusCode).toBe(200);
    const limited = await check(codes[4] ?? '', seriesId, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(outcome(limited.body)).toBe('limited');
    // The limited answer does not reveal the code.
    expect(limited.body).not.toContain('planner://');
    expect(outcome((await check(codes[4] ?? '', seriesId, '198.51.100.10')).body)).toBe('valid');
  });
});
