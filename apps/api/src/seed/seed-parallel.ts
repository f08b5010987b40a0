import type pg from 'pg';
import { rebuildStatements, type TakenOff, takeOff } from './bulk-indexes';
import { maySkipTriggers, postgresTarget } from './load-postgres';
import { createProgress } from './progress';
import { type SeedOptions, type SeedReport, seedLaterStages, seedReport, seedUsers } from './run-seed';
import { readPlans, seedPlans } from './seed-billing';
import { type Job, rebuildRollupsInParallel } from './seed-rollups';
import { quoteIdent, type SqlChunk, setvalSql } from './seed-target';
import { seedTelegram } from './seed-telegram';
import { subscriptionChunks, transactionChunks } from './sql-billing';
import { plannerRange, userChunks } from './sql-users';
import { type Stage, stageTimer } from './stage-timer';

/** The tables generated on every connection at once; everything else is written as in the one-transaction seed. */
const GENERATED = ['users', 'subscriptions', 'transactions'] as const;
/**
 * The tables the later stages fill set-based, bare as well: their foreign keys reference `users`, and
 * dropping one inside the later stages' transaction (as `bulkInsert` does) would lock `users` against
 * the rollups' reads until that transaction ends. The devices' unique token index goes too: into the
 * empty table the push stage inserts without ON CONFLICT (seed-push.ts).
 */
const LATER = ['agreement_consents', 'devices', 'consents'] as const;

/** One SQL statement as a job. */
const statement = (label: string, text: string, rows?: number): Job => ({
  label,
  ...(rows === undefined ? {} : { rows }),
  run: (client) => client.query(text),
});

/**
 * Runs the jobs on the connections, each taking the next job when it is free; a connection given as a
 * promise joins when it resolves (one busy with other work first). Waits for every connection's
 * current statement before failing, so none is released mid-statement.
 */
