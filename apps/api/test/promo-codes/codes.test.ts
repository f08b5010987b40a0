import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  promoCodes,
  promoSeries,
  promoSeriesCounters,
  subscriptionPlans,
  subscriptions,
  transactions,
  users,
} from '../../src/db/schema';
import { type PromoFixture, promoFixture } from './promo-fixture';

let f: PromoFixture;
let seriesId = 0;
let codes: string[] = [];
const planners: Record<string, { id: number; token: string }> = {};

beforeAll(async () => {
  f = await promoFixture();
  for (const name of ['ivan', 'olga', 'petr']) {
    const id = await f.t.createUser({ email: `${name}@mail.ru`, role: 'user' });
    await f.t.database.db
      .update(users)
      .set({ phoneNumber: name === 'olga' ? '+79035550011' : null })
      .where(eq(users.id, id));
    planners[name] = { id, token: (await f.t.signin(`${name}@mail.ru`)).apiToken };
  }
  const series = await f.createSeries({
    name: 'Осень',
    prefix: 'AUT',
    codeLength: 6,
    codesCount: 30,
    durationDays: 45,
  });
  seriesId = series.id;
  codes = (
    await f.t.database.db
      .select({ value: promoCodes.value })
      .from(promoCodes)
      .where(eq(promoCodes.seriesId, seriesId))
      .orderBy(promoCodes.id)
  ).map((r) => r.value);
  // Generates the series' codes through the real job: at load ~20 this passed 180 s once.
}, 600_000);
afterAll(() => f?.t.close());

const activate = (code: string, who = 'ivan') => f.activate(code, planners[who]?.token ?? '');

