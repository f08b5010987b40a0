import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Uploaded files under /files and the built SPA everywhere else (precompressed at build). Uploads get `nosniff` and a CSP
 * that forbids scripts, so a file can never run as a page of our origin .
 */
export const staticFilesPlugin = fp(
  async (app: FastifyInstance, opts: { filesDir: string; webDist?: string }) => {
    await app.register(fastifyStatic, {
      root: opts.filesDir,
      prefix: '/files/',
      decorateReply: false,
      index: false,
      list: false,
      setHeaders: (res) => {
        res.header('X-Content-Type-Options', 'nosniff');
        res.header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'none'; sandbox");
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });

    const webDist = opts.webDist;
    const hasSpa = webDist !== undefined && existsSync(join(webDist, 'index.html'));
    if (hasSpa) {
      await app.register(fastifyStatic, {
        root: webDist,
        prefix: '/',
        // Files are listed at start (a wildcard route would also swallow unknown /api paths);
        // after rebuilding the SPA, restart the server.
        wildcard: false,
        index: false,
        // The build writes `.br` and `.gz` next to each text file; the one the browser accepts is sent
        // as it is (with `Vary: Accept-Encoding`), so the server never compresses the SPA per request.
        preCompressed: true,
        setHeaders: (res, path) => {
          // Hashed chunks never change; index.html must always be fresh so a deploy takes effect.
          res.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
          res.header('X-Content-Type-Options', 'nosniff');
        },
      });
    }
    app.decorate('spaAvailable', hasSpa);
  },
  { name: 'static-files' },
);

declare module 'fastify' {
  interface FastifyInstance {
    spaAvailable: boolean;
  }
}
