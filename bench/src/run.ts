import { fileURLToPath } from 'node:url';
import { fetchUsersPage, signIn, usersPath } from './lib/api';
import { runLoad } from './lib/load';
import { type BenchOptions, parseOptions } from './lib/options';
import { type ScenarioResult, writeResult } from './lib/result-file';
import { allScenarios } from './scenarios/all-scenarios';
import type { Scenario, ScenarioContext } from './scenarios/scenario';

function select(names: string[]): readonly Scenario[] {
  if (names.length === 0) return allScenarios;
  const unknown = names.filter((name) => !allScenarios.some((s) => s.name === name));
  if (unknown.length > 0) {
    throw new Error(`Unknown scenario: ${unknown.join(', ')} (known: ${allScenarios.map((s) => s.name).join(', ')})`);
  }
  return allScenarios.filter((s) => names.includes(s.name));
}

/** One request before the load: a scenario the server cannot answer yet is skipped, not measured. */
async function probe(options: BenchOptions, scenario: Scenario, context: ScenarioContext): Promise<string | null> {
  const request = scenario.request(context);
  const response = await fetch(`${options.url}${request.path}`, {
    method: request.method,
    ...(request.headers ? { headers: request.headers } : {}),
    ...(request.body ? { body: request.body } : {}),
  });
  const text = await response.text();
  if (!response.ok) return `the server answered HTTP ${response.status} ${text.slice(0, 200)}`;
  if (!scenario.check) return null;
  try {
    return scenario.check(JSON.parse(text));
  } catch {
    return 'the response was not JSON';
  }
}

async function runScenario(scenario: Scenario, context: ScenarioContext): Promise<ScenarioResult> {
  const { options } = context;
  const fixedRate = scenario.mode.kind === 'fixed-rate';
  const connections = scenario.mode.kind === 'capacity' ? scenario.mode.connections : options.connections;
  const load = await runLoad({
    url: options.url,
    request: scenario.request(context),
    connections,
    durationSeconds: options.durationSeconds,
    ...(fixedRate ? { overallRate: options.rate } : {}),
  });
  return {
    scenario: scenario.name,
    date: new Date().toISOString(),
    url: options.url,
    connections,
    durationSeconds: options.durationSeconds,
    ...(fixedRate ? { targetRate: options.rate } : {}),
    requests: { total: load.total, perSecond: load.perSecond },
    latencyMs: load.latencyMs,
    errors: load.errors,
    non2xx: load.non2xx,
    statusCodes: load.statusCodes,
    dataset: {
      users: context.firstPage.count,
      ...(context.firstPage.countIsEstimate ? { countIsEstimate: true } : {}),
      db: options.db,
    },
    notes: scenario.notes,
  };
}

async function main() {
  const resultsDir = fileURLToPath(new URL('../results', import.meta.url));
  const options = parseOptions(process.argv.slice(2), process.env, resultsDir);
  const scenarios = select(options.scenarios);
  const token = await signIn(options.url, options.email, options.password);
  const firstPage = await fetchUsersPage(options.url, token, usersPath(1));
  const context: ScenarioContext = { options, token, firstPage };
  console.log(`${options.url}: ${firstPage.count.toLocaleString('en')} users on ${options.db}`);

  let skipped = 0;
  for (const scenario of scenarios) {
    const problem = await probe(options, scenario, context);
    if (problem) {
      skipped++;
      console.log(`- ${scenario.name}: skipped, ${problem}`);
      continue;
    }
    const result = await runScenario(scenario, context);
    const file = await writeResult(options.resultsDir, result);
    const { p50, p95, p99, max } = result.latencyMs;
    console.log(
      `- ${scenario.name}: ${result.requests.perSecond} req/s, p50 ${p50} ms, p95 ${p95} ms, p99 ${p99} ms, max ${max} ms, errors ${result.errors}, non-2xx ${result.non2xx} → ${file}`,
    );
  }
  if (skipped > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
