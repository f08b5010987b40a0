import type { PultModule } from '../../pult-module';
import { consentsClientRoutes } from './consents/client-routes';
import { consentsRoutes } from './consents/consents-routes';
import { pushClientRoutes } from './devices/client-routes';
import { PUSH_DISPATCH_JOB, pushDispatchHandler } from './dispatch/dispatcher';
import { remindersRoutes } from './reminders/reminders-routes';

/**
 * The push module's public face: what it brings to the app, and its providers for the service deps.
 * Its sub-modules, each in the module shape: reminders/ (staff's reminders), dispatch/ (the job that
 * delivers them, quiet hours, consent and caps per batch), devices/ (the planner app's push tokens and
 * opens), consents/ (consent to advertising and its proof) and providers/.
 */
export type { DispatcherOptions } from './dispatch/dispatcher';
export {
  hmsProvider,
  logProvider,
  type PushMessage,
  type PushProvider,
  providerFromEnv,
  routingProvider,
  ruStoreProvider,
  webPushProvider,
} from './providers';

export const pushModule: PultModule = {
  name: 'push',
  routes: [remindersRoutes, pushClientRoutes, consentsRoutes, consentsClientRoutes],
  jobKinds: [PUSH_DISPATCH_JOB],
  jobs: ({ db, clock, log, deps }) => [
    {
      kind: PUSH_DISPATCH_JOB,
      handler: pushDispatchHandler({
        db,
        clock,
        log,
        provider: deps.push,
        metrics: deps.metrics,
        ...deps.pushDispatch,
      }),
    },
  ],
};
