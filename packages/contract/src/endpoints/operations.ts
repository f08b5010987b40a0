import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

/** Each readiness check: `ok`, what is wrong, or `unchecked` (not asked: the database is down, or a shutdown began). */
export const readinessChecks = z.object({
  /** A `select` answered within the check's time (`down`: it failed; `timeout`: no answer in time). */
  database: z.enum(['ok', 'down', 'timeout', 'unchecked']),
  /** Every migration this code ships is applied (`pending`: the database is behind the code). */
  migrations: z.enum(['ok', 'pending', 'unchecked']),
  /** `draining` from the shutdown signal on: in-flight requests finish, new ones go elsewhere. */
  shutdown: z.enum(['ok', 'draining']),
});

export const readiness = z
  .object({ status: z.enum(['ok', 'unavailable']), checks: readinessChecks })
  .meta({ id: 'Readiness' });
export type Readiness = z.infer<typeof readiness>;

/**
 * What operators' tooling calls (product spec §8, docs/operations.md): served at the root, outside
 * `/api` and the SPA, never in the API's OpenAPI document.
 */
export const operationsEndpoints = {
  health: defineEndpoint({
    method: 'GET',
    path: '/healthz',
    operationId: 'getHealth',
    summary: 'The process serves (liveness)',
    description: 'Always `{ "status": "ok" }` while the process answers; no database call.',
    tag: 'operations',
    access: 'public',
    response: z.object({ status: z.literal('ok') }),
    errors: [],
    root: true,
  }),
  readiness: defineEndpoint({
    method: 'GET',
    path: '/readyz',
    operationId: 'getReadiness',
    summary: 'The process may take traffic (readiness)',
    description:
      '200 when the database answers within a second and every migration is applied; 503 with the same shape otherwise, and from the moment a shutdown begins.',
    tag: 'operations',
    access: 'public',
    response: readiness,
    errors: [],
    root: true,
  }),
  metrics: defineEndpoint({
    method: 'GET',
    path: '/metrics',
    operationId: 'getMetrics',
    summary: 'Prometheus metrics',
    description:
      'The text exposition format (`text/plain; version=0.0.4`). Needs `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise); 404 while METRICS_TOKEN is unset.',
    tag: 'operations',
    access: 'public',
    response: 'text',
    errors: [401, 404],
    root: true,
  }),
};
