import type { FastifyBaseLogger } from 'fastify';

/** A logger for the commands: warnings and errors to stderr, one line each; the rest is quiet. */
export function cliLogger(): FastifyBaseLogger {
  const line =
    (level: string) =>
    (first: unknown, message?: string): void => {
      const text = typeof first === 'string' ? first : (message ?? '');
      process.stderr.write(`${level}: ${text}\n`);
    };
  const quiet = () => undefined;
  const logger = {
    level: 'warn',
    fatal: line('fatal'),
    error: line('error'),
    warn: line('warning'),
    info: quiet,
    debug: quiet,
    trace: quiet,
    silent: quiet,
    child: () => logger,
  };
  return logger as unknown as FastifyBaseLogger;
}

export const formatBytes = (bytes: number) =>
  bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} kB`;

/** An operator's error (BackupError, a configuration error) as its message alone; anything else with its stack. */
export function exitWith(error: unknown, what: string): never {
  const known =
    error instanceof Error && (error.name === 'BackupError' || error.message.startsWith('Invalid configuration'));
  process.stderr.write(`${what}: ${known ? (error as Error).message : ((error as Error)?.stack ?? String(error))}\n`);
  process.exit(1);
}
