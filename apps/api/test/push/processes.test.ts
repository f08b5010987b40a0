import type { ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startApiProcess } from '../helpers/api-process';
import { scratchPostgresDatabase, testDbKind } from '../helpers/test-database';

/**
 * Real API processes (`tsx src/server.ts`) on one PostgreSQL database, sending through a local fake
 * FCM that answers slowly (so a send takes seconds) and counts every message it gets, per token.
 */
const DEVICES = 4000;

describe.skipIf(testDbKind !== 'postgres')('push dispatch across real processes (PostgreSQL)', () => {
  const scratch = scratchPostgresDatabase('push');
  let sql: pg.Client;
  let fake: Server;
  let fakeUrl = '';
  const received = new Map<string, number>();
  /** The titles each token was sent (an A/B push's device must get its person's text, every time). */
  const titles = new Map<string, Set<string>>();
  const total = () => [...received.values()].reduce((a, b) => a + b, 0);
  const children: ChildProcess[] = [];
  let credentials = '';

  beforeAll(async () => {
    await scratch.create();
    sql = new pg.Client({ connectionString: scratch.url });
    await sql.connect();
    await sql.query(
      `INSERT INTO users (email, role) SELECT 'planner' || n || '@pult.test', 'user' FROM generate_series(1, ${DEVICES / 2}) n`,
    );
    await sql.query(
      `INSERT INTO devices (user_id, token, platform)
       SELECT u.id, 'tok-' || u.id || '-' || k, 'android' FROM users u CROSS JOIN generate_series(1, 2) k`,
    );
    fake = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => {
        if (request.url === '/token') {
          response.end(JSON.stringify({ access_token: 'fake', expires_in: 3600 }));
          return;
        }
        const { message } = JSON.parse(Buffer.concat(chunks).toString());
        const token = message.token as string;
        received.set(token, (received.get(token) ?? 0) + 1);
        titles.set(token, (titles.get(token) ?? new Set()).add(message.notification?.title as string));
        setTimeout(() => response.end('{}'), 40);
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const address = fake.address();
    fakeUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    credentials = join(mkdtempSync(join(tmpdir(), 'pult-fcm-')), 'sa.json');
    writeFileSync(
      credentials,
      JSON.stringify({
        project_id: 'p',
        client_email: 'e@p.iam.gserviceaccount.com',
        private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        token_uri: `${fakeUrl}/token`,
      }),
    );
  }, 300_000);

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await sql?.end();
    fake?.close();
    await scratch.drop();
  });

  /** Starts one API process sending through the fake FCM, and resolves once it listens. */
  async function startApi(): Promise<ChildProcess> {
    const { child } = await startApiProcess({
      DATABASE_URL: scratch.url,
      ADMIN_EMAIL: 'admin@pult.test',
      ADMIN_PASSWORD: 'long enough password',
      PUSH_PROVIDER: 'fcm',
      FCM_CREDENTIALS: credentials,
      FCM_BASE_URL: fakeUrl,
    });
    children.push(child);
    return child;
  }

  /** A push to everyone, due now, with its dispatch job (`ab`: the A/B document, decision 0045). */
  async function scheduleNow(ab: object | null = null): Promise<number> {
    const { rows } = await sql.query<{ id: number }>(
      `INSERT INTO reminders (title, body, type, scheduled_at, ab) VALUES ('Тест', 'Процессы', 'all', now(), $1) RETURNING id`,
      [ab === null ? null : JSON.stringify(ab)],
    );
    const id = rows[0]?.id ?? 0;
    await sql.query(`INSERT INTO jobs (kind, subject_id, run_at) VALUES ('push-dispatch', $1, now())`, [id]);
    return id;
  }

  /**
   * Bounds for liveness, not speed: generous, because a clean-clone run on a machine at load 20–25 took
   * over two minutes to start two processes and send (they failed at 120 s; the quiet CI box needs ~20 s).
   */
  const waitFor = async (what: () => Promise<boolean> | boolean, timeoutMs: number) => {
    const until = Date.now() + timeoutMs;
    while (!(await what())) {
      if (Date.now() > until) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  /** The check after a send: one delivery row per device, every row sent. */
  const deliveryRows = async (id: number) =>
    (
      await sql.query(
        `SELECT count(*)::int AS rows, count(DISTINCT device_id)::int AS devices,
                count(*) FILTER (WHERE state = 'sent')::int AS sent
         FROM push_deliveries WHERE reminder_id = $1`,
        [id],
      )
    ).rows[0];

  const status = async (id: number) =>
    (await sql.query<{ status: string }>('SELECT status FROM reminders WHERE id = $1', [id])).rows[0]?.status;

  /** Stops the test's processes however it ends: one left running after a timeout sent the next test's pushes too. */
  const stopAtEnd = (...processes: ChildProcess[]) =>
    onTestFinished(() => {
      for (const child of processes) if (child.exitCode === null) child.kill('SIGKILL');
    });

  it('two processes send one reminder once to every device', async () => {
    const [a, b] = await Promise.all([startApi(), startApi()]);
    stopAtEnd(a, b);
    received.clear();
    const id = await scheduleNow();
    await waitFor(async () => (await status(id)) === 'sent', 400_000);
    expect(await deliveryRows(id)).toEqual({ rows: DEVICES, devices: DEVICES, sent: DEVICES });
    expect(received.size).toBe(DEVICES);
    expect([...received.values()].every((n) => n === 1)).toBe(true);
  }, 600_000);

  it('a process killed with -9 halfway: another finishes, one row per device, only the lost batch resent', async () => {
    received.clear();
    const first = await startApi();
    stopAtEnd(first);
    const id = await scheduleNow();
    await waitFor(() => total() >= DEVICES / 3, 240_000);
    first.kill('SIGKILL');
    const atKill = total();
    expect(atKill).toBeLessThan(DEVICES);
    // The job's lease (30 s) has to run out before another process may take the reminder over.
    const second = await startApi();
    stopAtEnd(second);
    await waitFor(async () => (await status(id)) === 'sent', 400_000);
    expect(await deliveryRows(id)).toEqual({ rows: DEVICES, devices: DEVICES, sent: DEVICES });
    expect(received.size).toBe(DEVICES);
    const twice = [...received.values()].filter((n) => n > 1);
    // At most the batch in flight when the process died (1000 rows) is sent a second time, never a third.
    expect(twice.length).toBeLessThanOrEqual(1000);
    expect(twice.every((n) => n === 2)).toBe(true);
  }, 900_000);

  it('an A/B push killed with -9 halfway: each device one delivery with its person’s text; holdout and rest get nothing', async () => {
    received.clear();
    titles.clear();
    const first = await startApi();
    stopAtEnd(first);
    // Texts A and B to 40 % each, 10 % held out, the last 10 % waiting for the winner.
    const id = await scheduleNow({
      variants: [{ title: 'Тест B', body: 'Процессы B' }],
      split: [40, 40],
      holdout: 10,
      testHours: 24,
      winner: null,
    });
    await waitFor(() => total() >= DEVICES / 4, 240_000);
    first.kill('SIGKILL');
    expect(total()).toBeLessThan(DEVICES * 0.8);
    const second = await startApi();
    stopAtEnd(second);
    await waitFor(async () => (await status(id)) === 'sent', 400_000);

    const { rows } = await sql.query<{ token: string; user_id: number; state: string; variant: number | null }>(
      `SELECT d.token, d.user_id, pd.state, pd.variant
       FROM push_deliveries pd JOIN devices d ON d.id = pd.device_id WHERE pd.reminder_id = $1`,
      [id],
    );
    expect(rows).toHaveLength(DEVICES);
    expect(new Set(rows.map((row) => row.token)).size).toBe(DEVICES);
    const sent = rows.filter((row) => row.state === 'sent');
    const byState = (state: string) => rows.filter((row) => row.state === state).length;
    // Every device of the tested share was sent; the holdout and the rest were not (±5 points of hashing).
    expect(sent.length + byState('skipped') + byState('held')).toBe(DEVICES);
    expect(sent.length / DEVICES).toBeGreaterThan(0.75);
    expect(sent.length / DEVICES).toBeLessThan(0.85);
    expect(byState('skipped')).toBeGreaterThan(0);
    expect(byState('held')).toBeGreaterThan(0);
    expect(sent.every((row) => row.variant === 0 || row.variant === 1)).toBe(true);
    // The fake got exactly the sent devices, each only the text its delivery row names, even when resent.
    expect(new Set(received.keys())).toEqual(new Set(sent.map((row) => row.token)));
    for (const row of sent) expect([...(titles.get(row.token) ?? [])]).toEqual([row.variant === 0 ? 'Тест' : 'Тест B']);
    // All of a person's phones got one text.
    const variantOf = new Map<number, Set<number | null>>();
    for (const row of rows) variantOf.set(row.user_id, (variantOf.get(row.user_id) ?? new Set()).add(row.variant));
    expect([...variantOf.values()].every((variants) => variants.size === 1)).toBe(true);
    const twice = [...received.values()].filter((n) => n > 1);
    expect(twice.length).toBeLessThanOrEqual(1000);
    expect(twice.every((n) => n === 2)).toBe(true);
  }, 900_000);
});
