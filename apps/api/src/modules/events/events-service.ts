import type { LiveEvent } from '@pult/contract';
import { liveResources } from '@pult/contract';
import { unauthorized } from '../../lib/http-errors';
import { actorOf, type ServiceContext } from '../../lib/service-context';
import { hashToken, randomToken } from '../../lib/tokens';
import { revisionsRepository } from '../revisions';
import { eventFrame, mayHear, type SequencedEvent } from './event-hub';
import { eventsRepository as repo } from './events-repository';

/** A ticket opens one stream, within this long of being taken. */
const TICKET_LIFETIME_MS = 60_000;
/** A reconnecting stream catches up on at most this many missed changes; past that it is told to reload. */
const REPLAY_MAX = 500;

const invalidTicket = () =>
  unauthorized('EVENT_TICKET_INVALID', 'The events ticket is unknown, used or expired; take a new one');

/** Tickets and catching up: the live stream's rules (docs/decisions/0036). */
export const eventsService = {
  async takeTicket(ctx: ServiceContext) {
    const ticket = randomToken();
    const now = ctx.clock.now();
    const expiresAt = new Date(now.getTime() + TICKET_LIFETIME_MS);
    await repo.insert(ctx.db, hashToken(ticket), actorOf(ctx).userId, now, expiresAt);
    return { ticket, expiresAt: expiresAt.toISOString() };
  },

  /** The ticket's holder, once: a used, expired or unknown ticket, or a holder no longer staff, is 401. */
  async redeem(ctx: ServiceContext, ticket: string) {
    const holder = await repo.redeem(ctx.db, hashToken(ticket), ctx.clock.now());
    if (!holder) throw invalidTicket();
    return holder;
  },

  /**
   * The frames a stream missed since `lastEventId`, oldest first, that its role may see (one query per
   * reconnect, never per change). More than REPLAY_MAX: a `reset` event, after which the client reloads.
   */
  async missed(ctx: ServiceContext, role: Parameters<typeof mayHear>[0], lastEventId: number) {
    const resources = liveResources.filter((resource) => mayHear(role, resource));
    const rows = await revisionsRepository.since(ctx.db, lastEventId, resources, REPLAY_MAX + 1);
    if (rows.length > REPLAY_MAX) return { frames: ['event: reset\ndata: {}\n\n'], lastSeq: lastEventId };
    const frames = rows.map((row) =>
      eventFrame({
        seq: row.seq,
        resource: row.resource as LiveEvent['resource'],
        id: row.id,
        action: row.action,
        version: row.version,
        actor: row.actor_id === null ? null : { id: row.actor_id, name: row.actor_name ?? '' },
      } satisfies SequencedEvent),
    );
    return { frames, lastSeq: rows.at(-1)?.seq ?? lastEventId };
  },
};
