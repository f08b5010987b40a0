/** The most characters of an error a job keeps (the CHECK on `jobs.last_error` says the same). */
export const JOB_ERROR_MAX = 500;

/**
 * What a job keeps of the error that stopped it: the message only, never a stack, and for a failed
 * query the database's own message instead of Drizzle's ("Failed query: … params: …" names row values:
 * tokens, e-mails). Characters PostgreSQL cannot store are dropped; the text is cut to JOB_ERROR_MAX.
 */
export function jobErrorText(error: unknown): string {
  let message: string;
  if (error instanceof Error && 'query' in error && 'params' in error) {
    const cause = error.cause;
    message = cause instanceof Error && cause.message ? cause.message : 'Failed query';
  } else if (error instanceof Error) message = error.message || error.name;
  else message = String(error);
  const storable = message
    // The text guard's rule (lib/text-guard.ts), as a replacement rather than a refusal.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what PostgreSQL refuses
    .replace(/\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .trim();
  const text = storable || 'Unknown error';
  if (text.length <= JOB_ERROR_MAX) return text;
  // Cut between characters, never inside a surrogate pair (half of one cannot be stored).
  const cut = text.slice(0, JOB_ERROR_MAX - 1).replace(/[\uD800-\uDBFF]$/, '');
  return `${cut}…`;
}
