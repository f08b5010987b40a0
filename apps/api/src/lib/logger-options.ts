import type { Env } from '../env';
import { serializeError } from './log-serializers';

/**
 * The server log: credentials in headers are redacted and errors go through `serializeError`
 * (no query parameter values). Tests may add a stream or a level; the serializers stay.
 */
export function loggerOptions(env: Env, extra: boolean | object | undefined): object {
  return {
    level: env.LOG_LEVEL,
    redact: ['req.headers["api-token"]', 'req.headers.authorization', 'req.headers.cookie'],
    ...(typeof extra === 'object' ? extra : {}),
    serializers: { err: serializeError },
  };
}