async function onConnections(
  clients: readonly (pg.ClientBase | Promise<pg.ClientBase>)[],
  jobs: readonly Job[],
  done: (job: Job, seconds: number) => void = () => undefined,
): Promise<void> {
  let next = 0;
  const results = await Promise.allSettled(
    clients.map(async (joining) => {
      const client = await joining;
      for (let job = jobs[next++]; job; job = jobs[next++]) {
        const started = performance.now();
        await job.run(client);
        done(job, (performance.now() - started) / 1000);
      }
    }),
  );
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/** How many of the slowest named jobs (`Job.part`) the tally's line names. */
const SLOWEST = 4;

/**
 * Seconds per label, printed as one line: where the time of a parallel phase went, connection-seconds;
 * then the slowest named parts, the ones that decide when the phase's last connection is done.
 */
function tally(title: string) {
  const seconds = new Map<string, number>();
  const parts: { name: string; took: number }[] = [];
  return {
    add: (job: Job, took: number) => {
      seconds.set(job.label, (seconds.get(job.label) ?? 0) + took);
      if (job.part) parts.push({ name: `${job.label} ${job.part}`, took });
    },
    print: () => {
      const slowest = parts.sort((a, b) => b.took - a.took).slice(0, SLOWEST);
      process.stderr.write(
        `${title}: ${[...seconds].map(([label, took]) => `${label} ${took.toFixed(1)} s`).join(', ')} (connection-seconds)${
          slowest.length ? `; slowest: ${slowest.map((p) => `${p.name} ${p.took.toFixed(1)} s`).join(', ')}` : ''
        }\n`,
      );
    },
  };
}

/**
 * Indexes on every connection (CREATE INDEX takes a lock that other builds on the same table share),
 * the longest first: the trigram GIN indexes, which PostgreSQL builds on one core each. Then the keys,
 * added NOT VALID at once (a moment's lock on both tables each) and validated in parallel (one join
 * each, which reads and other validations do not wait for).
 */
async function putBack(
  clients: pg.PoolClient[],
  takenOff: readonly TakenOff[],
  stage: Stage,
  name: string,
): Promise<void> {
  const built = tally(`${name} indexes`);
  const indexes = takenOff
    .flatMap((t) => t.indexes.map((index) => ({ label: t.table, index })))
    .sort((a, b) => Number(/ USING gin /.test(b.index.definition)) - Number(/ USING gin /.test(a.index.definition)))
    .map(
      ({ label, index }): Job => ({
        label,
        run: async (client) => {
          for (const text of rebuildStatements(index)) await client.query(text);
        },
      }),
    );
  await stage(`${name} indexes`, () => onConnections(clients, indexes, built.add), []);
  built.print();
  await stage(`${name} keys`, async () => {
    for (const text of takenOff.flatMap((t) => t.addKeys)) await (clients[0] as pg.PoolClient).query(text);
    const validations = takenOff.flatMap((t) => t.validateKeys.map((text) => statement(t.table, text)));
    await onConnections(clients, validations);
  }, []);
}

/**
 * The parallel seed (`--parallel N`, PostgreSQL, `--reset` only): the three big tables are generated
 * by PostgreSQL on N connections at once and their indexes built on N connections after, instead of
 * everything on one connection in one transaction. It gives up the one-transaction guarantee: the
 * set-up (reset, staff, plans, channels, and the big tables' keys and secondary indexes taken off)
 * commits first, each chunk commits on its own, and a run that fails midway leaves a partial database
 * without some indexes: it is meant for an empty database, to be dropped and created again after a
 * failure. The later stages (notes, agreements, push) are one transaction again, beside the
 * dashboard's rollups in another.
 */
export async function seedParallel(pool: pg.Pool, options: SeedOptions, connections: number): Promise<SeedReport> {
  if (!options.reset) throw new Error('--parallel loads an emptied database: it needs --reset');
  if (options.users === 0 && (options.subscriptions ?? 0) + (options.transactions ?? 0) > 0)
    throw new Error(
      '--parallel gives subscriptions and transactions to the users it generates: --users must be above 0',
    );
  const { stage, stages, tables, seconds } = stageTimer();
  const clients: pg.PoolClient[] = [];
  try {
    for (let i = 0; i < connections; i++) clients.push(await pool.connect());
    const [main] = clients as [pg.PoolClient];
    for (const client of clients) {
      // Session-wide on these connections, reset when they go back to the pool: the dashboard's marking
      // triggers stand aside (the rollups are rebuilt at the end), and sorts and index builds get memory.
      await client.query(`SELECT set_config('pult.rollups_rebuilt_after', 'on', false)`);
      await client.query("SET work_mem = '256MB'");
      await client.query("SET maintenance_work_mem = '1GB'");
      // The pool runs without JIT (decision 0056, for the API's short statements); the seed's statements
      // run for minutes and were measured with PostgreSQL's default (decision 0054), so they keep it.
      await client.query('SET jit = on');
      // The seed's own connections already keep both cores busy: workers of their own only oversubscribe
      // them (1 M users, interleaved A B B A at load 0.7–5.6: 150.6 / 174.1 s with workers, 144.1 / 151.9 s
      // without; decision 0056 found the same for the API's background jobs).
      await client.query('SET max_parallel_workers_per_gather = 0');
      await client.query('SET max_parallel_maintenance_workers = 0');
    }

    // 1. The set-up, committed: what the load needs (staff, plans) and the big tables bare.
    const target = postgresTarget(main);
    await main.query('BEGIN');
    await target.reset(['users', 'jobs']);
    const seeded = await stage('staff', () => seedUsers(target, { ...options, users: 0 }), ['users']);
    const plansCreated = await stage('plans', () => seedPlans(target, options), ['subscription_plans']);
    const tgChannels = await stage('telegram', () => seedTelegram(target, options), ['tg_categories', 'tg_channels']);
    const plans = await readPlans(target);
    const run = async <T>(text: string) => (await main.query(text)).rows as T[];
    const takenOff: TakenOff[] = [];
    for (const table of GENERATED) takenOff.push(await takeOff(run, table));
    const laterTakenOff: TakenOff[] = [];
    for (const table of LATER) laterTakenOff.push(await takeOff(run, table));
    await main.query('COMMIT');

    // 2. The rows, chunk by chunk on every connection.
    const users = plannerRange({
      firstId: seeded.firstId + seeded.staffCreated.length,
      count: options.users,
      seed: options.seed,
      now: options.now,
    });
    const events = (count: number) => ({ firstId: 1, count, users, plans });
    const label = (table: string, chunks: SqlChunk[]) => chunks.map((chunk) => statement(table, chunk.sql, chunk.rows));
    const chunks = [
      ...label('users', userChunks(users)),
      ...label('subscriptions', subscriptionChunks(events(options.subscriptions ?? 0))),
      ...label('transactions', transactionChunks(events(options.transactions ?? 0))),
    ];
    const progress = createProgress({
      label: 'rows',
      total: chunks.reduce((sum, chunk) => sum + (chunk.rows ?? 0), 0),
      ...(options.progressStream ? { stream: options.progressStream } : {}),
    });
    const skipTriggers = await maySkipTriggers(main);
    const replication = (role: string) =>
      skipTriggers
        ? Promise.all(clients.map((c) => c.query(`SELECT set_config('session_replication_role', '${role}', false)`)))
        : undefined;
    await replication('replica');
    const loaded = tally('load');
    await stage(
      'load',
      () =>
        onConnections(clients, chunks, (job, took) => {
          progress.advance(job.rows ?? 0);
          loaded.add(job, took);
        }),
      [...GENERATED],
    );
    progress.done();
    await replication('origin');
    loaded.print();

    // 3. Their indexes and keys back, on every connection.
    await putBack(clients, takenOff, stage, 'load');
    await stage(
      'analyze',
      () =>
        onConnections(
          clients,
          GENERATED.map((table) => statement(table, `${setvalSql(table)}; ANALYZE ${quoteIdent(table)}`)),
        ),
      [],
    );

    // 4. The later stages in one transaction on one connection, beside the rollups on the others
    // (they read none of it); with promo codes, which the dashboard counts, the rollups wait for them.
    const later = async () => {
      await main.query('BEGIN');
      // Their tables are bare already (step 1): the stages insert as into any bulk-load table.
      const bare = { ...postgresTarget(main), bulkInsert: <T>(_table: string, work: () => Promise<T>) => work() };
      const result = await seedLaterStages(bare, options, stage);
      await main.query('COMMIT');
      return result;
    };
    const rollups = (first: pg.PoolClient, others: (pg.PoolClient | Promise<pg.PoolClient>)[]) =>
      stage('dashboard rollups', () => {
        const rolled = tally('dashboard rollups');
        return rebuildRollupsInParallel(
          first,
          (jobs) => onConnections([first, ...others], jobs, rolled.add),
          options.now,
          options.ownerRanges,
        ).then(rolled.print);
      }, ['dashboard_daily', 'dashboard_last_seen', 'mrr_movements', 'mrr_daily', 'cohort_cells']);
    const [first, ...others] = clients.slice(1) as [pg.PoolClient, ...pg.PoolClient[]];
    let rest: Awaited<ReturnType<typeof later>>;
    if ((options.promoCodes ?? 0) > 0 || !first) {
      rest = await later();
      await rollups(main, clients.slice(1));
    } else {
      // The main connection takes rollup jobs too once the later stages are done.
      const laterDone = later();
      [rest] = await Promise.all([laterDone, rollups(first, [...others, laterDone.then(() => main)])]);
    }
    await putBack(clients, laterTakenOff, stage, 'later');

    // 5. VACUUM ANALYZE (visibility map and statistics, docs/decisions/0005) on every connection, the biggest first.
    const bySize = await main.query<{ name: string }>(
      `SELECT relname AS name FROM pg_class WHERE relname = ANY ($1::text[]) AND relnamespace = 'public'::regnamespace
        ORDER BY pg_relation_size(oid) DESC`,
      [[...new Set(tables)]],
    );
    await stage(
      'vacuum analyze',
      () =>
        onConnections(
          clients,
          bySize.rows.map(({ name }) => statement(name, `VACUUM ANALYZE ${quoteIdent(name)}`)),
        ),
      [],
    );
    return seedReport(options, { later: rest, seeded, tgChannels, plansCreated }, { stages, tables, seconds });
  } catch (error) {
    for (const client of clients) await client.query('ROLLBACK').catch(() => undefined);
    throw new Error(
      `The parallel seed failed after committing part of its work; drop and create the database, then seed again: ${
        error instanceof Error ? error.message : String(error)
      }`,
    );
  } finally {
    // The connections go back to the pool as they came.
    for (const client of clients) {
      await client.query('RESET ALL').catch(() => undefined);
      client.release();
    }
  }
}
