import { idParam, user } from '@pult/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { users } from '../../db/schema';
import { uploadErrorResponses } from '../../lib/error-responses';
import { notFound } from '../../lib/http-errors';
import { readImageUpload } from '../../storage/read-upload';
import { userWithRegister } from './users-repository';

/** `POST /users/:id/avatar` (multipart field `avatar`): PNG, JPEG or WebP up to 1 MB. */
export async function avatarRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/users/:id/avatar',
    {
      config: { auth: ['admin'] },
      schema: {
        tags: ['users'],
        consumes: ['multipart/form-data'],
        params: idParam,
        response: { 200: user, ...uploadErrorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const [existing] = await app.db.select().from(users).where(eq(users.id, id));
      if (!existing) throw notFound('User not found');
      const image = await readImageUpload(request, 'avatar', 'avatars', 'avatar');
      await app.storage.put(image.key, image.bytes, image.kind.contentType);
      const row = await app.db.transaction(async (tx) => {
        const [updated] = await tx
          .update(users)
          .set({ avatar: image.key, updatedAt: app.clock.now() })
          .where(eq(users.id, id))
          .returning();
        if (!updated) throw notFound('User not found');
        await request.audit(
          {
            action: 'avatar',
            entity: 'user',
            entityId: id,
            before: { avatar: existing.avatar },
            after: { avatar: image.key },
          },
          tx,
        );
        return updated;
      });
      // The old file goes only after the new one is recorded; a URL is someone else's and stays.
      if (existing.avatar && !/^https?:\/\//.test(existing.avatar)) {
        await app.storage
          .delete(existing.avatar)
          .catch((error: unknown) => request.log.warn({ err: error }, 'old avatar not removed'));
      }
      return userWithRegister(app.db, row, app.clock.now());
    },
  );
}
