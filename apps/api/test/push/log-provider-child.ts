// Run by log-provider.test.ts as a process of its own: five batches of 1000 through the provider the
// server builds for PUSH_PROVIDER=log, with the server's logger, each followed by what the dispatcher
// does next (mark the batch sent in the database; here a log line standing for it), then a kill -9
// of itself before the event loop turns again.
import Fastify from 'fastify';
import { loadEnv } from '../../src/env';
import { loggerOptions } from '../../src/lib/logger-options';
import { type PushMessage, providerFromEnv } from '../../src/modules/push';

const env = loadEnv({ PUSH_PROVIDER: 'log', LOG_LEVEL: 'info' });
const app = Fastify({ logger: loggerOptions(env, undefined) });
const provider = providerFromEnv(env, app.log);
for (let batch = 0; batch < 5; batch++) {
  const messages: PushMessage[] = Array.from({ length: 1000 }, (_, i) => ({
    deliveryId: batch * 1000 + i + 1,
    token: `token-${i}`,
    platform: 'android',
    provider: 'fcm',
    category: 'service',
    title: 'Проверка',
    body: 'kill -9',
    deeplink: null,
    collapseKey: 'reminder-1',
  }));
  const results = await provider.send(messages);
  app.log.info({ batch, sent: results.length }, 'batch marked sent');
}
process.kill(process.pid, 'SIGKILL');
