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

/**
 * CPU milliseconds used so far by every process whose command is `command` (PostgreSQL's postmaster
 * and backends are all `postgres`), when the database runs on this machine. A backend that exits
 * (another client's idle connection closing, an autovacuum worker) would take its time with it and
 * make the difference negative; its parent, the postmaster, counts it among the children it has
 * waited for, so those times are added.
 */
export async function readCommandCpuMs(command: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const comm = (await readFile(`/proc/${entry}/comm`, 'utf8')).trim();
      if (comm === command) total += await readCpuMs(Number(entry), { reapedChildren: true });
    } catch {
      // The process ended while we looked: its time is gone either way.
    }
  }
  return total;
}
