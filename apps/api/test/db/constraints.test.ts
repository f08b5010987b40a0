import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../src/db/client';
import { subscriptionPlans } from '../../src/db/schema';
import { HttpError } from '../../src/lib/http-errors';
import { withDatabaseRefusals } from '../../src/lib/pg-errors';
import { buildTestApp } from '../helpers/test-app';
import { openTestDatabase } from '../helpers/test-database';

/**
 * The rules the database itself enforces, read from its catalog, so a new column or foreign key
 * without its rule fails here rather than being listed (or forgotten) by hand.
 */
let database: Database;
const rows = <T>(query: SQL) => queryRows<T>(database.db, query);

interface PgFailure {
  code?: string;
  constraint?: string;
  hint?: string;
}
/** The PostgreSQL error under Drizzle's wrapper (`cause`), as pg and PGlite both report it. */
function pgFailure(error: unknown): PgFailure {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const { code } = current as PgFailure;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return current as PgFailure;
    current = (current as { cause?: unknown }).cause;
  }
  throw error;
}
async function failureOf(run: () => Promise<unknown>): Promise<PgFailure> {
  try {
    await run();
  } catch (error) {
    return pgFailure(error);
  }
  throw new Error('the statement succeeded');
}

let unique = 0;
const next = () => ++unique;
const day = (offset: number) => new Date(Date.UTC(2026, 0, 10 + offset)).toISOString();
const ids = { user: 0, plan: 0, disabledPlan: 0, series: 0, session: 0 };

/** A valid row of each table; each case below breaks exactly one rule of it. */
const valid: Record<string, () => Record<string, unknown>> = {
  users: () => ({ email: `u${next()}@pult.test`, role: 'user', status: 'active' }),
  subscription_plans: () => ({ title: `Plan ${next()}`, price: 100, period: 'month', duration_days: 30 }),
  subscriptions: () => ({
    owner: ids.user,
    plan_id: ids.plan,
    status: 'active',
    source: 'admin',
    started_at: day(0),
    expires_at: day(30),
  }),
  transactions: () => ({
    user_id: ids.user,
    plan_id: ids.plan,
    amount: 100,
    currency: 'RUB',
    status: 'succeeded',
    provider: 'yookassa',
    kind: 'purchase',
  }),
  sessions: () => ({ user_id: ids.user, created_at: day(0), expires_at: day(1) }),
  session_tokens: () => ({ hash: `h${next()}`, session_id: ids.session, kind: 'access', expires_at: day(1) }),
  rate_limits: () => ({ key: `k${next()}`, window_start: day(0), count: 1 }),
  audit_events: () => ({ action: 'block-code', entity: 'promo-code', entity_id: 'X' }),
  promo_series: () => ({
    name: 'Spring',
    prefix: 'VESNA-',
    code_length: 8,
    codes_count: 10,
    plan_id: ids.plan,
    duration_days: 30,
    starts_at: day(0),
    ends_at: day(10),
  }),
  promo_codes: () => ({ value: `CODE${next()}`, series_id: ids.series, status: 'new' }),
  promo_series_counters: () => ({ series_id: ids.series, shard: next(), activated: 0, blocked: 0 }),
};

async function insert(table: string, values: Record<string, unknown>): Promise<number | undefined> {
  const columns = Object.keys(values);
  const [row] = await rows<{ id?: number }>(
    sql`INSERT INTO ${sql.identifier(table)} (${sql.join(
      columns.map((c) => sql.identifier(c)),
      sql`, `,
    )}) VALUES (${sql.join(
      columns.map((c) => sql`${values[c] ?? null}`),
      sql`, `,
    )}) RETURNING to_jsonb(${sql.identifier(table)}) -> 'id' AS id`,
  );
  return row?.id === undefined || row.id === null ? undefined : Number(row.id);
}

