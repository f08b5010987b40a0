import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_COMPRESSION } from '../lib/compression-levels';

/** Below about one network packet compression saves nothing and costs CPU. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Compresses the API's answers (JSON, CSV exports as they stream) with brotli or gzip, whichever the
 * client accepts first by its preference, at the levels of `lib/compression-levels.ts`.
 * Every answer says `Vary: Accept-Encoding`, also the small and the uncompressed ones, since the same
 * URL may be sent compressed to another client; a shared cache must not mix them up.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(compress, {
      global: true,
      threshold: COMPRESSION_THRESHOLD,
      ...API_COMPRESSION,
    });
    app.addHook('onSend', async (_request, reply, payload) => {
      const vary = reply.getHeader('vary');
      const current = Array.isArray(vary) ? vary.join(', ') : String(vary ?? '');
      // Lower case, as @fastify/compress checks for it before it adds its own.
      if (!/accept-encoding|\*/i.test(current))
        reply.header('vary', current ? `${current}, accept-encoding` : 'accept-encoding');
      return payload;
    });
  },
  { name: 'compression' },
);
