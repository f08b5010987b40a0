import type { FetchClient, UsersPage } from '../lib/api';
import type { LoadRequest } from '../lib/load';
import type { BenchOptions } from '../lib/options';

/** What every scenario may use: the options, a signed-in staff token, and the first users page. */
export interface ScenarioContext {
  options: BenchOptions;
  token: string;
  firstPage: UsersPage;
  /** The same staff session, for set-up calls. */
  api: FetchClient;
}

interface BaseScenario {
  name: string;
  notes: string;
  /** The goals the result is judged against (e.g. `{ p99Ms: 50 }`); `met` in the result says whether they held. */
  target?: Record<string, number>;
}

/** One request repeated under load. */
export interface LoadScenario extends BaseScenario {
  /**
   * Fixed-rate scenarios send `--rate` requests per second whatever the latency (an open model,
   * like real traffic); the others run closed-loop on a few connections to find the capacity.
   */
  mode: { kind: 'fixed-rate' } | { kind: 'capacity'; connections: number };
  /** May look things up first (a user who has subscriptions, an activated code to search for). */
  request(context: ScenarioContext): LoadRequest | Promise<LoadRequest>;
  /**
   * Checks one response body before the load; a message means the server does not do what the
   * scenario measures yet (e.g. ignores a filter), and the scenario is skipped rather than misreported.
   */
  check?(body: unknown): string | null;
  /** The status every answer should have when it is not 2xx (304: the caller already had the answer). */
  expectStatus?: number;
}

/** Work that is not one repeated request (a generation, activations, an export): it measures itself. */
export interface MeasuredScenario extends BaseScenario {
  mode: { kind: 'measured' };
  /** Starts its own server (a cold start): needs no running server or sign-in. */
  standalone?: boolean;
  run(context: ScenarioContext): Promise<{ measurements: Record<string, unknown>; met: boolean; listCount?: number }>;
}

export type Scenario = LoadScenario | MeasuredScenario;

export const isMeasured = (scenario: Scenario): scenario is MeasuredScenario => scenario.mode.kind === 'measured';
