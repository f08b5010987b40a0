import { readFile } from 'node:fs/promises';

/** Linux reports process times in clock ticks; 100 per second on every kernel we run on. */
const TICKS_PER_SECOND = 100;

/**
 * CPU milliseconds (user + system) a process has used so far, from /proc/<pid>/stat. On a shared
 * machine latency depends on the neighbours; CPU time per request depends only on the server.
 */
export async function readCpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the parenthesised command name; utime and stime are the 14th and 15th overall.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  if (!Number.isFinite(ticks)) throw new Error(`no CPU times for pid ${pid}`);
  return (ticks * 1000) / TICKS_PER_SECOND;
}
