import { allEndpoints, type Endpoint, type Role } from '@pult/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import { jsonQueryParams } from './json-query-params';
import type { JsonSchema } from './request-arbitraries';

/**
 * Every operation, every place a string can arrive, with a NUL and with a lone surrogate: a path
 * parameter, a query parameter, each field inside a query parameter's JSON (`?where={"any":…}`) and
 * each field of a JSON body. Each is answered 400 VALIDATION_FAILED naming the field — never a 500
 * from the database ("invalid byte sequence for encoding UTF8: 0x00"), never a 200 that carried the
 * text on to a query or an audit row. The fuzzer finds such holes by chance; this sweep does not
 * depend on chance. Inside JSON the escapes `\u0000` and `\ud800` decode to the characters only when
 * the JSON is parsed, which is what a check of the raw query string missed.
 */

/** Inside JSON (a body, a `where`) both can be written; a URL cannot carry a lone surrogate. */
const IN_JSON = ['a\u0000b', 'x\ud800', '\udfffz'];
const IN_URL = ['a\u0000b'];

let t: TestApp;
let tokens: Partial<Record<Role, string>> = {};
const jsonParams = jsonQueryParams();

beforeAll(async () => {
  t = await buildTestApp();
  ({ tokens } = await t.accounts(['admin', 'editor', 'user']));
});
afterAll(() => t.close());

/** A caller the endpoint lets through, so what answers is validation and not the guard. */
function tokenFor(endpoint: Endpoint): string | undefined {
  if (endpoint.access === 'public') return undefined;
  const role = (['admin', 'editor', 'user'] as const).find((r) => (endpoint.access as readonly Role[]).includes(r));
  return role ? tokens[role] : undefined;
}

/** A path parameter that passes validation: the first of an enum's values, else an id. */
function validParam(endpoint: Endpoint, name: string): string {
  const schema = endpoint.params
    ? (z.toJSONSchema(endpoint.params, { io: 'input', unrepresentable: 'any' }) as JsonSchema).properties?.[name]
    : undefined;
  return String(schema?.enum?.[0] ?? '1');
}

const urlOf = (endpoint: Endpoint, params: Record<string, string> = {}, query: Record<string, string> = {}) => {
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? validParam(endpoint, name)),
  );
  const search = new URLSearchParams(query).toString();
  return `${endpoint.root ? '' : '/api'}${path}${search ? `?${search}` : ''}`;
};

/** Fields of an object schema that take free text (not an enum, a date or a number). */
const textFields = (schema: JsonSchema): string[] =>
  Object.entries(schema.properties ?? {})
    .filter(([, field]) => [field, ...(field.anyOf ?? [])].some((s) => s.type === 'string' && !s.enum && !s.format))
    .map(([name]) => name);

interface Probe {
  what: string;
  url: string;
  payload?: string;
  /** The field the 400 must name; undefined when another part is checked first and refuses. */
  field: string | undefined;
}

function probesOf(endpoint: Endpoint): Probe[] {
  const probes: Probe[] = [];
  for (const name of endpoint.path.match(/:(\w+)/g)?.map((p) => p.slice(1)) ?? [])
    for (const bad of IN_URL) probes.push({ what: `path ${name}`, url: urlOf(endpoint, { [name]: bad }), field: name });
  const json = jsonParams.get(endpoint.operationId) ?? {};
  const query = endpoint.query instanceof z.ZodObject ? Object.keys(endpoint.query.shape) : [];
  for (const name of query) {
    const inner = json[name];
    if (!inner) {
      // Fastify validates the body before the query: with no valid body at hand, the body's 400 comes first.
      for (const bad of IN_URL)
        probes.push({
          what: `query ${name}`,
          url: urlOf(endpoint, {}, { [name]: bad }),
          field: endpoint.body ? undefined : name,
        });
      continue;
    }
    for (const field of textFields(inner))
      for (const bad of IN_JSON)
        probes.push({
          what: `query ${name} JSON field ${field}`,
          url: urlOf(endpoint, {}, { [name]: JSON.stringify({ [field]: bad }) }),
          field: `${name}.${field}`,
        });
  }
  if (endpoint.body) {
    const body = z.toJSONSchema(endpoint.body, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    const fields = Object.keys(body.properties ?? {});
    for (const bad of IN_JSON) {
      for (const field of fields)
        probes.push({ what: `body ${field}`, url: urlOf(endpoint), payload: JSON.stringify({ [field]: bad }), field });
      if (fields.length === 0)
        probes.push({ what: 'body', url: urlOf(endpoint), payload: JSON.stringify([bad]), field: '0' });
    }
  }
  return probes;
}

describe('a NUL or a lone surrogate anywhere in a request', () => {
  it('finds the JSON query parameters in the contract', () => {
    expect([...jsonParams.keys()]).toEqual(expect.arrayContaining(['listUsers', 'exportUsers', 'listActivatedCodes']));
  });

  it('is answered 400 naming the field, by every operation', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const endpoint of allEndpoints()) {
      const token = tokenFor(endpoint);
      for (const probe of probesOf(endpoint)) {
        sent += 1;
        const response = await t.app.inject({
          method: endpoint.method,
          url: probe.url,
          headers: {
            ...(token ? { 'api-token': token } : {}),
            ...(probe.payload === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(probe.payload === undefined ? {} : { payload: probe.payload }),
        });
        const answer = String(response.headers['content-type']).includes('json') ? response.json() : {};
        if (
          response.statusCode !== 400 ||
          answer.code !== 'VALIDATION_FAILED' ||
          (probe.field !== undefined && answer.errors?.[probe.field] !== 'invalid')
        )
          failures.push(
            `${endpoint.method} ${endpoint.path} ${probe.what}: ${response.statusCode} ${response.body.slice(0, 200)}`,
          );
      }
    }
    expect(sent).toBeGreaterThan(200);
    expect(failures).toEqual([]);
  }, 300_000);
});
