import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../src/db/client';
import { openTestDatabase, testDbKind } from '../helpers/test-database';

/**
 * The API's connections to PostgreSQL run without JIT (docs/decisions/0056): at 10 M users the
 * rollup job's recount of today spent 2.2 s of 3.5 s compiling. PGlite is built without JIT.
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe.runIf(testDbKind === 'postgres')('JIT on the API pool (postgres)', () => {
  it('is off on every connection the pool opens, in and out of transactions', async () => {
    const shown = () => queryRows<{ jit: string }>(database.db, sql`SHOW jit`);
    const all = await Promise.all(Array.from({ length: 4 }, shown));
    expect(all.flat().map((row) => row.jit)).toEqual(['off', 'off', 'off', 'off']);
    const inside = await database.db.transaction((tx) => queryRows<{ jit: string }>(tx, sql`SHOW jit`));
    expect(inside).toEqual([{ jit: 'off' }]);
  });
});
