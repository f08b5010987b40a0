import type { SessionItem } from '@pult/contract';
import { isStaffRole } from '@pult/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { actorOf, type ServiceContext } from '../../lib/service-context';
import { staffIdleSince } from './idle';
import { liveSessionsOf, revokeOwnSession, revokeUserSessions } from './sessions-repository';

/** A user's live sessions as the list shows them; `current` marks the caller's own. */
async function listed(ctx: ServiceContext, userId: number): Promise<{ items: SessionItem[] }> {
  const actor = actorOf(ctx);
  const rows = await liveSessionsOf(ctx.db, userId, ctx.clock.now(), await staffIdleSince(ctx));
  return {
    items: rows.map((row) => ({
      id: row.id,
      current: row.id === actor.sessionId,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      ip: row.ip,
      userAgent: row.userAgent,
    })),
  };
}

/** An admin looks at staff sessions only: a planner account (or none) is not found here. */
async function staffMember(ctx: ServiceContext, userId: number): Promise<void> {
  const [row] = await ctx.db.select({ role: users.role, status: users.status }).from(users).where(eq(users.id, userId));
  if (!row || row.status === 'deleted' || !isStaffRole(row.role)) throw notFound('USER_NOT_FOUND', 'User not found');
}

/** A staff member's own sessions: see where one is signed in and end what one does not recognise. */
export const sessionsService = {
  list: (ctx: ServiceContext) => listed(ctx, actorOf(ctx).userId),

  /** An admin's view of a colleague's sessions (issue 31): where they are signed in, from which address. */
  async ofUser(ctx: ServiceContext, userId: number): Promise<{ items: SessionItem[] }> {
    await staffMember(ctx, userId);
    return listed(ctx, userId);
  },

  /** An admin ends one session of a colleague at once; audited on the colleague. */
  async endOfUser(ctx: ServiceContext, userId: number, sessionId: number): Promise<{ ok: true }> {
    await staffMember(ctx, userId);
    await ctx.db.transaction(async (tx) => {
      if (!(await revokeOwnSession(tx, ctx.clock.now(), userId, sessionId, 'ended by an admin')))
        throw notFound('SESSION_NOT_FOUND', 'No such live session of this user');
      await ctx.audit({ action: 'end-session', entity: 'user', entityId: userId, after: { sessionId } }, tx);
    });
    return { ok: true };
  },

  /** Ends at once: the guard's lookup joins the session, so its tokens stop matching on the next request. */
  async end(ctx: ServiceContext, sessionId: number): Promise<{ ok: true }> {
    const actor = actorOf(ctx);
    await ctx.db.transaction(async (tx) => {
      if (!(await revokeOwnSession(tx, ctx.clock.now(), actor.userId, sessionId, 'ended from the profile')))
        throw notFound('SESSION_NOT_FOUND', 'No such live session of yours');
      await ctx.audit({ action: 'end-session', entity: 'user', entityId: actor.userId, after: { sessionId } }, tx);
    });
    return { ok: true };
  },

  async endOthers(ctx: ServiceContext): Promise<{ ended: number }> {
    const actor = actorOf(ctx);
    return ctx.db.transaction(async (tx) => {
      const ended = await revokeUserSessions(
        tx,
        ctx.clock.now(),
        actor.userId,
        'ended from the profile',
        actor.sessionId,
      );
      await ctx.audit(
        { action: 'logout', entity: 'user', entityId: actor.userId, after: { otherSessionsEnded: ended } },
        tx,
      );
      return { ended };
    });
  },
};
