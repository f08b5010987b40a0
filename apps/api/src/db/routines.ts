import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from './client';

/**
 * The database's functions and procedures, one file each in `db/functions/<name>.sql`, hold their
 * current definition (docs/decisions/0031). The migrations are how a database gets there: when a file
 * changes, `npm run db:routines` writes the migration that replaces the routine
 * (apps/api/scripts/routines.ts), and test/db/routines-drift.test.ts fails while a file and the
 * migrated database differ. Both compare through `compareRoutines` below.
 */
export const functionsFolder = join(dirname(fileURLToPath(import.meta.url)), 'functions');

export interface RoutineFile {
  /** The routine's name, which is the file's name. */
  name: string;
  /** The whole file: its header comment and one `CREATE OR REPLACE FUNCTION|PROCEDURE` statement. */
  text: string;
}

/** Every routine file, by name; a file must create the routine it is named after, and only that. */
export function readRoutineFiles(folder = functionsFolder): RoutineFile[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const name = file.slice(0, -'.sql'.length);
      const text = readFileSync(join(folder, file), 'utf8');
      const creates = [...text.matchAll(/^CREATE\s+(OR\s+REPLACE\s+)?(FUNCTION|PROCEDURE)\s+([\w.]+)\s*\(/gim)];
      const [only] = creates;
      if (creates.length !== 1 || !only)
        throw new Error(`${file}: expected one CREATE OR REPLACE FUNCTION|PROCEDURE, found ${creates.length}`);
      if (!only[1]) throw new Error(`${file}: write CREATE OR REPLACE, so the file can be run again`);
      if (only[3] !== name) throw new Error(`${file}: creates ${only[3]}, not ${name}`);
      if (text.includes('--> statement-breakpoint')) throw new Error(`${file}: holds a migration breakpoint`);
      return { name, text };
    });
}

export interface DatabaseRoutine {
  name: string;
  kind: 'function' | 'procedure';
  /** Name and argument types, as DROP takes them: `pult_iso(timestamp with time zone)`. */
  identity: string;
  /** pg_get_functiondef: the server's own rendering, the same on PGlite and PostgreSQL for equal input. */
  definition: string;
}

/** The routines of schema public that are ours: not an extension's (pg_trgm keeps its functions there). */
const ROUTINES = sql`
  SELECT p.proname AS name, CASE p.prokind WHEN 'p' THEN 'procedure' ELSE 'function' END AS kind,
    p.oid::regprocedure::text AS identity, pg_get_functiondef(p.oid) AS definition
  FROM pg_proc p
  JOIN pg_namespace n ON n.oid = p.pronamespace
  WHERE n.nspname = 'public' AND p.prokind IN ('f', 'p')
    AND NOT EXISTS (
      SELECT FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
    )
  ORDER BY p.proname, identity`;

/** Our routines in the database; only those named `name` when it is given. */
export async function databaseRoutines(db: Db, name?: string): Promise<DatabaseRoutine[]> {
  const routines = await queryRows<DatabaseRoutine>(
    db,
    name === undefined ? ROUTINES : sql`SELECT * FROM (${ROUTINES}) AS r WHERE r.name = ${name}`,
  );
  return routines;
}

export type RoutineState =
  /** The file creates exactly what the database holds. */
  | { name: string; state: 'same' }
  /**
   * The file's routine differs: `held` is what the database has under that name, `drop` what must be
   * dropped before the file can run (an old signature or result type), `definition` what the file makes.
   */
  | {
      name: string;
      state: 'changed' | 'new';
      held: DatabaseRoutine[];
      drop: DatabaseRoutine[];
      definition: string;
      kind: string;
    }
  /** A routine of the database that no file defines. */
  | { name: string; state: 'no file'; held: DatabaseRoutine[] }
  /** The file could not be run (a syntax error, or a change CREATE OR REPLACE cannot make). */
  | { name: string; state: 'failed'; error: string; held: DatabaseRoutine[] };

