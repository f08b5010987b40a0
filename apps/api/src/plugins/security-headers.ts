import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The SPA's Content-Security-Policy. Scripts only from our origin: the built index.html has no
 * inline script (one `<script type="module" src="/assets/…">`), so script injection has nowhere
 * to run. Styles need 'unsafe-inline': antd 6 is CSS-in-JS and writes its styles into `<style>`
 * elements at run time, and React sets `style=""` attributes; neither can carry a nonce from a
 * static index.html. Injected CSS cannot run code, so this is the accepted cost. Images may be
 * `blob:` (previews of a picked file) and `data:` (antd's built-in pictures), and come from the
 * storage's public origin when files live in S3.
 */
export function spaContentSecurityPolicy(filesBase: string): string {
  const filesOrigin = filesBase.startsWith('http') ? ` ${new URL(filesBase).origin}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${filesOrigin}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const headerOf = (reply: FastifyReply, name: string) => reply.getHeader(name) ?? reply.raw.getHeader(name);

/**
 * Headers every answer gets unless its route set its own: no framing (clickjacking), no Referer
 * (a reset link's token must not leak to another site), no MIME sniffing; HTML pages get the SPA's
 * CSP; API answers are `no-store`, since they carry tokens (sign-in, refresh) and personal data
 * that no browser or proxy cache may keep.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const csp = spaContentSecurityPolicy(app.storage.publicBaseUrl);
    app.addHook('onSend', async (request, reply, payload) => {
      reply.header('X-Frame-Options', 'DENY');
      reply.header('Referrer-Policy', 'no-referrer');
      if (!headerOf(reply, 'x-content-type-options')) reply.header('X-Content-Type-Options', 'nosniff');
      const path = request.url.split('?')[0] ?? '/';
      const isApi = path === '/api' || path.startsWith('/api/');
      if (isApi && !path.startsWith('/api/docs') && !headerOf(reply, 'cache-control')) {
        reply.header('Cache-Control', 'no-store');
      }
      const type = String(headerOf(reply, 'content-type') ?? '');
      // The API docs page (Swagger UI) is its own page with its own needs; every other page is ours.
      if (
        type.startsWith('text/html') &&
        !path.startsWith('/api/docs') &&
        !headerOf(reply, 'content-security-policy')
      ) {
        reply.header('Content-Security-Policy', csp);
      }
      return payload;
    });
  },
  { name: 'security-headers', dependencies: ['storage'] },
);
