import type { CreateUserBody, Role, UpdateUserBody, UserAction } from '@pult/contract';
import { and, count, eq, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import { hashPassword } from '../auth/passwords';
import { revokeUserSessions } from '../auth/sessions';
import { toUser, type UserRow } from './user-row';

/** What the audit log keeps of a user: the public fields, never the hash. */
const snapshot = (row: UserRow) => toUser(row);

async function lockUser(tx: Db, id: number): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!row) throw notFound('User not found');
  return row;
}

/**
 * An admin may not take away their own admin powers, and nobody may remove the last active admin:
 * otherwise the back office could lock everyone out of it.
 */
async function assertKeepsAnAdmin(tx: Db, actorId: number, target: UserRow, next: { role: Role; status: string }) {
  const losesAdmin =
    target.role === 'admin' && target.status === 'active' && (next.role !== 'admin' || next.status !== 'active');
  if (!losesAdmin) return;
  if (target.id === actorId)
    throw conflict('You cannot demote, block or delete yourself', { role: 'not for your own account' });
  const [others] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active'), ne(users.id, target.id)));
  if ((others?.n ?? 0) === 0) throw conflict('The last active admin cannot be demoted, blocked or deleted');
}

const emailTaken = () => conflict('This e-mail is already in use', { email: 'already in use' });

export async function createUser(db: Db, request: FastifyRequest, body: CreateUserBody & { role: Role }) {
  const now = request.server.clock.now();
  const passwordHash = body.password ? await hashPassword(body.password) : null;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          email: body.email,
          phoneNumber: body.phoneNumber ?? null,
          firstName: body.firstName ?? null,
          lastName: body.lastName ?? null,
          role: body.role,
          passwordHash,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      await request.audit({ action: 'create', entity: 'user', entityId: row.id, after: snapshot(row) }, tx);
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

export async function updateUser(db: Db, request: FastifyRequest, id: number, body: UpdateUserBody, actorId: number) {
  const now = request.server.clock.now();
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  try {
    return await db.transaction(async (tx) => {
      const before = await lockUser(tx, id);
      const role = body.role ?? before.role;
      await assertKeepsAnAdmin(tx, actorId, before, { role, status: before.status });
      const { password: _password, ...fields } = body;
      const [after] = await tx
        .update(users)
        .set({ ...fields, ...(passwordHash ? { passwordHash } : {}), updatedAt: now })
        .where(eq(users.id, id))
        .returning();
      if (!after) throw notFound('User not found');
      // A new role or password must not ride on tokens issued under the old one (product.md §5).
      if (role !== before.role || passwordHash) {
        await revokeUserSessions(tx, now, id, role !== before.role ? 'role changed' : 'password changed');
      }
      await request.audit(
        { action: 'update', entity: 'user', entityId: id, before: snapshot(before), after: snapshot(after) },
        tx,
      );
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

const nextStatus: Record<Exclude<UserAction, 'logout'>, { from: readonly string[]; to: UserRow['status'] }> = {
  block: { from: ['active', 'blocked'], to: 'blocked' },
  unblock: { from: ['blocked', 'active'], to: 'active' },
  delete: { from: ['active', 'blocked', 'deleted'], to: 'deleted' },
  restore: { from: ['deleted', 'active'], to: 'active' },
};

/** block / unblock / delete (soft) / restore / logout; block, delete and logout end every session. */
export async function manageUser(db: Db, request: FastifyRequest, id: number, action: UserAction, actorId: number) {
  const now = request.server.clock.now();
  return db.transaction(async (tx) => {
    const before = await lockUser(tx, id);
    let after = before;
    if (action !== 'logout') {
      const rule = nextStatus[action];
      if (!rule.from.includes(before.status)) {
        throw conflict(`Cannot ${action} a user whose status is ${before.status}`);
      }
      await assertKeepsAnAdmin(tx, actorId, before, { role: before.role, status: rule.to });
      const [updated] = await tx
        .update(users)
        .set({ status: rule.to, updatedAt: now })
        .where(eq(users.id, id))
        .returning();
      if (!updated) throw notFound('User not found');
      after = updated;
    }
    if (action === 'block' || action === 'delete' || action === 'logout') {
      await revokeUserSessions(tx, now, id, action);
    }
    await request.audit({ action, entity: 'user', entityId: id, before: snapshot(before), after: snapshot(after) }, tx);
    return after;
  });
}
