import { readdir, readFile } from 'node:fs/promises';

/** Linux reports process times in clock ticks; 100 per second on every kernel we run on. */
const TICKS_PER_SECOND = 100;

/**
 * CPU milliseconds (user + system) a process has used so far, from /proc/<pid>/stat. On a shared
 * machine latency depends on the neighbours; CPU time per request depends only on the server.
 */
export async function readCpuMs(pid: number, options: { reapedChildren?: boolean } = {}): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the parenthesised command name; utime and stime are the 14th and 15th overall,
  // cutime and cstime (the children it has waited for) the 16th and 17th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks =
    Number(fields[11]) + Number(fields[12]) + (options.reapedChildren ? Number(fields[13]) + Number(fields[14]) : 0);
  if (!Number.isFinite(ticks)) throw new Error(`no CPU times for pid ${pid}`);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** The pids whose command is `command`, with each one's command line (its title, for PostgreSQL's backends). */
async function processesNamed(command: string): Promise<{ pid: number; title: string }[]> {
  const found: { pid: number; title: string }[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if ((await readFile(`/proc/${entry}/comm`, 'utf8')).trim() !== command) continue;
      found.push({
        pid: Number(entry),
        title: (await readFile(`/proc/${entry}/cmdline`, 'utf8')).replaceAll('\0', ' '),
      });
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

/**
 * CPU milliseconds used so far by every process whose command is `command` (PostgreSQL's postmaster
 * and backends are all `postgres`), when the database runs on this machine. A backend that exits
 * (another client's idle connection closing, an autovacuum worker) would take its time with it and
 * make the difference negative; its parent, the postmaster, counts it among the children it has
 * waited for, so those times are added.
 */
export async function readCommandCpuMs(command: string): Promise<number> {
  let total = 0;
  for (const { pid } of await processesNamed(command)) {
    // A process that ended while we looked: its time is gone either way.
    total += await readCpuMs(pid, { reapedChildren: true }).catch(() => 0);
  }
  return total;
}

/**
 * CPU milliseconds so far of each backend of one database, by pid (PostgreSQL titles a backend
 * `postgres: <cluster>: <user> <database> <client> <state>`): the server's own share of PostgreSQL's
 * time, without other databases' sessions on a shared machine. Subtract with `backendsCpuSince`.
 */
export async function readDatabaseBackendsCpuMs(database: string): Promise<Map<number, number>> {
  const byPid = new Map<number, number>();
  for (const { pid, title } of await processesNamed('postgres')) {
    if (title.split(' ')[3] !== database) continue;
    const ms = await readCpuMs(pid).catch(() => undefined);
    if (ms !== undefined) byPid.set(pid, ms);
  }
  return byPid;
}

/**
 * The CPU milliseconds those backends used between two readings. A backend that started in between counts
 * from zero; one that ended is lost (rare: the server's pool keeps its connections).
 */
export const backendsCpuSince = (before: Map<number, number>, after: Map<number, number>): number =>
  [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

/** The database a PostgreSQL URL names (`--database-url`), for `readDatabaseBackendsCpuMs`. */
export const databaseOf = (url: string | undefined): string | undefined =>
  url ? decodeURIComponent(new URL(url).pathname.slice(1)) || undefined : undefined;