beforeAll(async () => {
  database = await openTestDatabase();
  ids.user = (await insert('users', valid.users?.() ?? {})) ?? 0;
  ids.plan = (await insert('subscription_plans', valid.subscription_plans?.() ?? {})) ?? 0;
  ids.series = (await insert('promo_series', valid.promo_series?.() ?? {})) ?? 0;
  ids.session = (await insert('sessions', valid.sessions?.() ?? {})) ?? 0;
});
afterAll(() => database.close());

describe('CHECK constraints', () => {
  it('every status-like column of every table has one, and all are validated', async () => {
    // Columns named like an enumeration (status, role, source, provider, kind, period, currency,
    // action, entity), read from the database, and the CHECKs that mention each.
    const columns = await rows<{ table: string; column: string; checks: string[] | null; unvalidated: number }>(sql`
      SELECT t.relname AS "table", a.attname AS "column",
             array_agg(c.conname ORDER BY c.conname) FILTER (WHERE c.oid IS NOT NULL) AS checks,
             count(c.oid) FILTER (WHERE NOT c.convalidated)::int AS unvalidated
        FROM pg_attribute a
        JOIN pg_class t ON t.oid = a.attrelid AND t.relkind = 'r'
        JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = current_schema()
        LEFT JOIN pg_constraint c ON c.conrelid = t.oid AND c.contype = 'c' AND a.attnum = ANY (c.conkey)
       WHERE a.attnum > 0 AND NOT a.attisdropped
         AND a.attname ~ '(^|_)(status|role|source|provider|kind|period|currency|action|entity)$'
       GROUP BY t.relname, a.attname
       ORDER BY 1, 2`);
    // Sanity: the query sees the schema (these columns exist since the first migrations).
    expect(columns.map((c) => `${c.table}.${c.column}`)).toEqual(
      expect.arrayContaining(['users.status', 'users.role', 'transactions.provider', 'promo_codes.status']),
    );
    expect(columns.length).toBeGreaterThanOrEqual(15);
    const without = columns.filter((c) => !c.checks || c.checks.length === 0).map((c) => `${c.table}.${c.column}`);
    expect(without).toEqual([]);
    expect(columns.filter((c) => c.unvalidated > 0)).toEqual([]);
  });

  it('accepts the valid row of every table the cases below break', async () => {
    for (const [table, row] of Object.entries(valid)) await insert(table, row());
  });

  const cases: [table: string, constraint: string, change: Record<string, unknown>][] = [
    ['users', 'users_role_check', { role: 'root' }],
    ['users', 'users_status_check', { status: 'gone' }],
    ['users', 'users_email_check', { email: 'Upper@Pult.test' }],
    ['users', 'users_email_check', { email: 'no-at-sign' }],
    ['subscription_plans', 'price_not_negative', { price: -1 }],
    ['subscription_plans', 'subscription_plans_title_check', { title: '  ' }],
    ['subscription_plans', 'subscription_plans_currency_check', { currency: 'USD' }],
    ['subscription_plans', 'subscription_plans_period_check', { period: 'week' }],
    ['subscription_plans', 'subscription_plans_duration_check', { duration_days: 300 }],
    ['subscription_plans', 'subscription_plans_duration_check', { period: 'lifetime', duration_days: 0 }],
    ['subscription_plans', 'subscription_plans_sort_order_check', { sort_order: -1 }],
    ['subscription_plans', 'subscription_plans_features_check', { features: '{"a": 1}' }],
    ['subscriptions', 'subscriptions_status_check', { status: 'paused' }],
    ['subscriptions', 'subscriptions_source_check', { source: 'gift' }],
    ['subscriptions', 'subscriptions_period_check', { expires_at: day(-1) }],
    ['transactions', 'transactions_status_check', { status: 'lost' }],
    ['transactions', 'transactions_provider_check', { provider: 'paypal' }],
    ['transactions', 'transactions_kind_check', { kind: 'gift' }],
    ['transactions', 'transactions_currency_check', { currency: 'rub' }],
    ['transactions', 'transactions_amount_check', { amount: -100 }],
    ['transactions', 'transactions_amount_check', { kind: 'refund', amount: 100 }],
    ['transactions', 'transactions_amount_check', { kind: 'grant', provider: 'admin', amount: 1 }],
    ['sessions', 'sessions_expiry_check', { expires_at: day(0) }],
    ['sessions', 'sessions_revoked_check', { revoked_reason: 'signed out' }],
    ['session_tokens', 'session_tokens_kind_check', { kind: 'id' }],
    ['rate_limits', 'rate_limits_count_check', { count: -1 }],
    ['audit_events', 'audit_events_action_check', { action: 'Block code' }],
    ['audit_events', 'audit_events_entity_check', { entity: '' }],
    ['promo_series', 'promo_series_status_check', { status: 'paused' }],
    ['promo_series', 'promo_series_generation_status_check', { generation_status: 'stuck' }],
    ['promo_series', 'promo_series_name_check', { name: ' ' }],
    ['promo_series', 'promo_series_prefix_check', { prefix: 'vesna' }],
    ['promo_series', 'promo_series_prefix_check', { prefix: 'ABCDEFGHIJK' }],
    ['promo_series', 'promo_series_code_length_check', { code_length: 1 }],
    ['promo_series', 'promo_series_code_length_check', { code_length: 33 }],
    ['promo_series', 'promo_series_codes_count_check', { codes_count: 0 }],
    ['promo_series', 'promo_series_codes_count_check', { codes_count: 10_000_001 }],
    ['promo_series', 'promo_series_generated_check', { generated: 11 }],
    ['promo_series', 'promo_series_generated_check', { generated: -1 }],
    ['promo_series', 'promo_series_duration_check', { duration_days: 0 }],
    ['promo_series', 'promo_series_dates_check', { ends_at: day(0) }],
    ['promo_series', 'promo_series_failure_check', { generation_status: 'failed' }],
    ['promo_series', 'promo_series_theme_check', { theme: '[]' }],
    ['promo_codes', 'promo_codes_status_check', { status: 'used' }],
    ['promo_codes', 'promo_codes_value_check', { value: 'lower1' }],
    ['promo_codes', 'promo_codes_value_check', { value: 'A' }],
    ['promo_codes', 'promo_codes_state_check', { activated_at: day(1) }],
    ['promo_codes', 'promo_codes_state_check', { status: 'activated' }],
    ['promo_codes', 'promo_codes_state_check', { status: 'blocked' }],
    ['promo_codes', 'promo_codes_state_check', { status: 'activated', activated_at: day(1), blocked_at: day(2) }],
    ['promo_series_counters', 'promo_series_counters_shard_check', { shard: -1 }],
  ];
  it.each(cases)('%s refuses a row breaking %s (%o)', async (table, constraint, change) => {
    const failure = await failureOf(() => insert(table, { ...valid[table]?.(), ...change }));
    expect(failure.code).toBe('23514');
    expect(failure.constraint).toBe(constraint);
  });

  it('checks updates too, not only inserts', async () => {
    const failure = await failureOf(() =>
      database.db.execute(sql`UPDATE promo_series SET generated = codes_count + 1 WHERE id = ${ids.series}`),
    );
    expect(failure).toMatchObject({ code: '23514', constraint: 'promo_series_generated_check' });
  });
});

