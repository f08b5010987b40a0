import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const publicConfig = z.object({
  /** Stored file paths (avatars, icons) are relative to this base; full URLs are used as they are. */
  filesBaseUrl: z.string(),
});

/** What the SPA needs to know about this installation before anyone signs in. */
export async function configRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/config',
    { config: { auth: 'public' }, schema: { tags: ['config'], response: { 200: publicConfig } } },
    async () => ({ filesBaseUrl: app.storage.publicBaseUrl }),
  );
}
