import { usersPath } from '../lib/api';
import type { Scenario, ScenarioContext } from './scenario';

const PAGE_SIZE = 20;

function pageScenario(name: string, page: (context: ScenarioContext) => number, notes: string): Scenario {
  return {
    name,
    mode: { kind: 'fixed-rate' },
    notes,
    request: (context) => ({
      method: 'GET',
      path: usersPath(page(context)),
      headers: { 'api-token': context.token },
    }),
  };
}

export const usersPage1Scenario = pageScenario(
  'users-page-1',
  () => 1,
  'GET /api/users?take=20&page=1: the newest users, the page every visit to the list opens with.',
);

export const usersPage1000Scenario = pageScenario(
  'users-page-1000',
  () => 1000,
  'GET /api/users?take=20&page=1000: a deep page (offset 19 980).',
);

/** The last page from the first response's count; with an estimated count it may be off by a little. */
export const usersPageLastScenario = pageScenario(
  'users-page-last',
  ({ firstPage }) => Math.max(1, Math.ceil(firstPage.count / PAGE_SIZE)),
  'GET /api/users?take=20&page=<last>: the last page, computed from the count of the first response (the deepest offset).',
);

/**
 * Users page 1 at capacity (issue 37 target 2): a closed loop on 10 connections with one staff token, so
 * every request after the first is a known session (docs/decisions/0051); judged against 2 500 answers a second.
 */
export const usersPage1CapacityScenario: Scenario = {
  name: 'users-page-1-capacity',
  mode: { kind: 'capacity', connections: 10 },
  target: { perSecond: 2500 },
  notes:
    'GET /api/users?take=20&page=1 as fast as answered on 10 connections (closed loop, one staff token): the capacity issue 37 asks ≥ 2 500 req/s of.',
  request: (context) => ({ method: 'GET', path: usersPath(1), headers: { 'api-token': context.token } }),
};
