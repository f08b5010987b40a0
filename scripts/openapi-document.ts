/**
 * Writes the API's OpenAPI document to the file named by the first argument, or prints it. The app is
 * built as the server builds it (same plugins and routes) on an in-memory database, and never listens.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/api/src/app';
import { openDatabase } from '../apps/api/src/db/client';
import { loadEnv } from '../apps/api/src/env';
import { systemClock } from '../apps/api/src/lib/clock';

const dataDir = mkdtempSync(join(tmpdir(), 'pult-openapi-'));
try {
  const env = loadEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000' });
  const app = await buildApp({ env, database: await openDatabase({}), clock: systemClock, logger: false });
  await app.ready();
  const document = `${JSON.stringify(app.swagger(), null, 2)}\n`;
  await app.close();
  const target = process.argv[2];
  if (target) writeFileSync(target, document);
  else process.stdout.write(document);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