describe('foreign keys', () => {
  it('every foreign-key column leads an index (partial only if it skips nulls)', async () => {
    const keys = await rows<{ key: string; indexed: boolean }>(sql`
      SELECT c.conrelid::regclass::text || '.' || a.attname AS key,
             EXISTS (
               SELECT 1 FROM pg_index i
                WHERE i.indrelid = c.conrelid AND i.indkey[0] = c.conkey[1]
                  AND (i.indpred IS NULL
                       OR pg_get_expr(i.indpred, i.indrelid) = '(' || quote_ident(a.attname) || ' IS NOT NULL)')
             ) AS indexed
        FROM pg_constraint c
        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
        JOIN pg_namespace n ON n.oid = c.connamespace AND n.nspname = current_schema()
       WHERE c.contype = 'f'
       ORDER BY 1`);
    expect(keys.length).toBeGreaterThanOrEqual(12);
    expect(keys.filter((k) => !k.indexed).map((k) => k.key)).toEqual([]);
  });
});

describe('refusals of the database functions', () => {
  const now = day(5);
  const grant = (user: number, plan: number) =>
    database.db.execute(
      sql`SELECT * FROM pult_grant_subscription(${user}::int, ${plan}::int, 'admin', 'admin', null,
            ${now}::timestamptz, null, null)`,
    );
  const activate = (value: string) =>
    database.db.execute(sql`SELECT * FROM pult_claim_promo_code(${value}, ${ids.user}::int, ${now}::timestamptz)`);
  const series = async (change: Record<string, unknown>) => {
    const id = await insert('promo_series', { ...valid.promo_series?.(), ...change });
    const value = `C${next()}`;
    await insert('promo_codes', { value, series_id: id, status: 'new' });
    return value;
  };

  it('name the stable error code in HINT, and the API answers with it', async () => {
    const deleted = await insert('users', { ...valid.users?.(), status: 'deleted' });
    const disabled = await insert('subscription_plans', { ...valid.subscription_plans?.(), enabled: false });
    const blocked = `B${next()}`;
    await insert('promo_codes', { value: blocked, series_id: ids.series, status: 'blocked', blocked_at: day(1) });
    const used = `U${next()}`;
    await insert('promo_codes', { value: used, series_id: ids.series, status: 'activated', activated_at: day(1) });

    const refusals: [code: string, status: number, run: () => Promise<unknown>][] = [
      ['USER_NOT_FOUND', 404, () => grant(2_000_000_000, ids.plan)],
      ['USER_DELETED', 409, () => grant(deleted ?? 0, ids.plan)],
      ['PLAN_NOT_FOUND', 404, () => grant(ids.user, 2_000_000_000)],
      ['PLAN_DISABLED', 409, () => grant(ids.user, disabled ?? 0)],
      ['CODE_NOT_FOUND', 404, () => activate('NOSUCHCODE')],
      ['CODE_BLOCKED', 409, () => activate(blocked)],
      ['SERIES_INACTIVE', 409, async () => activate(await series({ status: 'disabled' }))],
      ['SERIES_NOT_STARTED', 409, async () => activate(await series({ starts_at: day(6), ends_at: day(9) }))],
      ['SERIES_ENDED', 409, async () => activate(await series({ starts_at: day(0), ends_at: day(5) }))],
      ['CODE_USED', 409, () => activate(used)],
    ];
    for (const [code, status, run] of refusals) {
      // The driver's error (pg and PGlite alike) carries HINT as `hint` …
      const failure = await failureOf(run);
      expect(failure, code).toMatchObject({ code: `PU${status}`, hint: code });
      // … which the API's wrapper turns into the answer's status and code.
      const answered = await withDatabaseRefusals(run).catch((error: unknown) => error);
      expect(answered, code).toBeInstanceOf(HttpError);
      expect(answered, code).toMatchObject({ statusCode: status, code });
    }
  });
});

describe('a refusal through an endpoint', () => {
  it('granting a disabled plan answers 409 with code PLAN_DISABLED', async () => {
    const t = await buildTestApp();
    try {
      await t.createUser({ email: 'admin@pult.test', role: 'admin' });
      const { apiToken } = await t.signin('admin@pult.test');
      const userId = await t.createUser({ email: 'planner@pult.test' });
      const [plan] = await t.database.db
        .insert(subscriptionPlans)
        .values({ title: 'Архивный', price: 9900, period: 'month', durationDays: 30, enabled: false })
        .returning();
      const response = await t.app.inject({
        url: `/api/subscriptions/subscribe-by-admin/${userId}/${plan?.id}`,
        headers: { 'api-token': apiToken },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ statusCode: 409, code: 'PLAN_DISABLED' });
    } finally {
      await t.close();
    }
  });
});
