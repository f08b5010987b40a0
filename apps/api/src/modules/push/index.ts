import type { PultModule } from '../../pult-module';
import { pushClientRoutes } from './client-routes';
import { PUSH_DISPATCH_JOB, pushDispatchHandler } from './dispatcher';
import { remindersRoutes } from './push-routes';

/** The push module's public face: what it brings to the app, and its providers for the service deps. */
export type { DispatcherOptions } from './dispatcher';
export {
  logProvider,
  type PushMessage,
  type PushProvider,
  providerFromEnv,
  webPushProvider,
} from './providers';

export const pushModule: PultModule = {
  name: 'push',
  routes: [remindersRoutes, pushClientRoutes],
  jobs: ({ db, clock, log, deps }) => [
    {
      kind: PUSH_DISPATCH_JOB,
      handler: pushDispatchHandler({ db, clock, log, provider: deps.push, ...deps.pushDispatch }),
    },
  ],
};
