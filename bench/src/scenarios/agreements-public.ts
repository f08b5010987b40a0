import { api, pathOf } from '../lib/api';
import type { LoadScenario } from './scenario';

/**
 * Every planner app start asks for the current documents without a token, so this public read is
 * measured for capacity: closed loop on 16 connections, judged against 2 000 answers a second.
 */
export const agreementsPublicScenario: LoadScenario = {
  name: 'agreements-public',
  mode: { kind: 'capacity', connections: 16 },
  target: { perSecond: 2000 },
  notes:
    'GET /api/common/agreements without a token (the latest version of each legal document), closed loop on 16 connections. ' +
    'Each API process answers from a copy it re-reads at most once a second.',
  request: () => ({ method: 'GET', path: pathOf(api.agreements.latest) }),
  check: (body) =>
    Array.isArray((body as { items?: unknown }).items) && (body as { items: unknown[] }).items.length > 0
      ? null
      : 'no agreement is published: run `npm run seed` first',
};

/**
 * One filtered page of the audit log deep in a big table: keyset paging by id under an index that
 * ends in id, so the cost does not grow with the table. Filters by an action and starts below the
 * newest events, as a reviewer paging back would.
 */
export const auditFilteredPageScenario: LoadScenario = {
  name: 'audit-filtered-page',
  mode: { kind: 'fixed-rate' },
  target: { p99Ms: 50 },
  notes: 'GET /api/audit-events?action=signin&take=50&cursor=<half the newest id>: a filtered keyset page as an admin.',
  async request(context) {
    const newest = await context.api.audit.list({ query: { take: 1 } });
    const top = newest.items[0]?.id ?? 1;
    return {
      method: 'GET',
      path: pathOf(api.audit.list, { query: { action: 'signin', take: 50, cursor: String(Math.ceil(top / 2)) } }),
      headers: { 'api-token': context.token },
    };
  },
};
