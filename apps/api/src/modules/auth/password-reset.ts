import { badRequest, rateLimited } from '../../lib/http-errors';
import { reserveAttempt } from '../../lib/rate-limit';
import type { ServiceContext } from '../../lib/service-context';
import { hashToken, randomToken } from '../../lib/tokens';
import { revokeUserSessions } from '../sessions';
import { currentSettings } from '../settings';
import { hashPassword, usersRepository } from '../users';
import { FORGOT_PER_IP } from './limits';
import { passwordResetsRepository as repo } from './password-resets-repository';

const RESET_TTL_MS = 3600_000;

const invalidLink = () =>
  badRequest('RESET_TOKEN_INVALID', 'The reset link is invalid or has expired', { token: 'invalid' });

/**
 * Mails a one-hour, single-use link, throttled per address. Unknown or inactive e-mails get nothing,
 * and the same answer. The link points at the installation (PUBLIC_URL), never at the request's Host.
 */
export async function requestPasswordReset(ctx: ServiceContext, email: string): Promise<void> {
  const reservation = await reserveAttempt(ctx.db, `forgot:ip:${ctx.ip}`, FORGOT_PER_IP, ctx.clock.now());
  if (!reservation.allowed) throw rateLimited(reservation.retryAfter);
  const row = await usersRepository.rowByEmail(ctx.db, email.toLowerCase());
  if (row?.status !== 'active') return;
  const token = randomToken();
  const expiresAt = new Date(ctx.clock.now().getTime() + RESET_TTL_MS);
  await repo.insert(ctx.db, { hash: hashToken(token), userId: row.id, expiresAt });
  const link = `${ctx.deps.urls.public}/auth/reset-password?token=${token}`;
  // The installation's name from the settings, as the admin panel's title and footer show it.
  const { projectName } = await currentSettings(ctx);
  await ctx.deps.mailer.send({
    to: row.email,
    subject: `${projectName}: восстановление пароля`,
    text: `Чтобы задать новый пароль, откройте ссылку (действует один час):\n${link}\n\nЕсли вы не запрашивали восстановление, просто удалите это письмо.`,
    link,
  });
}

/** Sets the new password, spends the link and ends every session of the account, atomically. */
export async function resetPassword(ctx: ServiceContext, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const now = ctx.clock.now();
  const userId = await ctx.db.transaction(async (tx) => {
    const owner = await repo.claim(tx, hashToken(token), now);
    if (owner === undefined) throw invalidLink();
    if (!(await usersRepository.setActivePassword(tx, owner, passwordHash, now))) throw invalidLink();
    await revokeUserSessions(tx, now, owner, 'password reset');
    return owner;
  });
  await ctx.audit({ actorId: userId, action: 'reset-password', entity: 'user', entityId: userId });
}
