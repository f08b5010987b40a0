import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpPgliteImage, openDatabase } from '../../src/db/client';
import { asTestAdmin, databaseUrl } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding an empty migrated PGlite image (PGlite pass). */
    pgliteImagePath?: string;
    /** An empty migrated PostgreSQL database every test database is copied from (PostgreSQL pass). */
    postgresTemplate?: string;
  }
}

/**
 * Global set-up: migrates one empty database per run, so each test database is a copy of it rather
 * than a new initdb plus sixteen migrations. `openDatabase` still runs the migrator on every copy,
 * which finds them applied, so what the tests see is exactly what a first start would make.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.PULT_TEST_DB === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('PULT_TEST_DB=postgres needs TEST_DATABASE_URL');
    const name = `pult_tpl_${randomBytes(6).toString('hex')}`;
    await asTestAdmin(adminUrl, `CREATE DATABASE ${name}`);
    // A template must have no connection open while it is copied: migrate, then close the pool.
    await (await openDatabase({ url: databaseUrl(adminUrl, name) })).close();
    project.provide('postgresTemplate', name);
    return () => asTestAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const folder = mkdtempSync(join(tmpdir(), 'pult-pglite-image-'));
  const path = join(folder, 'empty.tar');
  writeFileSync(path, new Uint8Array(await (await dumpPgliteImage()).arrayBuffer()));
  project.provide('pgliteImagePath', path);
  return async () => rmSync(folder, { recursive: true, force: true });
}
