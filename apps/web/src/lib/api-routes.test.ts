import { api, type Endpoint } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { apiRoutes } from './api-routes';

/** One endpoint as the web's zod-free table writes it: `METHOD /path` and its flags. */
const routeOf = (endpoint: Endpoint): string =>
  [
    endpoint.method,
    endpoint.path,
    ...(endpoint.access === 'public' ? ['public'] : []),
    ...(typeof endpoint.response === 'string' ? ['raw'] : []),
    ...(endpoint.upload ? [`upload=${endpoint.upload}`] : []),
  ].join(' ');

const generated = () => {
  const groups = Object.entries(api).map(([group, endpoints]) => {
    const lines = Object.entries(endpoints as Record<string, Endpoint>).map(
      ([name, endpoint]) => `    ${name}: '${routeOf(endpoint)}',`,
    );
    return `  ${group}: {\n${lines.join('\n')}\n  },`;
  });
  return [
    '// Generated from the contract by api-routes.test.ts (`npx vitest run --root apps/web -u src/lib/api-routes`): do not edit.',
    "import type { Api } from '@pult/contract';",
    '',
    '/**',
    " * Every endpoint's method and path (with `public`, `raw` and `upload=<field>` when they apply), without its",
    ' * schemas: what `lib/api.ts` needs to call it, so no page downloads zod to show a list (docs/decisions/0022).',
    ' */',
    'export const apiRoutes = {',
    ...groups,
    '} as const satisfies { [G in keyof Api]: { [N in keyof Api[G]]: string } };',
    '',
  ].join('\n');
};

describe('the zod-free route table', () => {
  it('is the contract endpoint map, method and path for each endpoint', async () => {
    await expect(generated()).toMatchFileSnapshot('./api-routes.ts');
  });

  it('names every group and endpoint of the contract', () => {
    for (const [group, endpoints] of Object.entries(api))
      expect(Object.keys(apiRoutes[group as keyof typeof apiRoutes]).sort()).toEqual(Object.keys(endpoints).sort());
  });
});
