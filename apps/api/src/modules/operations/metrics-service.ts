import { createHash, timingSafeEqual } from 'node:crypto';
import { HttpError, unauthorized } from '../../lib/http-errors';
import type { ServiceContext } from '../../lib/service-context';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether `authorization` is `Bearer <token>`. Both sides are hashed first, so the comparison takes
 * the same time whatever the length or the first wrong character of what was sent.
 */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer ([^\s]+)$/i.exec(authorization?.trim() ?? '');
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && match !== null;
}

export interface Scrape {
  contentType: string;
  text: string;
}

/** GET /metrics: 404 while METRICS_TOKEN is unset, 401 without its bearer, else the exposition. */
export const metricsService = {
  scrape: async (
    ctx: ServiceContext,
    token: string | undefined,
    authorization: string | undefined,
  ): Promise<Scrape> => {
    if (token === undefined) throw new HttpError(404, 'NOT_FOUND', 'Route GET /metrics not found');
    if (!bearerMatches(authorization, token))
      throw unauthorized('UNAUTHENTICATED', 'Metrics need Authorization: Bearer <METRICS_TOKEN>');
    const { registry } = ctx.deps.metrics;
    return { contentType: registry.contentType, text: await registry.metrics() };
  },
};
