import type { Env } from '../env';
import { jobLogMixin } from './job-log-context';
import { serializeError, serializeRequest } from './log-serializers';

/**
 * The server log: credentials in headers are redacted, a request's URL is logged as its route
 * pattern and query names without values (`serializeRequest`), and errors go through
 * `serializeError` (no query parameter values). A line written by a background job names the job and
 * the request that queued it (lib/job-log-context.ts). Tests may add a stream or a level; the serializers stay.
 */
export function loggerOptions(env: Env, extra: boolean | object | undefined): object {
  return {
    level: env.LOG_LEVEL,
    redact: ['req.headers["api-token"]', 'req.headers.authorization', 'req.headers.cookie'],
    ...(typeof extra === 'object' ? extra : {}),
    serializers: { err: serializeError, req: serializeRequest },
    mixin: jobLogMixin,
  };
}