describe('generated codes', () => {
  it('pages through the series in a stable order', async () => {
    const first = (await f.call('GET', `/api/promo-codes/${seriesId}/generated-codes?take=20&page=1`)).json();
    const second = (await f.call('GET', `/api/promo-codes/${seriesId}/generated-codes?take=20&page=2`)).json();
    expect(first).toMatchObject({ count: 30, countIsEstimate: false, seriesName: 'Осень' });
    expect([...first.items, ...second.items].map((c: { value: string }) => c.value)).toEqual(codes);
    expect(first.items[0]).toEqual({ value: codes[0], status: 'new', activatedAt: null });
  });

  it.each([
    ['its own path', 'generated-codes.csv'],
    ['the older format=csv query', 'generated-codes?format=csv'],
  ])('downloads the whole series as CSV through %s, and records the export', async (_how, path) => {
    const response = await f.call('GET', `/api/promo-codes/${seriesId}/${path}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="promo-codes-${seriesId}.csv"`);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('code;status;activatedAt');
    expect(lines.slice(1).map((l) => l.split(';')[0])).toEqual(codes);
    const [event] = await f.t.database.db.select().from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
    expect(event).toMatchObject({ action: 'export-codes', entity: 'promo-series', entityId: String(seriesId) });
  });

  it('finds codes by their start, with or without the series prefix, in any case', async () => {
    const search = async (code: string) => {
      const response = await f.call(
        'GET',
        `/api/promo-codes/${seriesId}/generated-codes?take=100&code=${encodeURIComponent(code)}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { items: Array<{ value: string }>; count: number };
    };
    const target = codes[7] ?? '';
    const starting = (start: string) => codes.filter((code) => code.startsWith(start));
    const full = await search(target.toLowerCase());
    expect(full.items.map((c) => c.value)).toEqual([target]);
    expect(full.count).toBe(1);
    // Without the prefix: the random part's start.
    const part = target.slice(3, 5);
    expect((await search(part)).items.map((c) => c.value)).toEqual(starting(`AUT${part}`));
    expect((await search(`AUT${part}`)).count).toBe(starting(`AUT${part}`).length);
    // Blank is no filter; a code of another series is not found here; wildcards are refused.
    expect((await search('  ')).count).toBe(30);
    expect((await search('ZZZZZZZZZ')).count).toBe(0);
    for (const bad of ['%', 'A_', 'AUT*']) {
      const refused = await f.call(
        'GET',
        `/api/promo-codes/${seriesId}/generated-codes?code=${encodeURIComponent(bad)}`,
      );
      expect(refused.statusCode, bad).toBe(400);
    }
  });

  it('answers 404 SERIES_NOT_FOUND for an unknown series', async () => {
    for (const path of ['generated-codes', 'generated-codes.csv', 'generated-codes?format=csv']) {
      const response = await f.call('GET', `/api/promo-codes/424242/${path}`);
      expect(response.statusCode, path).toBe(404);
      expect(response.json().code, path).toBe('SERIES_NOT_FOUND');
    }
  });
});

describe('POST /client/promo-codes/activate', () => {
  it('activates a code: the plan starts for the series’ duration, with a zero-amount promo transaction', async () => {
    const response = await activate(codes[0]?.toLowerCase() ?? '', 'ivan');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      owner: planners.ivan?.id,
      source: 'promo',
      status: 'active',
      planTitle: 'Годовая подписка',
    });
    expect(Date.parse(response.json().expiresAt) - f.t.clock.now().getTime()).toBe(45 * 24 * 3600_000);
    const [tx] = await f.t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, planners.ivan?.id ?? 0));
    expect(tx).toMatchObject({ amount: 0, provider: 'promo', kind: 'grant' });
    const series = (await f.call('GET', `/api/promo-codes/${seriesId}`)).json();
    expect(series).toMatchObject({ activated: 1, blocked: 0 });
  });

  it('refuses a used code, an unknown code and staff callers', async () => {
    const again = await activate(codes[0] ?? '', 'olga');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CODE_USED');
    const unknown = await activate('NOPE123', 'olga');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('CODE_NOT_FOUND');
    const staff = await f.t.app.inject({
      method: 'POST',
      url: '/api/client/promo-codes/activate',
      payload: { code: codes[1] },
      headers: { 'api-token': f.tokens.admin },
    });
    expect(staff.statusCode).toBe(403);
    expect((await activate('', 'olga')).statusCode).toBe(400);
  });

  it('lets exactly one of two concurrent activations of one code win', async () => {
    // PGlite runs one query at a time, so the race is real only in the PostgreSQL pass (CI runs both).
    const code = codes[2] ?? '';
    const results = await Promise.all([activate(code, 'olga'), activate(code, 'petr')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const subs = await f.t.database.db.select().from(subscriptions).where(eq(subscriptions.source, 'promo'));
    expect(subs).toHaveLength(2);
    expect((await f.call('GET', `/api/promo-codes/${seriesId}`)).json().activated).toBe(2);
  });

  it('refuses blocked codes, a disabled series, and dates outside the campaign', async () => {
    expect((await f.call('GET', `/api/promo-codes/${seriesId}/block/${codes[3]}`)).statusCode).toBe(200);
    expect((await activate(codes[3] ?? '', 'petr')).json().code).toBe('CODE_BLOCKED');

    await f.call('GET', `/api/promo-codes/${seriesId}/manage/disable`);
    expect((await activate(codes[4] ?? '', 'petr')).json().code).toBe('SERIES_INACTIVE');
    await f.call('GET', `/api/promo-codes/${seriesId}/manage/enable`);

    const now = f.t.clock.now().getTime();
    await f.t.database.db
      .update(promoSeries)
      .set({ startsAt: new Date(now + 3600_000) })
      .where(eq(promoSeries.id, seriesId));
    expect((await activate(codes[4] ?? '', 'petr')).json().code).toBe('SERIES_NOT_STARTED');
    await f.t.database.db
      .update(promoSeries)
      .set({ startsAt: null, endsAt: new Date(now - 1000) })
      .where(eq(promoSeries.id, seriesId));
    expect((await activate(codes[4] ?? '', 'petr')).json().code).toBe('SERIES_ENDED');
    await f.t.database.db.update(promoSeries).set({ endsAt: null }).where(eq(promoSeries.id, seriesId));
    const [code] = await f.t.database.db
      .select()
      .from(promoCodes)
      .where(eq(promoCodes.value, codes[4] ?? ''));
    expect(code?.status).toBe('new');
  });
});

describe('activated codes and blocking', () => {
  const activated = (where: object) =>
    f.call('GET', `/api/promo-codes/${seriesId}/activated?where=${encodeURIComponent(JSON.stringify(where))}`);

  it('lists used and blocked codes, 10 a page by default, newest first', async () => {
    const body = (await f.call('GET', `/api/promo-codes/${seriesId}/activated`)).json();
    expect(body.count).toBe(3);
    expect(body.items.map((c: { value: string }) => c.value).sort()).toEqual([codes[0], codes[2], codes[3]].sort());
    const ivans = body.items.find((c: { value: string }) => c.value === codes[0]);
    expect(ivans.activatedBy).toMatchObject({ id: planners.ivan?.id, email: 'ivan@mail.ru' });
  });

  it('finds by code, by e-mail and by phone, and filters by status', async () => {
    expect(
      (await activated({ text: codes[0]?.slice(2, 7).toLowerCase() }))
        .json()
        .items.map((c: { value: string }) => c.value),
    ).toEqual([codes[0]]);
    const byEmail = (await activated({ text: 'IVAN@' })).json().items;
    expect(byEmail.map((c: { value: string }) => c.value)).toEqual([codes[0]]);
    // Only olga has a phone; she owns code 2 if she won the race for it against petr.
    const [raced] = await f.t.database.db
      .select()
      .from(promoCodes)
      .where(eq(promoCodes.value, codes[2] ?? ''));
    const byPhone = (await activated({ text: '555001' })).json().items;
    expect(byPhone.map((c: { value: string }) => c.value)).toEqual(
      raced?.activatedBy === planners.olga?.id ? [codes[2]] : [],
    );
    expect((await activated({ statuses: ['blocked'] })).json().items.map((c: { value: string }) => c.value)).toEqual([
      codes[3],
    ]);
    expect((await activated({ take: 1, page: 2 })).json().items).toHaveLength(1);
  });

  it('counts a text search exactly on every page, past the last one too, and 404s an unknown series', async () => {
    // "mail.ru" matches both activated codes (ivan's, and olga's or petr's); the blocked one has no user.
    const pages = await Promise.all(
      [1, 2, 3].map(async (page) => (await activated({ text: 'mail.ru', take: 1, page })).json()),
    );
    expect(pages.map((p) => [p.count, p.countIsEstimate, p.items.length])).toEqual([
      [2, false, 1],
      [2, false, 1],
      [2, false, 0],
    ]);
    expect((await activated({ text: 'no-such-text' })).json()).toMatchObject({ items: [], count: 0 });
    for (const where of [{}, { text: 'mail.ru' }]) {
      const unknown = await f.call(
        'GET',
        `/api/promo-codes/999999/activated?where=${encodeURIComponent(JSON.stringify(where))}`,
      );
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('SERIES_NOT_FOUND');
    }
  });

  it('answers a text matching more than 10 000 codes newest first, the count flagged as estimated', async () => {
    const wide = await f.createSeries({ name: 'Широкая', prefix: 'WIDE', codeLength: 6, codesCount: 1 });
    const at = f.t.clock.now().getTime();
    await f.t.database.db.execute(sql`
      insert into promo_codes (value, series_id, status, activated_at, blocked_at)
      select 'WIDE' || lpad(n::text, 6, '0'), ${wide.id}, 'blocked', t, t
      from generate_series(1, 10050) as n,
        lateral (select ${new Date(at)}::timestamptz + n * interval '1 second' as t) as stamp`);
    const search = async (text: string) =>
      (
        await f.call(
          'GET',
          `/api/promo-codes/${wide.id}/activated?where=${encodeURIComponent(JSON.stringify({ text }))}`,
        )
      ).json();
    const broad = await search('wide');
    expect(broad.items.map((c: { value: string }) => c.value).slice(0, 2)).toEqual(['WIDE010050', 'WIDE010049']);
    expect(broad.countIsEstimate).toBe(true);
    expect(broad.count).toBeGreaterThan(10_000);
    expect(await search('WIDE010049')).toMatchObject({ count: 1, countIsEstimate: false });
  });

  it('refuses malformed where', async () => {
    for (const where of ['{bad', '{"statuses":["new"]}', '{"take":1000}', '{"sql":"1"}']) {
      const response = await f.call('GET', `/api/promo-codes/${seriesId}/activated?where=${encodeURIComponent(where)}`);
      expect(response.statusCode, where).toBe(400);
    }
  });

  it('blocks a code of this series (counters follow), 404 for another series’ code', async () => {
    const other = await f.createSeries({ prefix: 'OTH', codeLength: 6, codesCount: 2 });
    const [otherCode] = await f.t.database.db.select().from(promoCodes).where(eq(promoCodes.seriesId, other.id));
    const foreign = await f.call('GET', `/api/promo-codes/${seriesId}/block/${otherCode?.value}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('CODE_NOT_FOUND');
    const blocked = await f.call('GET', `/api/promo-codes/${seriesId}/block/${codes[0]}`, undefined, 'admin');
    expect(blocked.json()).toMatchObject({ value: codes[0], status: 'blocked' });
    expect((await f.call('GET', `/api/promo-codes/${seriesId}`)).json()).toMatchObject({ activated: 1, blocked: 2 });
    // Blocking twice changes nothing.
    await f.call('GET', `/api/promo-codes/${seriesId}/block/${codes[0]}`);
    expect((await f.call('GET', `/api/promo-codes/${seriesId}`)).json()).toMatchObject({ activated: 1, blocked: 2 });
    expect((await f.call('GET', `/api/promo-codes/${seriesId}/block/${codes[5]}`, undefined, 'user')).statusCode).toBe(
      403,
    );
  });
});

describe('activation writes all or nothing, and serialises per user', () => {
  let winter: string[] = [];
  let zoya = { id: 0, token: '' };
  const redeem = (code: string) =>
    f.t.app.inject({
      method: 'POST',
      url: '/api/client/promo-codes/activate',
      payload: { code },
      headers: { 'api-token': zoya.token },
    });

  beforeAll(async () => {
    const id = await f.t.createUser({ email: 'zoya@mail.ru', role: 'user' });
    zoya = { id, token: (await f.t.signin('zoya@mail.ru')).apiToken };
    const series = await f.createSeries({
      name: 'Зима',
      prefix: 'WIN',
      codeLength: 6,
      codesCount: 5,
      durationDays: 10,
    });
    winter = (
      await f.t.database.db
        .select({ value: promoCodes.value })
        .from(promoCodes)
        .where(eq(promoCodes.seriesId, series.id))
    ).map((r) => r.value);
  });

  it('leaves the code new and the counters as they were when the grant is refused', async () => {
    await f.t.database.db.update(subscriptionPlans).set({ enabled: false }).where(eq(subscriptionPlans.id, f.planId));
    try {
      const refused = await redeem(winter[0] ?? '');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('PLAN_DISABLED');
    } finally {
      await f.t.database.db.update(subscriptionPlans).set({ enabled: true }).where(eq(subscriptionPlans.id, f.planId));
    }
    const [code] = await f.t.database.db
      .select()
      .from(promoCodes)
      .where(eq(promoCodes.value, winter[0] ?? ''));
    expect(code).toMatchObject({ status: 'new', activatedBy: null });
    const counters = await f.t.database.db
      .select()
      .from(promoSeriesCounters)
      .where(eq(promoSeriesCounters.seriesId, code?.seriesId ?? 0));
    expect(counters.reduce((sum, row) => sum + row.activated, 0)).toBe(0);
    expect(await f.t.database.db.select().from(subscriptions).where(eq(subscriptions.owner, zoya.id))).toEqual([]);
  });

  it('counts both of two concurrent activations by one user: one subscription, extended twice', async () => {
    // A real race only in the PostgreSQL pass (PGlite runs one query at a time; CI runs both).
    // Widen the race: each new subscription takes 300 ms to insert, so without the lock on the user
    // both activations would find no live subscription and each start its own.
    await f.t.database.db.execute(sql`
      create function slow_subscription_insert() returns trigger language plpgsql as
        $$ begin perform pg_sleep(0.3); return new; end $$`);
    await f.t.database.db.execute(sql`
      create trigger slow_subscription_insert before insert on subscriptions
        for each row execute function slow_subscription_insert()`);
    const results = await Promise.all([redeem(winter[1] ?? ''), redeem(winter[2] ?? '')]).finally(() =>
      f.t.database.db.execute(sql`drop trigger slow_subscription_insert on subscriptions`),
    );
    expect(
      results.map((r) => r.statusCode),
      results.map((r) => r.body).join(),
    ).toEqual([200, 200]);
    const subs = await f.t.database.db.select().from(subscriptions).where(eq(subscriptions.owner, zoya.id));
    expect(subs).toHaveLength(1);
    expect((subs[0]?.expiresAt?.getTime() ?? 0) - f.t.clock.now().getTime()).toBe(20 * 24 * 3600_000);
    const grants = await f.t.database.db.select().from(transactions).where(eq(transactions.userId, zoya.id));
    expect(grants.map((g) => [g.amount, g.kind])).toEqual([
      [0, 'grant'],
      [0, 'grant'],
    ]);
  });
});
