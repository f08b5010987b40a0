import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The README promises Node 20.19+, and `npm install` warns (EBADENGINE) about every installed package
 * whose `engines.node` says otherwise. Every package the API ships — its dependencies and theirs, as
 * the lockfile resolves them — must accept the oldest Node the root package.json declares. (The bench
 * workspace's Lighthouse and Puppeteer are tools a developer runs, not part of the server.)
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));

interface LockEntry {
  version?: string;
  /** A workspace package is a link to its folder. */
  link?: boolean;
  resolved?: string;
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const lock = JSON.parse(readFileSync(`${root}package-lock.json`, 'utf8')) as {
  packages: Record<string, LockEntry>;
};
const declared = (JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { engines: { node: string } }).engines
  .node;

type Version = (number | undefined)[];
/** `20.19`, `v12.22.7`, `4.x`, `10.*`: missing or wildcard parts are undefined. */
const parse = (text: string): Version =>
  text
    .replace(/^v/, '')
    .split('.')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : undefined));
const compare = (a: Version, b: Version) => {
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
};

/**
 * Whether `version` is inside an `engines.node` range, for the forms packages use (`>=20.19`, `>= 0.6`,
 * `^20.19.0 || >=22.12.0`, `>=6 <7 || >=8`, `18 || 20 || >=22`, `6.* || >= 10.*`, `*`): the repository
 * has no semver package of its own to ask.
 */
function satisfies(version: string, range: string): boolean {
  const v = parse(version);
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1')
      .split(/\s+/)
      .every((comparator) => {
        const [, op = '', rest = ''] = comparator.match(/^(>=|<=|>|<|=|\^|~)?(.*)$/) ?? [];
        if (rest === '' || rest === '*' || rest === 'x') return true;
        const bound = parse(rest);
        const order = compare(v, bound);
        if (op === '>=') return order >= 0;
        if (op === '>') return order > 0;
        if (op === '<') return order < 0;
        if (op === '<=') return order <= 0;
        if (op === '^') return v[0] === bound[0] && order >= 0;
        if (op === '~') return v[0] === bound[0] && (bound[1] === undefined || v[1] === bound[1]) && order >= 0;
        return bound.every((part, i) => part === undefined || part === v[i]);
      }),
  );
}

/** Where npm resolves `name` from the package installed at `from`: its own node_modules, then each parent's. */
function resolve(from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!base) return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent === -1 ? '' : base.slice(0, parent);
  }
}

/** The lockfile paths of everything installed for `workspace` in production. */
function shipped(workspace: string): string[] {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    const entry = lock.packages[path] ?? {};
    for (const name of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) {
      const found = resolve(path, name);
      const link = found ? lock.packages[found] : undefined;
      if (found) visit(link?.link && link.resolved ? link.resolved : found);
    }
  };
  visit(workspace);
  return [...seen].filter((path) => path !== workspace);
}

describe('engines', () => {
  it('reads the ranges packages declare', () => {
    expect(satisfies('20.19.0', '>=20.19')).toBe(true);
    expect(satisfies('20.19.0', '>=22')).toBe(false);
    expect(satisfies('20.19.0', '>= 0.6')).toBe(true);
    expect(satisfies('20.19.0', '^20.19.0 || ^22.12.0 || >=24.0.0')).toBe(true);
    expect(satisfies('20.19.0', '^20.9.0')).toBe(true);
    expect(satisfies('20.19.0', '^18.19.0 || >=22')).toBe(false);
    expect(satisfies('20.19.0', '>=20.19.0 <22.0.0 || >=22.12.0')).toBe(true);
    expect(satisfies('20.19.0', '>=6 <7 || >=8')).toBe(true);
    expect(satisfies('20.19.0', '18 || 20 || >=22')).toBe(true);
    expect(satisfies('20.19.0', '6.* || 8.* || >= 10.*')).toBe(true);
    expect(satisfies('20.19.0', '>=20.19.1')).toBe(false);
    expect(satisfies('20.19.0', '*')).toBe(true);
  });

  it('every package the API ships accepts the oldest Node the README promises (no EBADENGINE on `npm install`)', () => {
    const oldest = declared
      .replace(/^>=\s*/, '')
      .split('.')
      .concat('0', '0')
      .slice(0, 3)
      .join('.');
    expect(oldest).toBe('20.19.0');
    const paths = shipped('apps/api');
    expect(paths).toContain('node_modules/fastify');
    const refusing = paths
      .map((path) => ({ path, version: lock.packages[path]?.version, node: lock.packages[path]?.engines?.node }))
      .filter(({ node }) => node !== undefined && !satisfies(oldest, node));
    expect(refusing).toEqual([]);
  });
});
