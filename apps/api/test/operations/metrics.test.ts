import { eq } from 'drizzle-orm';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoCodes } from '../../src/db/schema';
import { createMetrics } from '../../src/lib/metrics';
import { enqueueJob, jobKind, startJobWorker } from '../../src/modules/jobs';
import type { PushProvider } from '../../src/modules/push';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import { testDbKind } from '../helpers/test-database';
import { type PromoFixture, promoFixture } from '../promo-codes/promo-fixture';
import { type PushFixture, pushFixture } from '../push/push-fixture';

const TOKEN = 'metrics-token-for-tests-0123456789';
const bearer = { authorization: `Bearer ${TOKEN}` };

/** A sample line of the text format: name, optional labels, a value (and an optional timestamp). */
const SAMPLE_LINE = /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{([a-zA-Z_][a-zA-Z0-9_]*="([^"\\]|\\.)*",?)*\})? [^ ]+( -?\d+)?$/;

/** Scrapes /metrics the way Prometheus does, checks the text's shape, and parses it. */
async function scrape(t: TestApp) {
  const response = await t.app.inject({ url: '/metrics', headers: bearer });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  const lines = response.body.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
  expect(lines.filter((line) => !SAMPLE_LINE.test(line))).toEqual([]);
  const families = parsePrometheusTextFormat(response.body);
  const family = (name: string) => families.find((f) => f.name === name);
  /** The value of one counter or gauge sample with exactly these labels (0 when absent). */
  const value = (name: string, labels: Record<string, string> = {}) => {
    const sample = family(name)?.metrics.find((m) => JSON.stringify(m.labels ?? {}) === JSON.stringify(labels));
    return Number(sample?.value ?? 0);
  };
  /**
   * The samples of one series name read from the lines themselves (`…_count`, `…_bucket`): the parser
   * folds a histogram with labels into one unlabelled sample, so its series are read here.
   */
  const samples = (name: string) =>
    lines
      .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
      .map((line) => ({
        labels: Object.fromEntries([...line.matchAll(/([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]])),
        value: Number(line.slice(line.lastIndexOf(' ') + 1)),
      }));
  return { text: response.body, lines, families, family, value, samples };
}

describe('GET /metrics', () => {
  let t: TestApp;
  let adminToken = '';

  beforeAll(async () => {
    t = await buildTestApp({ extraEnv: { METRICS_TOKEN: TOKEN } });
    await t.createUser({ email: 'admin@pult.test', role: 'admin' });
    await t.createUser({ email: 'editor@pult.test', role: 'editor' });
    adminToken = (await t.signin('admin@pult.test')).apiToken;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers Prometheus' text format that a Prometheus parser reads, with the series operators rely on", async () => {
    await t.app.inject({ url: '/api/users/me', headers: { 'api-token': adminToken } });
    const { families, family, samples } = await scrape(t);
    expect(families.length).toBeGreaterThan(10);
    expect(family('http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    expect(samples('http_request_duration_seconds_count')).toContainEqual({
      labels: { method: 'GET', route: '/api/users/me', status_code: '200' },
      value: 1,
    });
    for (const name of ['pult_jobs_waiting', 'pult_jobs_running']) {
      expect(family(name)?.type).toBe('GAUGE');
      // Every kind this process runs has a sample, 0 included.
      expect(
        family(name)
          ?.metrics.map((m) => m.labels?.kind)
          .sort(),
      ).toEqual(['import', 'promo-generation', 'push-dispatch', 'scheduled-backup']);
    }
    for (const name of [
      'pult_jobs_failed_total',
      'pult_push_deliveries_total',
      'pult_promo_redemptions_total',
      'pult_signins_total',
    ])
      expect(family(name)?.type, name).toBe('COUNTER');
    // prom-client's Node and process metrics.
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(family(name), name).toBeDefined();
    // The pool exists on PostgreSQL only.
    expect(family('pult_db_pool_connections') !== undefined).toBe(testDbKind === 'postgres');
    if (testDbKind === 'postgres') {
      expect(family('pult_db_pool_max')?.metrics[0]?.value).toBe('10');
      expect(Number(family('pult_db_pool_connections')?.metrics[0]?.value)).toBeGreaterThan(0);
    }
  });

  // 200 signed-in requests, one after another (1,000 until stop 53: the same rule, 45 s of npm test on
  // PGlite); the time-out is an upper bound for a loaded machine, not a timing.
  it('labels requests by route pattern: 200 distinct user ids add no series, and no id reaches the text', async () => {
    const get = (id: number) => t.app.inject({ url: `/api/users/${id}`, headers: { 'api-token': adminToken } });
    // One unknown id and one request no route matches settle the label sets these requests use.
    await get(1_000_000);
    await t.app.inject({ url: '/api/no-such-route/1000000' });
    const before = await scrape(t);
    for (let id = 1_000_001; id <= 1_000_200; id++) expect((await get(id)).statusCode).toBe(404);
    for (let id = 1_000_001; id <= 1_000_050; id++) await t.app.inject({ url: `/api/no-such-route/${id}` });
    const after = await scrape(t);
    const series = (lines: string[]) => lines.filter((line) => line.startsWith('http_request_duration_seconds'));
    expect(series(after.lines).length).toBe(series(before.lines).length);
    const counts = after.samples('http_request_duration_seconds_count');
    expect(counts).toContainEqual({
      labels: { method: 'GET', route: '/api/users/:id', status_code: '404' },
      value: 201,
    });
    expect(counts).toContainEqual({ labels: { method: 'GET', route: 'unmatched', status_code: '404' }, value: 51 });
    expect(after.text).not.toContain('1000150');
    expect(after.text).not.toContain('no-such-route');
  }, 600_000);

  it('counts sign-ins by result', async () => {
    const before = await scrape(t);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { email: 'editor@pult.test', password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(401);
    await t.signin('editor@pult.test');
    const after = await scrape(t);
    const delta = (result: string) =>
      after.value('pult_signins_total', { result }) - before.value('pult_signins_total', { result });
    expect(delta('invalid_credentials')).toBe(1);
    expect(delta('success')).toBe(1);
  });

  it('needs the bearer token: 401 in the error shape without it or with another, whatever the role', async () => {
    const cases: [string, Record<string, string>][] = [
      ['anonymous', {}],
      ['an admin session', { 'api-token': adminToken }],
      ['an admin session as bearer', { authorization: `Bearer ${adminToken}` }],
      ['a wrong token', { authorization: `Bearer ${TOKEN.slice(0, -1)}x` }],
      ['a longer token', { authorization: `Bearer ${TOKEN}0` }],
      ['the token without Bearer', { authorization: TOKEN }],
      ['Basic', { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` }],
    ];
    for (const [who, headers] of cases) {
      const response = await t.app.inject({ url: '/metrics', headers });
      expect(response.statusCode, who).toBe(401);
      expect(response.json(), who).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        code: 'UNAUTHENTICATED',
        message: expect.any(String),
      });
      expect(response.body, who).not.toContain('http_request_duration_seconds');
    }
  });
});

describe('a scrape while the database is gone', () => {
  it('still answers, with every series but the ones read from the database', async () => {
    const t = await buildTestApp({ extraEnv: { METRICS_TOKEN: TOKEN } });
    try {
      await t.database.close();
      const { family } = await scrape(t);
      expect(family('pult_jobs_waiting')?.metrics ?? []).toEqual([]);
      expect(family('pult_signins_total')).toBeDefined();
      expect(family('process_cpu_user_seconds_total')).toBeDefined();
    } finally {
      await t.app.close().catch(() => undefined);
    }
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is 404 in the error shape, token or not', async () => {
    const t = await buildTestApp();
    try {
      for (const headers of [{}, bearer]) {
        const response = await t.app.inject({ url: '/metrics', headers });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
      }
    } finally {
      await t.close();
    }
  });
});

describe('a METRICS_TOKEN shorter than 16 characters', () => {
  it('stops the start with a message naming it', async () => {
    await expect(buildTestApp({ extraEnv: { METRICS_TOKEN: 'short' } })).rejects.toThrow(/METRICS_TOKEN/);
  });
});

describe('push deliveries and failed jobs', () => {
  let f: PushFixture;
  const answers = ['sent', 'sent', 'unregistered', 'failed'] as const;
  const provider: PushProvider = {
    name: 'scripted',
    async send(messages) {
      return messages.map((m) => {
        const status = answers[Number(m.token.split('-')[1]) % answers.length] ?? 'sent';
        return status === 'sent' ? { status } : { status, reason: 'scripted' };
      });
    },
  };
  beforeAll(async () => {
    f = await pushFixture({ extraEnv: { METRICS_TOKEN: TOKEN }, push: { provider } });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  it('counts deliveries by provider and answer once they are recorded', async () => {
    for (let i = 0; i < 4; i++) await f.device('free', `device-${i}`);
    const created = await f.schedule({ type: 'users', userIds: [f.ids.free] });
    await f.drain();
    expect((await f.call('GET', `/api/reminders/${created.id}`)).json()).toMatchObject({ sent: 2 });
    const { value } = await scrape(f.t);
    expect(value('pult_push_deliveries_total', { provider: 'scripted', result: 'sent' })).toBe(2);
    expect(value('pult_push_deliveries_total', { provider: 'scripted', result: 'unregistered' })).toBe(1);
    expect(value('pult_push_deliveries_total', { provider: 'scripted', result: 'failed' })).toBe(1);
  });
});

describe('promo redemptions', () => {
  let f: PromoFixture;
  beforeAll(async () => {
    f = await promoFixture({ extraEnv: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  it('counts redemptions by result: success, or the refusal code', async () => {
    const series = await f.createSeries({
      name: 'Метрики',
      prefix: 'MET',
      codeLength: 8,
      codesCount: 2,
      durationDays: 30,
    });
    const [code] = await f.t.database.db
      .select({ value: promoCodes.value })
      .from(promoCodes)
      .where(eq(promoCodes.seriesId, series.id));
    expect((await f.activate('NO-SUCH-CODE', f.tokens.user)).statusCode).toBe(404);
    expect((await f.activate(code?.value ?? '', f.tokens.user)).statusCode).toBe(200);
    expect((await f.activate(code?.value ?? '', f.tokens.user)).statusCode).toBe(409);
    const { value } = await scrape(f.t);
    expect(value('pult_promo_redemptions_total', { result: 'success' })).toBe(1);
    expect(value('pult_promo_redemptions_total', { result: 'code_not_found' })).toBe(1);
    expect(value('pult_promo_redemptions_total', { result: 'code_used' })).toBe(1);
  });
});

describe('failed jobs', () => {
  it('counts a job once when the worker stops it as failed: its handler said so, or its attempts ran out', async () => {
    const t = await buildTestApp();
    const metrics = createMetrics({ nodeDefaults: false });
    const reported = jobKind('reports-failure');
    const throws = jobKind('always-throws', { maxAttempts: 1 });
    const worker = startJobWorker({
      db: t.database.db,
      clock: t.clock,
      log: t.app.log,
      pollMs: 3_600_000,
      metrics,
      handlers: [
        { kind: reported, handler: async () => ({ status: 'failed', error: 'nothing to do' }) },
        {
          kind: throws,
          handler: async () => {
            throw new Error('broken');
          },
        },
      ],
    });
    try {
      await enqueueJob(t.database.db, { kind: reported, subjectId: 1, runAt: t.clock.now() });
      await enqueueJob(t.database.db, { kind: throws, subjectId: 1, runAt: t.clock.now() });
      await enqueueJob(t.database.db, { kind: throws, subjectId: 2, runAt: t.clock.now() });
      await worker.idle();
      const values = (await metrics.jobsFailed.get()).values.map((v) => [v.labels.kind, v.value]);
      expect(Object.fromEntries(values)).toEqual({ 'reports-failure': 1, 'always-throws': 2 });
    } finally {
      await worker.stop();
      await t.close();
    }
  });
});
