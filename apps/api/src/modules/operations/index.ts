import { api } from '@pult/contract';
import type { PultModule } from '../../pult-module';
import { metricsRoutes } from './metrics-routes';
import { probesRoutes } from './probes-routes';

/**
 * What operators' tooling calls, at the root (docs/operations.md): the liveness and readiness probes
 * and the Prometheus metrics. The series themselves are lib/metrics.ts, counted where things happen.
 */
export const operationsModule: PultModule = {
  name: 'operations',
  rootRoutes: [probesRoutes, metricsRoutes],
};

/** The probes a load balancer keeps asking while the server drains (lib/graceful-shutdown.ts lets them in). */
export const PROBE_PATHS: readonly string[] = [api.operations.health.path, api.operations.readiness.path];
