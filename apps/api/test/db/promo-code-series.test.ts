import { type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../src/db/client';
import { openTestDatabase, testDbKind } from '../helpers/test-database';

/**
 * A promo code's series, checked once per statement by the triggers of migration 0021 instead of a
 * declarative foreign key: the same rule and the same errors (23503, the old constraint's name), on
 * both engines, and on PostgreSQL also against a delete running at the same time.
 */
let database: Database;
const rows = <T>(query: SQL) => queryRows<T>(database.db, query);
const CONSTRAINT = 'promo_codes_series_id_promo_series_id_fk';
let planId = 0;
let unique = 0;

async function failureOf(run: () => Promise<unknown>): Promise<{ code?: string; constraint?: string }> {
  try {
    await run();
  } catch (error) {
    let current: unknown = error;
    while (current && typeof current === 'object') {
      const failure = current as { code?: unknown; constraint?: string; cause?: unknown };
      if (typeof failure.code === 'string' && /^[0-9A-Z]{5}$/.test(failure.code))
        return { code: failure.code, constraint: failure.constraint };
      current = failure.cause;
    }
    throw error;
  }
  throw new Error('the statement succeeded');
}

async function newSeries(): Promise<number> {
  const [row] = await rows<{ id: number }>(sql`
    INSERT INTO promo_series (name, code_length, codes_count, plan_id, duration_days)
    VALUES (${`Серия ${++unique}`}, 8, 100, ${planId}, 30) RETURNING id`);
  return Number(row?.id);
}
const codesOf = async (seriesId: number) =>
  Number(
    (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM promo_codes WHERE series_id = ${seriesId}`))[0]?.n,
  );
const code = () => `KEY${++unique}`;

beforeAll(async () => {
  database = await openTestDatabase();
  const [plan] = await rows<{ id: number }>(sql`
    INSERT INTO subscription_plans (title, price, period, duration_days) VALUES ('План', 100, 'month', 30) RETURNING id`);
  planId = Number(plan?.id);
});
afterAll(() => database.close());

describe('inserted codes', () => {
  it('are stored when their series exists, many in one statement', async () => {
    const series = await newSeries();
    await database.db.execute(
      sql`INSERT INTO promo_codes (value, series_id) SELECT 'MANY' || g, ${series} FROM generate_series(1, 500) g`,
    );
    expect(await codesOf(series)).toBe(500);
  });

  it('are refused as the foreign key refused them when the series does not exist', async () => {
    const failure = await failureOf(() =>
      database.db.execute(sql`INSERT INTO promo_codes (value, series_id) VALUES (${code()}, 2147483647)`),
    );
    expect(failure).toEqual({ code: '23503', constraint: CONSTRAINT });
  });

  it('are refused all together when one row of the statement names a missing series', async () => {
    const series = await newSeries();
    const failure = await failureOf(() =>
      database.db.execute(sql`
        INSERT INTO promo_codes (value, series_id)
        SELECT 'MIX' || g, CASE WHEN g = 77 THEN 2147483647 ELSE ${series} END FROM generate_series(1, 100) g`),
    );
    expect(failure).toEqual({ code: '23503', constraint: CONSTRAINT });
    expect(await codesOf(series)).toBe(0);
  });
});

describe('code values', () => {
  it('compare byte by byte (collation "C", migration 0022), so a batch sorts and indexes without strcoll', async () => {
    const [column] = await rows<{ collation: string | null }>(sql`
      SELECT collation_name AS collation FROM information_schema.columns
       WHERE table_schema = current_schema() AND table_name = 'promo_codes' AND column_name = 'value'`);
    expect(column?.collation).toBe('C');
    const series = await newSeries();
    await database.db.execute(
      sql`INSERT INTO promo_codes (value, series_id) VALUES ('ORD-B', ${series}), ('ORDA', ${series}), ('ORD9', ${series})`,
    );
    const ordered = await rows<{ value: string }>(
      sql`SELECT value FROM promo_codes WHERE series_id = ${series} ORDER BY value`,
    );
    expect(ordered.map((r) => r.value)).toEqual(['ORD-B', 'ORD9', 'ORDA']);
  });
});

describe('a code moved to another series', () => {
  it('moves to an existing series and is refused for a missing one', async () => {
    const [from, to] = [await newSeries(), await newSeries()];
    const value = code();
    await database.db.execute(sql`INSERT INTO promo_codes (value, series_id) VALUES (${value}, ${from})`);
    await database.db.execute(sql`UPDATE promo_codes SET series_id = ${to} WHERE value = ${value}`);
    expect(await codesOf(to)).toBe(1);
    const failure = await failureOf(() =>
      database.db.execute(sql`UPDATE promo_codes SET series_id = 2147483647 WHERE value = ${value}`),
    );
    expect(failure).toEqual({ code: '23503', constraint: CONSTRAINT });
    expect(await codesOf(to)).toBe(1);
  });
});

describe('a series', () => {
  it('with codes cannot be deleted or renumbered; without codes it can', async () => {
    const used = await newSeries();
    await database.db.execute(sql`INSERT INTO promo_codes (value, series_id) VALUES (${code()}, ${used})`);
    expect(await failureOf(() => database.db.execute(sql`DELETE FROM promo_series WHERE id = ${used}`))).toEqual({
      code: '23503',
      constraint: CONSTRAINT,
    });
    expect(
      await failureOf(() => database.db.execute(sql`UPDATE promo_series SET id = id + 100000 WHERE id = ${used}`)),
    ).toEqual({ code: '23503', constraint: CONSTRAINT });
    expect(await codesOf(used)).toBe(1);

    const empty = await newSeries();
    await database.db.execute(sql`DELETE FROM promo_series WHERE id = ${empty}`);
    expect(await rows(sql`SELECT 1 FROM promo_series WHERE id = ${empty}`)).toEqual([]);
  });

  it('is deleted only in READ COMMITTED, where the check sees codes committed meanwhile', async () => {
    const empty = await newSeries();
    const failure = await failureOf(() =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ`);
        await tx.execute(sql`DELETE FROM promo_series WHERE id = ${empty}`);
      }),
    );
    expect(failure.code).toBe('40001');
    expect(await rows(sql`SELECT 1 FROM promo_series WHERE id = ${empty}`)).toHaveLength(1);
  });
});

