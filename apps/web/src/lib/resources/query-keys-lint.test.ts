import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * The lint rule that keeps query keys in key factories (apps/web/lint/query-keys-from-factories.grit,
 * a Biome plugin `npm run lint` runs on apps/web/src): it refuses the literal forms and lets factory
 * calls through. Run on a probe file with only that rule, so the repository's other rules stay out.
 */
const repo = fileURLToPath(new URL('../../../../../', import.meta.url));
const rule = join(repo, 'apps/web/lint/query-keys-from-factories.grit');
const biome = join(repo, 'node_modules/.bin/biome');

const PROBE = `
const orders = { all: ['orders'] as const, one: (id: number) => ['orders', 'one', id] as const };
useQuery({ queryKey: ['users', 'list', { pushPicker: text }], queryFn });
useQuery({ queryKey: [...orders.all, 'summary'] as const, queryFn });
void queryClient.invalidateQueries({ queryKey: ['promo-codes', 'getGenerated', { id }] });
queryClient.setQueryData(['plans', 'one', 1], plan);
queryClient.getQueryData(['plans']);
useQuery({ queryKey: orders.one(1), queryFn });
void queryClient.invalidateQueries({ queryKey: orders.all });
queryClient.setQueryData(orders.one(2), order);
`;

describe('query keys only from key factories', () => {
  it('refuses every literal key and no factory call', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pult-query-keys-'));
    writeFileSync(join(dir, 'biome.json'), JSON.stringify({ root: true, plugins: [rule], linter: { rules: {} } }));
    writeFileSync(join(dir, 'probe.tsx'), PROBE);
    const output = await promisify(execFile)(biome, ['lint', '--reporter=json', 'probe.tsx'], { cwd: dir }).then(
      (done) => done.stdout,
      (failed: { stdout: string }) => failed.stdout,
    );
    const report = JSON.parse(output) as {
      diagnostics: { category: string; location: { start: { line: number } } }[];
    };
    const flagged = report.diagnostics.filter((d) => d.category === 'plugin').map((d) => d.location.start.line);
    // Lines of PROBE (line 1 is empty): the five literal keys, none of the three factory calls.
    expect(flagged.sort((a, b) => a - b)).toEqual([3, 4, 5, 6, 7]);
  });

  it('is on for the SPA’s sources (tests may build keys by hand)', () => {
    const config = JSON.parse(readFileSync(join(repo, 'biome.json'), 'utf8')) as {
      plugins?: { path: string; includes: string[] }[];
    };
    expect(config.plugins).toContainEqual({
      path: './apps/web/lint/query-keys-from-factories.grit',
      includes: ['apps/web/src/**/*.{ts,tsx}', '!apps/web/src/**/*.test.{ts,tsx}'],
    });
  });
});
