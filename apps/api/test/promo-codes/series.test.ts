import { PROMO_ALPHABET } from '@pult/contract';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { jobs, promoCodes, promoSeries } from '../../src/db/schema';
import { type PromoFixture, promoFixture } from './promo-fixture';

let f: PromoFixture;
beforeAll(async () => {
  f = await promoFixture();
});
afterAll(() => f.t.close());

const codesOf = async (seriesId: number) =>
  (
    await f.t.database.db.select({ value: promoCodes.value }).from(promoCodes).where(eq(promoCodes.seriesId, seriesId))
  ).map((r) => r.value);

describe('creating a series', () => {
  it('shows the series at once, then generates its codes: unique, prefixed, from the unambiguous alphabet', async () => {
    const response = await f.call('POST', '/api/promo-codes', {
      name: 'Весна',
      prefix: 'spring',
      codeLength: 6,
      codesCount: 300,
      planId: f.planId,
      durationDays: 30,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Весна',
      prefix: 'SPRING',
      codesCount: 300,
      planTitle: 'Годовая подписка',
      planPeriod: 'year',
      activated: 0,
      blocked: 0,
    });
    expect(['pending', 'running', 'done']).toContain(response.json().generationStatus);
    await f.t.app.jobs.idle();
    const series = (await f.call('GET', `/api/promo-codes/${response.json().id}`)).json();
    expect(series).toMatchObject({ generationStatus: 'done', generated: 300 });
    const codes = await codesOf(series.id);
    expect(codes).toHaveLength(300);
    expect(new Set(codes).size).toBe(300);
    const pattern = new RegExp(`^SPRING[${PROMO_ALPHABET}]{6}$`);
    for (const code of codes) expect(code).toMatch(pattern);
    for (const code of codes) expect(code.slice(6)).not.toMatch(/[01OIL]/);
  });

  it('keeps codes unique across series (a database constraint)', async () => {
    const a = await f.createSeries({ prefix: 'X', codeLength: 2, codesCount: 400 });
    const b = await f.createSeries({ prefix: 'X', codeLength: 2, codesCount: 400 });
    expect(a.generated + b.generated).toBe(800);
    const [row] = await queryRows<{ n: number }>(
      f.t.database.db,
      sql`select count(distinct value)::int as n from promo_codes where value like 'X%'`,
    );
    expect(row?.n).toBe(800);
    await expect(
      f.t.database.db.insert(promoCodes).values({ value: (await codesOf(a.id))[0] ?? '', seriesId: b.id }),
    ).rejects.toThrow();
  });

  it('fills a tiny code space completely despite collisions, then fails the next series loudly', async () => {
    const full = await f.createSeries({ prefix: 'Q', codeLength: 2, codesCount: PROMO_ALPHABET.length ** 2 });
    expect(full).toMatchObject({ generationStatus: 'done', generated: 961 });
    const starved = await f.createSeries({ prefix: 'Q', codeLength: 2, codesCount: 10 });
    expect(starved.generationStatus).toBe('failed');
    expect(starved.generated).toBe(0);
    expect((await f.call('GET', `/api/promo-codes/${starved.id}`)).json().generationError).toMatch(
      /Code space exhausted/,
    );
  });

  it('resumes a series that a crashed process left half-done, with an exact count', async () => {
    const series = await f.createSeries({ prefix: 'R', codeLength: 8, codesCount: 40 });
    // Simulate a crash mid-series: codes past the 25th are gone, the lease is stale, status says running.
    const keep = (await codesOf(series.id)).sort().slice(0, 25);
    await f.t.database.db
      .delete(promoCodes)
      .where(and(eq(promoCodes.seriesId, series.id), notInArray(promoCodes.value, keep)));
    await f.t.database.db
      .update(promoSeries)
      .set({ generationStatus: 'running', generated: 25 })
      .where(eq(promoSeries.id, series.id));
    await f.t.database.db
      .update(jobs)
      .set({ status: 'running', leaseOwner: 'dead-process', leaseUntil: new Date(f.t.clock.now().getTime() - 1000) })
      .where(and(eq(jobs.kind, 'promo-generation'), eq(jobs.subjectId, series.id)));
    f.t.app.jobs.wake();
    await f.t.app.jobs.idle();
    const resumed = (await f.call('GET', `/api/promo-codes/${series.id}`)).json();
    expect(resumed).toMatchObject({ generationStatus: 'done', generated: 40 });
    const codes = await codesOf(series.id);
    expect(codes).toHaveLength(40);
    expect(codes).toEqual(expect.arrayContaining(keep));
  });

  it('leaves a series whose lease is still held by another process alone', async () => {
    const [row] = await f.t.database.db
      .insert(promoSeries)
      .values({
        name: 'Чужая',
        codeLength: 8,
        codesCount: 10,
        planId: f.planId,
        durationDays: 30,
        generationStatus: 'running',
      })
      .returning();
    await f.t.database.db.insert(jobs).values({
      kind: 'promo-generation',
      subjectId: row?.id ?? 0,
      status: 'running',
      runAt: f.t.clock.now(),
      leaseOwner: 'another-process',
      leaseUntil: new Date(f.t.clock.now().getTime() + 60_000),
    });
    f.t.app.jobs.wake();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await codesOf(row?.id ?? 0)).toHaveLength(0);
    await f.t.database.db
      .update(promoSeries)
      .set({ generationStatus: 'failed', generationError: 'stopped by the test' })
      .where(eq(promoSeries.id, row?.id ?? 0));
  });

  it.each([
    ['more codes than the length allows', { codeLength: 2, codesCount: 962 }, 'codesCount'],
    ['an end before the start', { startsAt: '2026-05-01T00:00:00Z', endsAt: '2026-04-01T00:00:00Z' }, 'endsAt'],
    ['a prefix with Cyrillic', { prefix: 'ПРОМО' }, 'prefix'],
    ['an unknown plan', { planId: 99999 }, 'planId'],
    ['a zero count', { codesCount: 0 }, 'codesCount'],
  ])('refuses %s with 400 naming the field', async (_name, change, field) => {
    const before = (await f.call('GET', '/api/promo-codes?take=100')).json().count;
    const response = await f.call('POST', '/api/promo-codes', {
      name: 'Bad',
      codeLength: 8,
      codesCount: 10,
      planId: f.planId,
      durationDays: 30,
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty(field);
    expect((await f.call('GET', '/api/promo-codes?take=100')).json().count).toBe(before);
  });

  it('refuses a disabled plan', async () => {
    const response = await f.call('POST', '/api/promo-codes', {
      name: 'Bad',
      codeLength: 8,
      codesCount: 10,
      planId: f.disabledPlanId,
      durationDays: 30,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'PLAN_DISABLED', errors: { planId: 'disabled' } });
  });

  it('refuses an unknown plan with PLAN_NOT_FOUND on the field', async () => {
    const response = await f.call('POST', '/api/promo-codes', {
      name: 'Bad',
      codeLength: 8,
      codesCount: 10,
      planId: 99999,
      durationDays: 30,
    });
    expect(response.json()).toMatchObject({ code: 'PLAN_NOT_FOUND', errors: { planId: 'not_found' } });
  });

  it('is open to admins and editors, closed to planner users', async () => {
    expect(
      (
        await f.call(
          'POST',
          '/api/promo-codes',
          { name: 'A', codeLength: 8, codesCount: 1, planId: f.planId, durationDays: 1 },
          'admin',
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await f.call(
          'POST',
          '/api/promo-codes',
          { name: 'U', codeLength: 8, codesCount: 1, planId: f.planId, durationDays: 1 },
          'user',
        )
      ).statusCode,
    ).toBe(403);
    expect((await f.call('GET', '/api/promo-codes', undefined, 'user')).statusCode).toBe(403);
    await f.t.app.jobs.idle();
  });
});

describe('the series list', () => {
  it('filters by name, status, plan and period, dropping empty values', async () => {
    const named = await f.createSeries({ name: 'Чёрная пятница', codesCount: 5 });
    await f.call('GET', `/api/promo-codes/${named.id}/manage/disable`);
    const byName = (await f.call('GET', '/api/promo-codes?name=пятниц&status=&planId=')).json();
    expect(byName.items.map((s: { name: string }) => s.name)).toEqual(['Чёрная пятница']);
    expect(byName.items[0]).toMatchObject({ status: 'disabled', generated: 5 });
    const disabled = (await f.call('GET', '/api/promo-codes?status=disabled')).json();
    expect(disabled.items.map((s: { id: number }) => s.id)).toEqual([named.id]);
    const byPlan = (await f.call('GET', `/api/promo-codes?planId=${f.planId}&take=100`)).json();
    expect(byPlan.count).toBeGreaterThan(5);
    const future = (
      await f.call('GET', `/api/promo-codes?from=${encodeURIComponent(new Date(Date.now() + 864e5).toISOString())}`)
    ).json();
    expect(future.count).toBe(0);
    expect((await f.call('GET', '/api/promo-codes?status=paused')).statusCode).toBe(400);
  });

  it('prefills the create form with the yearly plan and sensible defaults', async () => {
    const prefilled = (await f.call('GET', '/api/promo-codes/prefilled-serie')).json();
    expect(prefilled).toMatchObject({ planId: f.planId, durationDays: 365, codeLength: 8, prefix: 'PULT' });
    expect(prefilled.name).toMatch(/^Серия от \d{2}\.\d{2}\.\d{4}$/);
    expect(Date.parse(prefilled.endsAt)).toBeGreaterThan(Date.parse(prefilled.startsAt));
  });

  it('enables and disables a series; unknown action 400, unknown series 404', async () => {
    const series = await f.createSeries({ codesCount: 1 });
    expect((await f.call('GET', `/api/promo-codes/${series.id}/manage/disable`)).json().status).toBe('disabled');
    expect((await f.call('GET', `/api/promo-codes/${series.id}/manage/enable`, undefined, 'admin')).json().status).toBe(
      'enabled',
    );
    expect((await f.call('GET', `/api/promo-codes/${series.id}/manage/pause`)).statusCode).toBe(400);
    const unknown = await f.call('GET', '/api/promo-codes/99999/manage/enable');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('SERIES_NOT_FOUND');
    expect((await f.call('GET', `/api/promo-codes/${series.id}/manage/enable`, undefined, 'user')).statusCode).toBe(
      403,
    );
  });
});

describe('the prefilled series name', () => {
  it("carries today's date on the settings' time zone, not UTC's", async () => {
    const at = f.t.clock.now();
    // A zone whose date is not UTC's at this moment: Kiritimati is UTC+14, Pago Pago UTC−11 (no DST in either).
    const [zone, offsetHours] = at.getUTCHours() >= 10 ? ['Pacific/Kiritimati', 14] : ['Pacific/Pago_Pago', -11];
    const local = new Date(at.getTime() + offsetHours * 3600_000);
    const date = (d: Date) =>
      `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`;
    expect(date(local)).not.toBe(date(at));
    const saved = await f.call('PATCH', '/api/common/settings', { defaultTimeZone: zone }, 'admin');
    expect(saved.statusCode, saved.body).toBe(200);
    const prefilled = await f.call('GET', '/api/promo-codes/prefilled-serie');
    expect(prefilled.statusCode, prefilled.body).toBe(200);
    expect(prefilled.json().name).toBe(`Серия от ${date(local)}`);
    await f.call('PATCH', '/api/common/settings', { defaultTimeZone: 'Europe/Moscow' }, 'admin');
  });
});
