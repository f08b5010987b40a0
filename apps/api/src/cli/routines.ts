/**
 * Writes the migration that brings the database's routines to what db/functions holds (repeatable
 * migrations, as Flyway's R__ files and graphile-migrate have them; docs/decisions/0031):
 *   npm run db:routines [-- --name <what_changed>] [-- --check]
 * It migrates a fresh in-memory PGlite with the existing migrations and runs each file against it in a
 * rolled-back transaction (db/routines.ts, the comparison test/db/routines-drift.test.ts makes). Every
 * file whose routine differs goes into the next numbered migration as it is, after a DROP when its
 * arguments or result changed; a routine whose file was deleted is dropped. The migration is registered
 * in meta/_journal.json with a snapshot, as `drizzle-kit generate --custom` registers one, so drizzle's
 * migrator runs it on PGlite and PostgreSQL alike and `drizzle-kit generate` keeps working.
 * --check writes nothing and exits 1 when a migration is due.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { migrationsFolder, openDatabase } from '../db/client';
import { compareRoutines, dropStatement, type RoutineState, readRoutineFiles } from '../db/routines';

const { values } = parseArgs({
  options: { name: { type: 'string' }, check: { type: 'boolean', default: false } },
});

interface Journal {
  entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
}

const BREAK = '\n--> statement-breakpoint\n';

async function pending(): Promise<RoutineState[]> {
  const database = await openDatabase({});
  try {
    return await compareRoutines(database.db, readRoutineFiles());
  } finally {
    await database.close();
  }
}

// New routines first (a changed SQL function may call one), routines without a file dropped last.
const ORDER = { new: 0, changed: 1, failed: 2, 'no file': 3, same: 4 } as const;
const states = (await pending()).filter((s) => s.state !== 'same').sort((a, b) => ORDER[a.state] - ORDER[b.state]);
const failed = states.filter((s) => s.state === 'failed');
for (const s of failed) process.stderr.write(`${s.name}.sql does not run: ${s.error}\n`);
if (failed.length > 0) process.exit(1);
if (states.length === 0) {
  process.stdout.write('Every routine file matches what the migrations define; no migration written.\n');
  process.exit(0);
}
for (const s of states) process.stdout.write(`${s.name}: ${s.state === 'no file' ? 'dropped (no file)' : s.state}\n`);
if (values.check) {
  process.stdout.write('A migration is due: npm run db:routines\n');
  process.exit(1);
}

const files = new Map(readRoutineFiles().map((file) => [file.name, file.text]));
const statements = states.flatMap((s) => {
  if (s.state === 'no file') return s.held.map(dropStatement);
  if (s.state === 'failed') return [];
  return [...s.drop.map(dropStatement), (files.get(s.name) ?? '').trimEnd()];
});

const journalPath = join(migrationsFolder, 'meta', '_journal.json');
const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as Journal;
const last = journal.entries.at(-1);
if (!last) throw new Error('the journal has no migration');
const idx = last.idx + 1;
const number = String(idx).padStart(4, '0');
const name = (values.name ?? (states.length === 1 ? states[0]?.name : 'routines') ?? 'routines')
  .toLowerCase()
  .replace(/[^a-z0-9]+/g, '_');
const tag = `${number}_${name}`;

const header = [
  `-- Written by \`npm run db:routines\` from apps/api/src/db/functions (docs/decisions/0031): ${states
    .map((s) => s.name)
    .join(', ')}.`,
  '-- The files are the source; change them, not this migration, and run the script again.',
].join('\n');
writeFileSync(join(migrationsFolder, `${tag}.sql`), `${header}\n${statements.join(BREAK)}\n`);

// The snapshot is the previous one under a new id: routines are not part of drizzle-kit's schema model.
// Migrations written by hand since 0032 have none (the migrator reads only the journal), so there is
// nothing to copy after one of them.
const previousSnapshot = join(migrationsFolder, 'meta', `${last.tag.slice(0, 4)}_snapshot.json`);
if (existsSync(previousSnapshot)) {
  const snapshot = JSON.parse(readFileSync(previousSnapshot, 'utf8'));
  writeFileSync(
    join(migrationsFolder, 'meta', `${number}_snapshot.json`),
    JSON.stringify({ ...snapshot, id: randomUUID(), prevId: snapshot.id }, null, 2),
  );
}
// The migrator runs a migration whose `when` is later than the last one applied: never earlier than that.
journal.entries.push({ idx, version: last.version, when: Math.max(Date.now(), last.when + 1), tag, breakpoints: true });
writeFileSync(journalPath, `${JSON.stringify(journal, null, 2)}\n`);

const after = (await pending()).filter((s) => s.state !== 'same');
if (after.length > 0) {
  process.stderr.write(`Written ${tag}.sql, but the routines still differ: ${after.map((s) => s.name).join(', ')}\n`);
  process.exit(1);
}
process.stdout.write(`Written src/db/migrations/${tag}.sql; a fresh database now matches every file.\n`);
