import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { profileService } from './profile-service';

/** The signed-in staff member's own account. */
export async function profileRoutes(app: FastifyInstance) {
  route(app, api.profile.preferences, (_call, ctx) => profileService.preferences(ctx));
  route(app, api.profile.updatePreferences, ({ body }, ctx) => profileService.updatePreferences(ctx, body.locale));
  route(app, api.profile.changePassword, ({ body }, ctx) =>
    profileService.changePassword(ctx, body.currentPassword, body.newPassword),
  );
}
