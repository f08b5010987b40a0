/**
 * A backup or restore that cannot go on, said so that an operator can act on it: the CLI prints the
 * message alone (no stack), the schedule records it on the backup's row and the settings screen.
 */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** A failure's message as stored and shown: one line, at most 500 characters (backup_runs_error_length_check). */
export function backupErrorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const line = message.replace(/\s+/g, ' ').trim() || 'unknown error';
  return line.length > 500 ? `${line.slice(0, 497)}...` : line;
}
