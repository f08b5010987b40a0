import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { passwordResets, users } from '../../db/schema';
import { badRequest } from '../../lib/http-errors';
import { hashToken, randomToken } from '../../lib/tokens';
import { hashPassword } from './passwords';
import { revokeUserSessions } from './sessions';

const RESET_TTL_MS = 3600_000;

/** Mails a one-hour, single-use link (product.md §5). Unknown or inactive e-mails get nothing. */
export async function requestPasswordReset(app: FastifyInstance, email: string, now: Date): Promise<void> {
  const [row] = await app.db.select().from(users).where(eq(users.email, email));
  if (row?.status !== 'active') return;
  const token = randomToken();
  await app.db
    .insert(passwordResets)
    .values({ hash: hashToken(token), userId: row.id, expiresAt: new Date(now.getTime() + RESET_TTL_MS) });
  const link = `${app.env.publicUrl}/auth/reset-password?token=${token}`;
  await app.mailer.send({
    to: row.email,
    subject: 'Pult: восстановление пароля',
    text: `Чтобы задать новый пароль, откройте ссылку (действует один час):\n${link}\n\nЕсли вы не запрашивали восстановление, просто удалите это письмо.`,
    link,
  });
}

/** Sets the new password, spends the token and ends every session of the account, atomically. */
export async function resetPassword(db: Db, now: Date, token: string, password: string): Promise<number> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.hash, hashToken(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!reset) throw badRequest('The reset link is invalid or has expired', { token: 'invalid or expired' });
    const updated = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(users.id, reset.userId), eq(users.status, 'active')))
      .returning({ id: users.id });
    if (updated.length === 0)
      throw badRequest('The reset link is invalid or has expired', { token: 'invalid or expired' });
    await revokeUserSessions(tx, now, reset.userId, 'password reset');
    return reset.userId;
  });
}
