import { type Locale, locale as localeSchema, type ProfilePreferences } from '@pult/contract';
import { badRequest, rateLimited } from '../../lib/http-errors';
import { type LimitRule, releaseAttempt, reserveAttempt } from '../../lib/rate-limit';
import { actorOf, type ServiceContext } from '../../lib/service-context';
import { revokeUserSessions } from '../sessions';
import { hashPassword, verifyPassword } from '../users';
import { profileRepository as repo } from './profile-repository';

/** A stolen session must not be able to guess the current password: as strict as sign-in per account. */
const CHANGE_PASSWORD_PER_USER: LimitRule = { max: 5, windowMs: 15 * 60_000 };

/** A staff member's own account: the interface language and the password. */
export const profileService = {
  async preferences(ctx: ServiceContext): Promise<ProfilePreferences> {
    const row = await repo.preferences(ctx.db, actorOf(ctx).userId);
    const parsed = localeSchema.safeParse(row?.locale);
    return { locale: parsed.success ? parsed.data : 'ru' };
  },

  async updatePreferences(ctx: ServiceContext, locale: Locale): Promise<ProfilePreferences> {
    await repo.savePreferences(ctx.db, actorOf(ctx).userId, locale, ctx.clock.now());
    return { locale };
  },

  /** Needs the current password; every other session of the account ends, the caller's stays. */
  async changePassword(ctx: ServiceContext, currentPassword: string, newPassword: string) {
    const actor = actorOf(ctx);
    const now = ctx.clock.now();
    const key = `password-change:user:${actor.userId}`;
    const reservation = await reserveAttempt(ctx.db, key, CHANGE_PASSWORD_PER_USER, now);
    if (!reservation.allowed) throw rateLimited(reservation.retryAfter);
    if (!(await verifyPassword(await repo.passwordHash(ctx.db, actor.userId), currentPassword)))
      throw badRequest('INVALID_CREDENTIALS', 'The current password is wrong', { currentPassword: 'mismatch' });
    await releaseAttempt(ctx.db, key);
    const hash = await hashPassword(newPassword);
    await ctx.db.transaction(async (tx) => {
      await repo.setPasswordHash(tx, actor.userId, hash, now);
      const ended = await revokeUserSessions(tx, now, actor.userId, 'password-change', actor.sessionId);
      await ctx.audit(
        { action: 'change-password', entity: 'user', entityId: actor.userId, after: { otherSessionsEnded: ended } },
        tx,
      );
    });
    return { ok: true as const };
  },
};
