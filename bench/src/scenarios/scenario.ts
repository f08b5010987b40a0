import type { UsersPage } from '../lib/api';
import type { LoadRequest } from '../lib/load';
import type { BenchOptions } from '../lib/options';

/** What every scenario may use: the options, a signed-in staff token, and the first users page. */
export interface ScenarioContext {
  options: BenchOptions;
  token: string;
  firstPage: UsersPage;
}

export interface Scenario {
  name: string;
  /**
   * Fixed-rate scenarios send `--rate` requests per second whatever the latency (an open model,
   * like real traffic); the others run closed-loop on a few connections to find the capacity.
   */
  mode: { kind: 'fixed-rate' } | { kind: 'capacity'; connections: number };
  notes: string;
  request(context: ScenarioContext): LoadRequest;
  /**
   * Checks one response body before the load; a message means the server does not do what the
   * scenario measures yet (e.g. ignores a filter), and the scenario is skipped rather than misreported.
   */
  check?(body: unknown): string | null;
}
