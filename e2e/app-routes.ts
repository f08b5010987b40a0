import { readFileSync } from 'node:fs';

/**
 * The SPA's routes as its router declares them: read from the router's source, so a screen added
 * there is swept by the layout and accessibility specs without anyone remembering to list it.
 */
const routerSource = () => readFileSync(new URL('../apps/web/src/app/router.tsx', import.meta.url), 'utf8');

/** The `path:` values of one route array (`const <name>: RouteObject[] = [ … ];`) in the router. */
const pathsOf = (arrayName: string): string[] => {
  const source = routerSource();
  const start = source.indexOf(`const ${arrayName}`);
  if (start < 0) throw new Error(`the router declares no ${arrayName}`);
  const block = source.slice(start, source.indexOf('];', start));
  return [...block.matchAll(/path: '([^']+)'/g)].map((match) => match[1] ?? '');
};

/** The `/app` routes, relative to `/app` (`users/:id`, `*`, …). */
export const appRoutePaths = (): string[] => pathsOf('appRoutes');

/**
 * The `/auth` screens, relative to `/auth`: the login pages (drawn without antd) and the others; the
 * catch-all (a redirect to sign-in) is left out.
 */
export const authRoutePaths = (): string[] =>
  [...pathsOf('loginRoutes'), ...pathsOf('authRoutes')].filter((path) => path !== '*');

/**
 * Every `/app` route as a URL: `:id` filled from `ids` (keyed by the route path) or else `fallbackId`,
 * `*` as an unknown screen. Throws when a route has a parameter that gets no value.
 */
export const appRouteUrls = (ids: Record<string, number>, fallbackId?: number): string[] =>
  appRoutePaths().map((path) => {
    if (path === '*') return '/app/no-such-screen';
    const filled = path.replace(/:id$/, () => String(ids[path] ?? fallbackId ?? ''));
    if (filled.includes(':') || filled.endsWith('/')) throw new Error(`no id for the route ${path}`);
    return `/app/${filled}`;
  });
