import { api } from '@pult/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route } from '../../../lib/route';
import { type LandingPage, landingService } from './landing-service';

const NOT_FOUND_PAGE = '<!doctype html><title>404</title><h1>Страница не найдена</h1>';

/** The landing page's form is the only thing posting here: a code, a few bytes. */
const FORM_BODY_LIMIT = 1024;

const sendPage = (reply: FastifyReply, page: LandingPage | null) => {
  if (!page) return reply.code(404).type('text/html; charset=utf-8').send(NOT_FOUND_PAGE);
  if (page.retryAfter) reply.code(429).header('retry-after', String(page.retryAfter));
  return reply
    .type('text/html; charset=utf-8')
    .header(
      'content-security-policy',
      `default-src 'none'; img-src ${page.imgSrc}; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(page.html);
};

/** The public landing page, served at the root (`/promo/:id`), outside the API's prefix and guard. */
export async function landingPageRoutes(app: FastifyInstance) {
  // A plain HTML form posts urlencoded; parsed here only (this plugin's scope), into `{ code }`.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  route(app, api.promoCodes.landing, async ({ params, reply }, ctx) =>
    sendPage(reply, await landingService.page(ctx, params.id)),
  );
  route(app, api.promoCodes.landingCheck, async ({ params, body, reply }, ctx) =>
    sendPage(reply, await landingService.check(ctx, params.id, body.code)),
  );
}
