import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const apiRoot = fileURLToPath(new URL('../../', import.meta.url));

/** A real API process (`tsx src/server.ts`) and the address it printed when ready. */
export interface ApiProcess {
  child: ChildProcess;
  url: string;
}

/**
 * Starts one API process on the given environment (a port of its own, a data directory of its own) and
 * resolves once it prints that it is ready; rejects with its output if it exits before.
 */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'pult-proc-')),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c) => {
    output += c;
  });
  child.stderr?.on('data', (c) => {
    output += c;
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const ready = /Pult is ready: (http:\/\/[^/\s]+)\//.exec(output);
      if (ready?.[1]) {
        clearInterval(timer);
        resolve(ready[1]);
      }
    }, 50);
    child.once('exit', () => {
      clearInterval(timer);
      reject(new Error(`API exited early:\n${output}`));
    });
  });
  return { child, url };
}
