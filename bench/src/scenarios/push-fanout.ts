import pg from 'pg';
import { usersPath } from '../lib/api';
import { startLoad } from '../lib/load';
import { watchRss } from '../lib/rss';
import type { LoadScenario, MeasuredScenario } from './scenario';

/** The users list an admin keeps reading meanwhile, as the goal asks (20 req/s). */
const BACKGROUND_RATE = 20;

/**
 * One `all` push sent now, through whatever provider the server runs (`log`, or `fcm` against a
 * local fake): devices per second from the first to the last delivery, the server's memory growth,
 * and the users list's latency meanwhile. Devices/s is the reminder's `targeted` over the time from
 * creation until its status is `sent` (or `failed`), read every 200 ms.
 */
export const pushFanoutScenario: MeasuredScenario = {
  name: 'push-fanout-all',
  mode: { kind: 'measured' },
  target: { devicesPerSecondLog: 20_000, devicesPerSecondFcm: 3_000, rssGrowthMb: 100, concurrentP99Ms: 100 },
  notes: `POST /api/reminders/create-push-notification (type all, now), then GET /api/reminders/:id every 200 ms until sent; meanwhile GET /api/users?take=20&page=1 at ${BACKGROUND_RATE} req/s. RSS is the server's VmRSS (--server-pid). The goal is 20 000 devices/s with PUSH_PROVIDER=log, 3 000 with fcm against a local fake.`,
  async run({ options, api, token }) {
    const rss = options.serverPid ? await watchRss(options.serverPid) : undefined;
    const background = startLoad({
      url: options.url,
      request: { method: 'GET', path: usersPath(1), headers: { 'api-token': token } },
      connections: 5,
      durationSeconds: 3600,
      overallRate: BACKGROUND_RATE,
    });
    // A push to more than 100 000 devices asks for a fresh proof (issue 31): the password.
    await api.stepUp.confirm({ body: { password: options.password } });
    const started = performance.now();
    const created = await api.push.create({
      body: { title: 'Бенчмарк', body: 'Рассылка всем', type: 'all', scheduledAt: new Date().toISOString() },
    });
    let reminder = await api.push.get({ params: { id: created.id } });
    while (reminder.status === 'scheduled' || reminder.status === 'sending') {
      await new Promise((resolve) => setTimeout(resolve, 200));
      reminder = await api.push.get({ params: { id: created.id } });
    }
    const seconds = Math.round((performance.now() - started) / 10) / 100;
    background.stop();
    const users = await background.result;
    const memory = await rss?.stop();
    const devicesPerSecond = Math.round(reminder.targeted / seconds);
    return {
      measurements: {
        reminderId: reminder.id,
        status: reminder.status,
        targeted: reminder.targeted,
        sent: reminder.sent,
        failed: reminder.failed,
        seconds,
        devicesPerSecond,
        serverRss: memory ?? 'not measured: pass --server-pid',
        concurrentUsersPage1: {
          targetRate: BACKGROUND_RATE,
          perSecond: users.perSecond,
          latencyMs: users.latencyMs,
          errors: users.errors,
          non2xx: users.non2xx,
        },
      },
      met:
        reminder.status === 'sent' &&
        devicesPerSecond >= 3_000 &&
        (memory?.growthMb ?? Number.POSITIVE_INFINITY) <= 100 &&
        users.latencyMs.p99 <= 100 &&
        users.non2xx === 0,
    };
  },
};

/** The live count the create drawer asks for whenever the audience changes. */
export const pushAudienceCountScenario: LoadScenario = {
  name: 'push-audience-count',
  mode: { kind: 'fixed-rate' },
  target: { p99Ms: 100 },
  notes: 'POST /api/reminders/audience-count {type: subscribers}: the planner estimate above 10 000 devices.',
  request: ({ token }) => ({
    method: 'POST',
    path: '/api/reminders/audience-count',
    headers: { 'api-token': token, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'subscribers' }),
  }),
};

/** Of every hundred planner users, this many have a granted advertising consent (issue 34's bench). */
const CONSENTING_PERCENT = 60;
/** A stable pseudo-random 0..99 per id (Knuth's multiplicative hash), as the seed spreads its data. */
const pct = (column: string) => `((${column}::bigint * 2654435761) % 100)`;

/**
 * Issue 34: an `all` advertising push with consents on 60 % of planner users and the frequency caps
 * on, devices spread over the providers as the seed spreads them (web on Web Push, Android 25 % RuStore
 * and 10 % HMS, the rest FCM): the
 * consent and cap checks are one statement per batch, so devices/s should stay near the service push's
 * (`push-fanout-all`, run it in the same session for the ratio). Run the server with
 * `PUSH_PROVIDER=log` (every provider through the log), or `rustore,log` with RUSTORE_BASE_URL at a
 * local fake for the RuStore figure. Needs --database-url: the consents and providers are written there
 * first (idempotent), the caps set through the settings and put back after. For the RuStore figure alone,
 * put every device on RuStore by hand and run the server with `PUSH_PROVIDER=rustore` against
 * `bench/src/fake-push-service.ts`.
 */
