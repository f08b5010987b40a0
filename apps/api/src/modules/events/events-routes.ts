import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { createEventHub } from './event-hub';
import { eventsService } from './events-service';

/** A comment line this often keeps proxies and load balancers from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

/** Last-Event-ID as EventSource sends it on a reconnect: a revision id, else nothing. */
const lastEventIdOf = (header: string | string[] | undefined) => {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^\d{1,15}$/.test(value) ? Number(value) : undefined;
};

/** `POST /events/ticket` and the stream `GET /events` it opens (docs/decisions/0036). */
export async function eventsRoutes(app: FastifyInstance) {
  const hub = createEventHub(app.database.listen, {
    heartbeatMs: HEARTBEAT_MS,
    isDraining: () => (app as { draining?: boolean }).draining === true,
  });
  app.addHook('onReady', () => hub.start());
  app.addHook('preClose', () => hub.stop());

  route(app, api.events.ticket, (_, ctx) => eventsService.takeTicket(ctx));

  route(app, api.events.stream, async ({ query, request, reply }, ctx) => {
    const holder = await eventsService.redeem(ctx, query.ticket);
    const lastEventId = query.lastEventId ?? lastEventIdOf(request.headers['last-event-id']);
    // The stream is written by hand from here: no serializer, no compression (a compressor would hold
    // the events back until its buffer fills).
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      'x-request-id': request.id,
    });
    raw.write('retry: 3000\n\n');
    // Live events that arrive while the missed ones are read wait, then go out after them, once each.
    let pending: string[] | null = [];
    let sentUpTo = lastEventId ?? 0;
    const remove = hub.add({
      role: holder.role,
      write: (frame) => {
        if (pending) pending.push(frame);
        else raw.write(frame);
      },
      end: () => raw.end(),
    });
    request.raw.on('close', () => {
      remove();
    });
    if (lastEventId !== undefined) {
      const missed = await eventsService.missed(ctx, holder.role, lastEventId);
      for (const frame of missed.frames) raw.write(frame);
      sentUpTo = missed.lastSeq;
    }
    const waiting = pending;
    pending = null;
    for (const frame of waiting) {
      const seq = Number(/^id: (\d+)/.exec(frame)?.[1] ?? Number.POSITIVE_INFINITY);
      if (seq > sentUpTo) raw.write(frame);
    }
    return reply;
  });
}
