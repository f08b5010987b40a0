import { cohortsQuery, cohortsResponse } from '../cohorts';
import { idParam } from '../common';
import { dashboardData, dashboardQuery, timelinePage, timelineQuery } from '../dashboard';
import { defineEndpoint } from '../endpoint';
import { peopleExportQuery, peoplePage, peopleQuery } from '../figure-people';
import { mrrMovementsExportQuery, mrrMovementsPage, mrrMovementsQuery } from '../mrr-movements';

/** The home dashboard and each user's timeline: read-only views over the other features' rows. */
export const dashboardEndpoints = {
  data: defineEndpoint({
    method: 'GET',
    path: '/common/dashboard-data',
    operationId: 'getDashboardData',
    summary: 'Business figures for a period, with the previous period beside them',
    description:
      'Past days come from daily rollups (kept by a job within a minute of each write), today is counted live. ' +
      'Every figure is defined in the response schema and in docs/decisions/0016.',
    tag: 'dashboard',
    access: ['admin', 'editor'],
    query: dashboardQuery,
    response: dashboardData,
    errors: [],
  }),
  userTimeline: defineEndpoint({
    method: 'GET',
    path: '/users/:id/timeline',
    operationId: 'getUserTimeline',
    summary: 'Everything that happened to a user, newest first',
    description:
      'Registration, subscriptions, transactions, promo activations and refused attempts, staff actions from the ' +
      'audit log (and pushes and agreements once those features exist), paged and filterable by kind.',
    tag: 'dashboard',
    access: ['admin', 'editor'],
    params: idParam,
    query: timelineQuery,
    response: timelinePage,
    errors: [404],
  }),
  mrrMovements: defineEndpoint({
    method: 'GET',
    path: '/analytics/mrr-movements',
    operationId: 'listMrrMovements',
    summary: 'The customers behind one MRR movement figure of a range of days',
    description:
      'One row per customer and day whose MRR moved in the way `kind` names, newest day first; the amounts sum ' +
      "to the dashboard's figure for the same days. Definitions: the response schema and docs/decisions/0038.",
    tag: 'dashboard',
    access: ['admin', 'editor'],
    query: mrrMovementsQuery,
    response: mrrMovementsPage,
    errors: [],
  }),
  mrrMovementsExport: defineEndpoint({
    method: 'GET',
    path: '/analytics/mrr-movements/export',
    operationId: 'exportMrrMovements',
    summary: 'The customers behind one MRR movement figure, as CSV',
    description:
      'Every row of `GET /analytics/mrr-movements` for the same kind and days (newest day first), streamed; ' +
      'amounts in kopecks; the header in `lang`.',
    tag: 'dashboard',
    access: ['admin', 'editor'],
    query: mrrMovementsExportQuery,
    response: 'csv',
    errors: [],
  }),
  people: defineEndpoint({
    method: 'GET',
    path: '/analytics/people',
    operationId: 'listFigurePeople',
    summary: 'The people behind one figure of the home screen for a range of days',
    description:
      'The rows a dashboard figure counts (registrations, subscriptions, payments, promo activations, refused ' +
      "attempts), newest first, each with its user; `count` (and `total` for revenue) equals the dashboard's figure " +
      'for the same days. Definitions: the response schema, docs/decisions/0016 and 0050.',
    tag: 'dashboard',
    access: ['admin', 'editor'],
    query: peopleQuery,
    response: peoplePage,
    errors: [],
  }),
  peopleExport: defineEndpoint({
    method: 'GET',
    path: '/analytics/people/export',
    operationId: 'exportFigurePeople',
    summary: 'The people behind one figure of the home screen, as CSV',
    description:
      'Every row of `GET /analytics/people` for the same figure and days (newest first), streamed; amounts in ' +
      'kopecks; the header in `lang`.',
    tag: 'dashboard',
    access: ['admin', 'editor'],
    query: peopleExportQuery,
    response: 'csv',
    errors: [],
  }),
  cohorts: defineEndpoint({
    method: 'GET',
    path: '/analytics/cohorts',
    operationId: 'getCohorts',
    summary: 'Retention by cohort (month of first paid subscription, or promo series) and realised LTV',
    description:
      'For each cohort its size, the share still subscribed after 1…12 months and the revenue per member (realised ' +
      'LTV), from a rollup rebuilt at most hourly (`asOf`). Definitions: the response schema and docs/decisions/0046.',
    tag: 'dashboard',
    access: ['admin', 'editor'],
    query: cohortsQuery,
    response: cohortsResponse,
    errors: [],
  }),
};
