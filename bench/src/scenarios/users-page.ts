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
