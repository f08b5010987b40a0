/**
 * One line an operator can act on when the database cannot be opened at start-up, instead of a
 * driver stack trace. The URL is shown without its password.
 */
export function describeDatabaseError(error: unknown, url: string | undefined): string {
  const where = url ? safeUrl(url) : 'the embedded PGlite database';
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  const reason = REASONS[code ?? ''] ?? message ?? String(error);
  const fix = url
    ? 'check DATABASE_URL (host, port, database name, user and password) and that PostgreSQL is running'
    : 'check that DATA_DIR is writable and not used by another running Pult';
  return `Cannot open the database at ${where}: ${reason}. Fix: ${fix}.`;
}

const REASONS: Record<string, string> = {
  ECONNREFUSED: 'nothing accepts connections there (wrong host or port, or PostgreSQL is not running)',
  ENOTFOUND: 'the host name does not resolve',
  ETIMEDOUT: 'the connection timed out',
  EAI_AGAIN: 'the host name could not be resolved (DNS unavailable)',
  '3D000': 'the database does not exist (create it with `createdb`, or fix the name in the URL)',
  '28P01': 'the password was refused',
  '28000': 'the user may not connect (pg_hba.conf or a missing role)',
  '53300': 'PostgreSQL has no connection slots left',
};

function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL (not a valid URL)';
  }
}