export const pushFanoutAdvertisingScenario: MeasuredScenario = {
  name: 'push-fanout-advertising',
  mode: { kind: 'measured' },
  target: { devicesPerSecondLog: 10_000, devicesPerSecondRustore: 3_000, concurrentP99Ms: 100 },
  notes: `Consents granted for ${CONSENTING_PERCENT} % of planner users, caps 3 a day and 10 a week, devices spread over fcm/rustore/hms/webpush; POST /api/reminders/create-push-notification (type all, category advertising, now), then GET /api/reminders/:id every 200 ms until sent; meanwhile GET /api/users?take=20&page=1 at ${BACKGROUND_RATE} req/s. Devices/s counts every targeted device (sent and skipped). Goals: 10 000/s with log, 3 000/s through the RuStore fake.`,
  async run({ options, api, token }) {
    if (!options.databaseUrl) throw new Error('push-fanout-advertising needs --database-url (or BENCH_DATABASE_URL)');
    const db = new pg.Client({ connectionString: options.databaseUrl });
    await db.connect();
    try {
      await db.query(
        `INSERT INTO consents (user_id, type, granted, at, version)
         SELECT u.id, 'advertising', true, now() - interval '1 day', 'bench' FROM users u
         WHERE u.role = 'user' AND ${pct('u.id')} < ${CONSENTING_PERCENT}
           AND NOT EXISTS (SELECT 1 FROM consents c WHERE c.user_id = u.id)`,
      );
      // A seed from before devices carried their provider has every one on FCM: spread those. A newer
      // seed's spread (or one set by hand for a single provider's figure) is left as it is.
      await db.query(
        `UPDATE devices SET provider = CASE WHEN platform = 'web' THEN 'webpush'
           WHEN ${pct('id')} < 25 THEN 'rustore' WHEN ${pct('id')} < 35 THEN 'hms' ELSE 'fcm' END
         WHERE NOT EXISTS (SELECT 1 FROM devices WHERE provider <> 'fcm')`,
      );
      await db.query('ANALYZE consents; ANALYZE devices');
    } finally {
      await db.end();
    }
    const before = await api.settings.get();
    // Settings and a push to more than 100 000 devices ask for a fresh proof (issue 31): the password.
    await api.stepUp.confirm({ body: { password: options.password } });
    await api.settings.update({ body: { pushAdvertisingCaps: { perDay: 3, perWeek: 10 } } });
    const rss = options.serverPid ? await watchRss(options.serverPid) : undefined;
    const background = startLoad({
      url: options.url,
      request: { method: 'GET', path: usersPath(1), headers: { 'api-token': token } },
      connections: 5,
      durationSeconds: 3600,
      overallRate: BACKGROUND_RATE,
    });
    try {
      const started = performance.now();
      const created = await api.push.create({
        body: {
          title: 'Бенчмарк: реклама',
          body: 'Скидка для тех, кто согласился',
          type: 'all',
          category: 'advertising',
          scheduledAt: new Date().toISOString(),
        },
      });
      let reminder = await api.push.get({ params: { id: created.id } });
      while (reminder.status === 'scheduled' || reminder.status === 'sending') {
        await new Promise((resolve) => setTimeout(resolve, 200));
        reminder = await api.push.get({ params: { id: created.id } });
      }
      const seconds = Math.round((performance.now() - started) / 10) / 100;
      background.stop();
      const users = await background.result;
      const memory = await rss?.stop();
      const devicesPerSecond = Math.round(reminder.targeted / seconds);
      return {
        measurements: {
          reminderId: reminder.id,
          status: reminder.status,
          targeted: reminder.targeted,
          sent: reminder.sent,
          skipped: reminder.skipped,
          skippedBy: reminder.skippedBy,
          failed: reminder.failed,
          byProvider: reminder.byProvider,
          seconds,
          devicesPerSecond,
          serverRss: memory ?? 'not measured: pass --server-pid',
          concurrentUsersPage1: {
            targetRate: BACKGROUND_RATE,
            perSecond: users.perSecond,
            latencyMs: users.latencyMs,
            errors: users.errors,
            non2xx: users.non2xx,
          },
        },
        met:
          reminder.status === 'sent' && devicesPerSecond >= 3_000 && users.latencyMs.p99 <= 100 && users.non2xx === 0,
      };
    } finally {
      background.stop();
      await api.stepUp.confirm({ body: { password: options.password } });
      await api.settings.update({ body: { pushAdvertisingCaps: before.pushAdvertisingCaps } });
    }
  },
};
