import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../../env';
import { fcmProvider, readFcmCredentials } from './fcm-provider';
import { logProvider } from './log-provider';
import type { PushProvider } from './provider';
import { webPushProvider } from './webpush-provider';

/** The provider PUSH_PROVIDER names; a missing key fails the start, not the first send. */
export function providerFromEnv(env: Env, log: FastifyBaseLogger): PushProvider {
  if (env.PUSH_PROVIDER === 'fcm') {
    if (!env.FCM_CREDENTIALS) throw new Error('PUSH_PROVIDER=fcm needs FCM_CREDENTIALS (a service-account JSON file)');
    return fcmProvider({ credentials: readFcmCredentials(env.FCM_CREDENTIALS), baseUrl: env.FCM_BASE_URL });
  }
  if (env.PUSH_PROVIDER === 'webpush') {
    if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY)
      throw new Error('PUSH_PROVIDER=webpush needs VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY');
    return webPushProvider({
      publicKey: env.VAPID_PUBLIC_KEY,
      privateKey: env.VAPID_PRIVATE_KEY,
      subject: env.VAPID_SUBJECT,
    });
  }
  return logProvider(log);
}

export { fcmProvider } from './fcm-provider';
export { logProvider } from './log-provider';
export type { PushMessage, PushProvider, PushResult } from './provider';
export { webPushProvider } from './webpush-provider';
