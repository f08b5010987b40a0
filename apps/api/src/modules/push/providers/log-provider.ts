import { writeSync } from 'node:fs';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { PushProvider } from './provider';

/** Where the provider's record of a send goes: one line, written before `send` returns. */
export type SendRecord = (line: string) => void;

const INFO_OR_BELOW = new Set(['info', 'debug', 'trace']);
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Standard output, synchronously: the line has left the process when the call returns. The server's
 * log is asynchronous (pino buffers and writes later), so a process killed with -9 lost the "push
 * sent" lines of batches the database already had as sent. A full pipe (a reader that lags) makes
 * the write wait, as a real provider's slow answer would.
 */
export const stdoutRecord: SendRecord = (line) => {
  let rest = Buffer.from(line);
  while (rest.length > 0) {
    try {
      rest = rest.subarray(writeSync(1, rest));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      Atomics.wait(pause, 0, 0, 5);
    }
  }
};

/**
 * The default provider: every message "delivered", and each batch recorded as one line in the log's
 * format ("push sent (log provider)", with the number of messages), written synchronously before the
 * dispatcher marks the batch sent in push_deliveries. So every delivery the database has as sent has
 * its line, whatever happens to the process after (a batch whose process dies before it is marked
 * is recorded and later sent again, as a real provider would have sent it twice). The line stays
 * under 4 kB, which a pipe takes in one piece, so it never splits another log line.
 */
export function logProvider(log: FastifyBaseLogger, record: SendRecord = stdoutRecord): PushProvider {
  return {
    name: 'log',
    async send(messages) {
      const first = messages[0];
      // Recorded where the log would show an info line (not with LOG_LEVEL=warn, nor with no logger).
      if (first && INFO_OR_BELOW.has(log.level)) {
        const line = {
          level: 30,
          time: Date.now(),
          pid: process.pid,
          hostname: hostname(),
          push: messages.length,
          collapseKey: first.collapseKey,
          title: first.title.slice(0, 200),
          msg: 'push sent (log provider)',
        };
        record(`${JSON.stringify(line)}\n`);
      }
      return messages.map(() => ({ status: 'sent' as const }));
    },
  };
}
