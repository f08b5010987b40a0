import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { landingService } from './landing-service';

const NOT_FOUND_PAGE = '<!doctype html><title>404</title><h1>Страница не найдена</h1>';

/** The public landing page, served at the root (`/promo/:id`), outside the API's prefix and guard. */
export async function landingPageRoutes(app: FastifyInstance) {
  route(app, api.promoCodes.landing, async ({ params, reply }, ctx) => {
    const page = await landingService.page(ctx, params.id);
    if (!page) return reply.code(404).type('text/html; charset=utf-8').send(NOT_FOUND_PAGE);
    return reply
      .type('text/html; charset=utf-8')
      .header(
        'content-security-policy',
        `default-src 'none'; img-src ${page.imgSrc}; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
      )
      .header('x-content-type-options', 'nosniff')
      .send(page.html);
  });
}
