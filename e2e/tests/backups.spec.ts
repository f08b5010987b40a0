import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ACCOUNTS } from '../accounts';
import { expect, test } from '../fixtures';

const root = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

/**
 * The settings screen shows the latest backup (issue 33 item 4): `npm run backup`, as an operator runs it
 * beside the running server, asks the server for a copy of its embedded database (the control socket),
 * and the screen then shows that archive's time, size and name.
 */
test('the settings screen shows the latest backup, made by npm run backup beside the running server', async ({
  page,
  login,
}) => {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('the global set-up did not say where the server keeps its data (E2E_DATA_DIR)');
  const folder = mkdtempSync(join(tmpdir(), 'pult-e2e-backup-'));
  const archive = join(folder, `pult-e2e-${Date.now()}.tar.gz`);
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'apps/api/src/cli/backup.ts', '--out', archive],
      {
        cwd: root,
        env,
      },
    );
    expect(stdout).toContain('Backup written');
    const bytes = statSync(archive).size;
    const big = bytes >= 1_048_576;
    // The size as the screen writes it in Russian: «3,5 МБ».
    const size = new Intl.NumberFormat('ru', {
      style: 'unit',
      unit: big ? 'megabyte' : 'kilobyte',
      unitDisplay: 'short',
      maximumFractionDigits: 1,
    }).format(big ? bytes / 1_048_576 : bytes / 1024);

    await login(ACCOUNTS.admin);
    await page.goto('/app/common/settings');
    await expect(page.getByText('Резервные копии')).toBeVisible();
    const latest = page.getByRole('row', { name: /Последняя копия/ });
    await expect(latest).toContainText(size);
    await expect(latest).toContainText('командой');
    await expect(page.getByRole('row', { name: /Архив/ })).toContainText(basename(archive));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
