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
