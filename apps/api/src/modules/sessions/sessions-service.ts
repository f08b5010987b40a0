import type { SessionItem } from '@pult/contract';
import { notFound } from '../../lib/http-errors';
import { actorOf, type ServiceContext } from '../../lib/service-context';
import { staffIdleSince } from './idle';
import { liveSessionsOf, revokeOwnSession, revokeUserSessions } from './sessions-repository';

/** A staff member's own sessions: see where one is signed in and end what one does not recognise. */
export const sessionsService = {
  async list(ctx: ServiceContext): Promise<{ items: SessionItem[] }> {
    const actor = actorOf(ctx);
    const rows = await liveSessionsOf(ctx.db, actor.userId, ctx.clock.now(), await staffIdleSince(ctx));
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
