import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { Env } from '../env';
import { hashPassword } from '../modules/users';

/**
 * A fresh install needs someone to sign in as: if no admin exists, create one from
 * ADMIN_EMAIL/ADMIN_PASSWORD, or with a random password that is printed once and never stored in clear.
 * Returns the generated credentials, which the start repeats under its "ready" line.
 */
export async function ensureFirstAdmin(
  db: Db,
  env: Env,
  log: FastifyBaseLogger,
): Promise<{ email: string; password: string } | undefined> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (existing) return undefined;
  const email = (env.ADMIN_EMAIL ?? 'admin@pult.local').toLowerCase();
  const generated = env.ADMIN_PASSWORD === undefined;
  const password = env.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  await db
    .insert(users)
    .values({ email, role: 'admin', status: 'active', passwordHash, firstName: 'Администратор' })
    .onConflictDoUpdate({ target: users.email, set: { role: 'admin', status: 'active', passwordHash } });
  if (generated) {
    // Deliberately on stdout, not in the structured log, and only this once.
    process.stdout.write(
      `\n  First admin created: ${email}\n  Password (shown once, change it after signing in): ${password}\n\n`,
    );
    return { email, password };
  }
  log.info({ email }, 'first admin created from ADMIN_EMAIL');
  return undefined;
}
