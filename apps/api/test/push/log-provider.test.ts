import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { logProvider } from '../../src/modules/push';
import { testDbKind } from '../helpers/test-database';

const apiRoot = fileURLToPath(new URL('../../', import.meta.url));

interface LogLine {
  msg?: string;
  push?: number;
  level?: number;
  pid?: number;
}

// The provider's record does not depend on the engine: once, in the PGlite pass.
describe.skipIf(testDbKind === 'postgres')('the log provider (PUSH_PROVIDER=log)', () => {
  it('has written the record of every batch it was handed when the process is killed with -9', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/push/log-provider-child.ts'], {
      cwd: apiRoot,
      // A pipe, as under a process manager or `npm start | tee`.
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.once('close', (_code, s) => resolve(s)));
    expect(errors).toBe('');
    expect(signal).toBe('SIGKILL');
    const lines = output
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as LogLine);
    const records = lines.filter((line) => line.msg === 'push sent (log provider)');
    // Five batches of 1000 handed over before the kill: five records, in the log's format.
    expect(records.map((line) => line.push)).toEqual([1000, 1000, 1000, 1000, 1000]);
    expect(records.every((line) => line.level === 30 && line.pid === child.pid)).toBe(true);
  }, 60_000);

  it('records nothing where the log would not show it', async () => {
    const lines: string[] = [];
    const message = {
      deliveryId: 1,
      token: 't',
      platform: 'android' as const,
      provider: 'fcm' as const,
      category: 'service' as const,
      title: 'Тест',
      body: 'b',
      deeplink: null,
      collapseKey: 'reminder-1',
    };
    const quiet = logProvider({ level: 'warn' } as never, (line) => lines.push(line));
    expect(await quiet.send([message])).toEqual([{ status: 'sent' }]);
    expect(lines).toEqual([]);
    const shown = logProvider({ level: 'info' } as never, (line) => lines.push(line));
    await shown.send([message, { ...message, deliveryId: 2 }]);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ msg: 'push sent (log provider)', push: 2, title: 'Тест' });
  });
});
