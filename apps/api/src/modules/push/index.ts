/** The push module's public face: app.ts, the client module and the jobs plugin import from here only. */

export { devicesService } from './devices-service';
export { type DispatcherOptions, PUSH_DISPATCH_JOB, pushDispatchHandler } from './dispatcher';
export {
  fcmProvider,
  logProvider,
  type PushMessage,
  type PushProvider,
  type PushResult,
  providerFromEnv,
  webPushProvider,
} from './providers';
export { remindersRoutes } from './push-routes';
