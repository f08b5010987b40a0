import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/db/client';

/** Which database the suite runs on: the test script sets PULT_TEST_DB=postgres for the second pass. */
export const testDbKind = process.env.PULT_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A database of its own for each caller: PGlite in memory, or a freshly created PostgreSQL
 * database (dropped on close), so test files never see each other's rows.
 */
export async function openTestDatabase(): Promise<Database> {
  if (testDbKind === 'pglite') return openDatabase({});
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('PULT_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `pult_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
