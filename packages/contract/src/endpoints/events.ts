import { defineEndpoint } from '../endpoint';
import { eventsQuery, eventTicketAnswer } from '../versions';

const staff = ['admin', 'editor'] as const;

/** Live changes of the records staff edit, as Server-Sent Events (docs/decisions/0036). */
export const eventsEndpoints = {
  ticket: defineEndpoint({
    method: 'POST',
    path: '/events/ticket',
    operationId: 'takeEventsTicket',
    summary: 'A ticket that opens the events stream once, within a minute',
    description: 'EventSource cannot send the Api-Token header: the stream is opened with `?ticket=` instead.',
    tag: 'events',
    access: staff,
    response: eventTicketAnswer,
    errors: [],
  }),
  stream: defineEndpoint({
    method: 'GET',
    path: '/events',
    operationId: 'streamEvents',
    summary: 'Server-Sent Events: `{ resource, id, action, actor, version }` for every change a role may see',
    description:
      "Opened with a ticket from `POST /events/ticket` (single use, one minute). Each event's `id` is the " +
      "revision's id: a reconnect with `Last-Event-ID` first receives what it missed. A comment line every " +
      '15 s keeps proxies from closing the stream.',
    tag: 'events',
    access: 'public',
    query: eventsQuery,
    response: 'event-stream',
    errors: [401],
  }),
};