class Rollback extends Error {}

/**
 * Each file against the database: the file is run inside a transaction that is rolled back, and the
 * server's rendering of what it made (pg_get_functiondef) is compared with the rendering of what the
 * database held. Comparing renderings of one server, not texts, ignores the header comment and the
 * way a signature is spelled (`timestamptz` or `timestamp with time zone`), and catches every change
 * to the body, the arguments, the result, the language or the attributes. A file whose routine changed
 * its arguments makes a second routine of that name (an overload), and one whose result type changed
 * cannot be replaced: both are changes, with `drop` saying what has to be dropped first.
 */
export async function compareRoutines(db: Db, files: RoutineFile[]): Promise<RoutineState[]> {
  const before = await databaseRoutines(db);
  const held = (name: string) => before.filter((routine) => routine.name === name);
  const states: RoutineState[] = [];
  await db
    .transaction(async (tx) => {
      // Each file runs alone, so a body must not be checked against routines other files add: the
      // migration creates new routines first, and the migrator checks every body when it runs.
      await tx.execute(sql`SET LOCAL check_function_bodies = off`);
      for (const file of files) {
        const replaces = held(file.name);
        let state = await trial(tx as unknown as Db, file, replaces, []);
        // CREATE OR REPLACE cannot change a result type or turn a function into a procedure: drop first.
        if (state.state === 'failed' && replaces.length > 0) {
          const dropped = await trial(tx as unknown as Db, file, replaces, replaces);
          if (dropped.state !== 'failed') state = dropped;
        }
        states.push(state);
      }
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  const named = new Set(files.map((file) => file.name));
  for (const routine of before)
    if (!named.has(routine.name) && !states.some((s) => s.name === routine.name))
      states.push({ name: routine.name, state: 'no file', held: held(routine.name) });
  return states;
}

/** Runs one file (after dropping `dropFirst`) in a savepoint that is rolled back, and says what it made. */
async function trial(db: Db, file: RoutineFile, replaces: DatabaseRoutine[], dropFirst: DatabaseRoutine[]) {
  let state: RoutineState | undefined;
  try {
    await db.transaction(async (savepoint) => {
      const run = savepoint as unknown as Db;
      for (const old of dropFirst) await run.execute(sql.raw(dropStatement(old)));
      await run.execute(sql.raw(file.text));
      const made = await databaseRoutines(run, file.name);
      const kept = replaces.filter((old) => !dropFirst.includes(old));
      const added = made.filter((r) => !kept.some((old) => old.identity === r.identity));
      const [mine] = added.length > 0 ? added : made;
      if (!mine || added.length > 1) throw new Error(`${file.name}.sql made ${added.length} routines`);
      if (
        dropFirst.length === 0 &&
        replaces.length === 1 &&
        added.length === 0 &&
        replaces[0]?.definition === mine.definition
      )
        state = { name: file.name, state: 'same' };
      else
        state = {
          name: file.name,
          state: replaces.length === 0 ? 'new' : 'changed',
          // What must go first: every other routine of the name (a new overload leaves the old one).
          held: replaces,
          drop: replaces.filter((old) => old.identity !== mine.identity || dropFirst.includes(old)),
          definition: mine.definition,
          kind: mine.kind,
        };
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback))
      return { name: file.name, state: 'failed', error: messageOf(error), held: replaces } as const;
  }
  if (!state) throw new Error(`${file.name}.sql: no result`);
  return state;
}

/** The statement that removes a routine: `DROP FUNCTION pult_iso(timestamp with time zone)`. */
export const dropStatement = (routine: DatabaseRoutine) => `DROP ${routine.kind.toUpperCase()} ${routine.identity};`;

/** A database error's own message, under Drizzle's "Failed query" wrapper. */
function messageOf(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') return String(message);
    current = (current as { cause?: unknown }).cause;
  }
  return error instanceof Error ? error.message : String(error);
}
