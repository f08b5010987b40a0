import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

export interface BenchOptions {
  url: string;
  email: string;
  password: string;
  /** Scenario names to run; empty means all. */
  scenarios: string[];
  durationSeconds: number;
  /** Requests per second for the fixed-rate scenarios. */
  rate: number;
  connections: number;
  /** What the server runs on; the server does not say, so the person running the bench does. */
  db: 'postgres' | 'pglite';
  resultsDir: string;
  /** The server's process id, for its memory (VmRSS) in the promo-generate and export scenarios. */
  serverPid?: number;
  /** Codes the promo-activate scenario redeems (each once). */
  activations: number;
  /** Planner users promo-activate redeems as, in turn (each extends its one subscription per code). */
  planners: number;
  /** The server's PostgreSQL, for scenarios that compare against raw SQL (lists-vs-sql). */
  databaseUrl?: string;
  /** The server's DATA_DIR (its embedded database and files), for the backup scenario. */
  dataDir?: string;
  /** A pg-statement-counter in front of the server's database: counts the statements that server sends. */
  statementCounter?: string;
}

export const usage = `Usage: npm run bench -- [--url URL] --email E --password P [--scenario a,b] [--duration S]
                        [--rate R] [--connections C] [--db postgres|pglite] [--out DIR]
                        [--server-pid PID] [--activations N] [--planners N] [--database-url URL]
                        [--data-dir DIR]
                        [--statement-counter URL]

  --url          the running server (default BENCH_URL or http://127.0.0.1:3000)
  --email        a staff account to sign in with (default BENCH_EMAIL or admin1@pult.demo)
  --password     its password (default BENCH_PASSWORD)
  --scenario     comma-separated scenario names (default: all)
  --duration     seconds per scenario (default 20)
  --rate         requests per second for fixed-rate scenarios (default 100)
  --connections  concurrent connections (default 10)
  --db           what the server runs on, recorded in the results (default BENCH_DB or postgres)
  --out          where to write <scenario>.json (default bench/results)
  --server-pid   the server's pid, to read its memory from /proc (default BENCH_SERVER_PID)
  --activations  codes redeemed by promo-activate (default 20000)
  --planners     planner users promo-activate redeems as, in turn (default 40)
  --database-url the server's PostgreSQL, for lists-vs-sql and backup (default BENCH_DATABASE_URL)
  --data-dir     the server's DATA_DIR, for backup (default BENCH_DATA_DIR)
  --statement-counter  src/pg-statement-counter.ts's URL when the server's database is behind it, for
                 events-fanout's statements per change (default BENCH_STATEMENT_COUNTER)`;

const positive = (value: string, name: string) => {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
  return n;
};

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv, defaultResultsDir: string): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string', default: env.BENCH_URL ?? 'http://127.0.0.1:3000' },
      email: { type: 'string', default: env.BENCH_EMAIL ?? 'admin1@pult.demo' },
      password: { type: 'string', default: env.BENCH_PASSWORD ?? '' },
      scenario: { type: 'string', default: '' },
      duration: { type: 'string', default: '20' },
      rate: { type: 'string', default: '100' },
      connections: { type: 'string', default: '10' },
      db: { type: 'string', default: env.BENCH_DB ?? 'postgres' },
      out: { type: 'string', default: defaultResultsDir },
      'server-pid': { type: 'string', default: env.BENCH_SERVER_PID ?? '' },
      activations: { type: 'string', default: '20000' },
      planners: { type: 'string', default: '40' },
      'database-url': { type: 'string', default: env.BENCH_DATABASE_URL ?? '' },
      'data-dir': { type: 'string', default: env.BENCH_DATA_DIR ?? '' },
      'statement-counter': { type: 'string', default: env.BENCH_STATEMENT_COUNTER ?? '' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  if (!values.password) throw new Error(`--password (or BENCH_PASSWORD) is required\n\n${usage}`);
  if (values.db !== 'postgres' && values.db !== 'pglite') throw new Error('--db must be postgres or pglite');
  return {
    url: values.url.replace(/\/$/, ''),
    email: values.email,
    password: values.password,
    scenarios: values.scenario
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
    durationSeconds: positive(values.duration, 'duration'),
    rate: positive(values.rate, 'rate'),
    connections: Math.round(positive(values.connections, 'connections')),
    db: values.db,
    // `npm run bench` runs in bench/; a relative --out means the directory the command was typed in.
    resultsDir: resolve(env.INIT_CWD ?? process.cwd(), values.out),
    ...(values['server-pid'] ? { serverPid: Math.round(positive(values['server-pid'], 'server-pid')) } : {}),
    activations: Math.round(positive(values.activations, 'activations')),
    planners: Math.round(positive(values.planners, 'planners')),
    ...(values['database-url'] ? { databaseUrl: values['database-url'] } : {}),
    ...(values['data-dir'] ? { dataDir: resolve(env.INIT_CWD ?? process.cwd(), values['data-dir']) } : {}),
    ...(values['statement-counter'] ? { statementCounter: values['statement-counter'].replace(/\/$/, '') } : {}),
  };
}
