import { readFile } from 'node:fs/promises';

export interface RssSummary {
  pid: number;
  beforeMb: number;
  peakMb: number;
  afterMb: number;
  /** Peak minus before: what the measured work cost the server in memory. */
  growthMb: number;
  samples: number;
}

const round = (mb: number) => Math.round(mb * 10) / 10;

/** VmRSS of a process in MB, from /proc (Linux): the server's resident memory right now. */
export async function readRssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
  if (!Number.isFinite(kb)) throw new Error(`no VmRSS for pid ${pid}`);
  return kb / 1024;
}

/** Samples the server's RSS every `intervalMs` until stopped; the peak is what a limit would hit. */
export async function watchRss(pid: number, intervalMs = 100): Promise<{ stop(): Promise<RssSummary> }> {
  const before = await readRssMb(pid);
  let peak = before;
  let last = before;
  let samples = 1;
  const timer = setInterval(() => {
    readRssMb(pid)
      .then((mb) => {
        last = mb;
        peak = Math.max(peak, mb);
        samples++;
      })
      .catch(() => undefined);
  }, intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      last = await readRssMb(pid).catch(() => last);
      peak = Math.max(peak, last);
      return {
        pid,
        beforeMb: round(before),
        peakMb: round(peak),
        afterMb: round(last),
        growthMb: round(peak - before),
        samples: samples + 1,
      };
    },
  };
}