// Two sessions at once: only PostgreSQL has them (PGlite runs one statement at a time).
describe('a truncate of the series (migration 0024)', () => {
  const ROLLBACK = new Error('rolled back on purpose');
  /** The statements in a transaction that is always rolled back: the file's other rows stay. */
  const rolledBack = (...statements: SQL[]) =>
    database.db.transaction(async (tx) => {
      for (const statement of statements) await tx.execute(statement);
      throw ROLLBACK;
    });

  it('is refused while codes remain, as the foreign key refused it', async () => {
    const series = await newSeries();
    await database.db.execute(sql`INSERT INTO promo_codes (value, series_id) VALUES (${code()}, ${series})`);
    expect(await failureOf(() => rolledBack(sql`TRUNCATE promo_series CASCADE`))).toEqual({
      code: '0A000',
      constraint: undefined,
    });
    expect(await codesOf(series)).toBe(1);
  });

  it('passes with the codes in the same statement, or once they are gone', async () => {
    await expect(rolledBack(sql`TRUNCATE promo_series, promo_codes CASCADE`)).rejects.toBe(ROLLBACK);
    await expect(rolledBack(sql`DELETE FROM promo_codes`, sql`TRUNCATE promo_series CASCADE`)).rejects.toBe(ROLLBACK);
  });
});

describe.skipIf(testDbKind !== 'postgres')('a delete racing a generation (PostgreSQL)', () => {
  async function twoSessions<T>(run: (a: pg.PoolClient, b: pg.PoolClient) => Promise<T>): Promise<T> {
    const pool = database.pool;
    if (!pool) throw new Error('no pool');
    const [a, b] = [await pool.connect(), await pool.connect()];
    try {
      return await run(a, b);
    } finally {
      a.release();
      b.release();
    }
  }
  const waitsForLock = async (session: pg.PoolClient) => {
    const pool = database.pool;
    if (!pool) throw new Error('no pool');
    const pid = (await session.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
    return async () => {
      for (let i = 0; i < 200; i++) {
        const { rows: found } = await pool.query(
          `SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND wait_event_type = 'Lock'`,
          [pid],
        );
        if (found.length > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error('the second session never waited for a lock');
    };
  };

  it('a delete waits for the codes being inserted, then is refused', async () => {
    const series = await newSeries();
    await twoSessions(async (generator, admin) => {
      const adminWaits = await waitsForLock(admin);
      await generator.query('BEGIN');
      await generator.query(
        `INSERT INTO promo_codes (value, series_id) SELECT 'RACE' || g, $1 FROM generate_series(1, 50) g`,
        [series],
      );
      const deleting = admin.query('DELETE FROM promo_series WHERE id = $1', [series]).then(
        () => undefined,
        (error: { code?: string; constraint?: string }) => ({ code: error.code, constraint: error.constraint }),
      );
      await adminWaits();
      await generator.query('COMMIT');
      expect(await deleting).toEqual({ code: '23503', constraint: CONSTRAINT });
    });
    expect(await codesOf(series)).toBe(50);
  });

  it('codes inserted while their series is being deleted wait, then are refused', async () => {
    const series = await newSeries();
    await twoSessions(async (generator, admin) => {
      const generatorWaits = await waitsForLock(generator);
      await admin.query('BEGIN');
      await admin.query('DELETE FROM promo_series WHERE id = $1', [series]);
      const inserting = generator
        .query(`INSERT INTO promo_codes (value, series_id) SELECT 'LATE' || g, $1 FROM generate_series(1, 50) g`, [
          series,
        ])
        .then(
          () => undefined,
          (error: { code?: string; constraint?: string }) => ({ code: error.code, constraint: error.constraint }),
        );
      await generatorWaits();
      await admin.query('COMMIT');
      expect(await inserting).toEqual({ code: '23503', constraint: CONSTRAINT });
    });
    expect(await codesOf(series)).toBe(0);
  });
});
