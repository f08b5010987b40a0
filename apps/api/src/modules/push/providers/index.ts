import type { DeviceProvider } from '@pult/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../../env';
import { fcmProvider, readFcmCredentials } from './fcm-provider';
import { hmsProvider } from './hms-provider';
import { logProvider } from './log-provider';
import type { PushProvider } from './provider';
import { type RoutingProvider, routingProvider } from './routing-provider';
import { ruStoreProvider } from './rustore-provider';
import { webPushProvider } from './webpush-provider';

/** The names PUSH_PROVIDER lists (env.ts checked them), each once. */
export const pushProviderNames = (value: string) => [
  ...new Set(
    value
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  ),
];

function oneFromEnv(name: DeviceProvider, env: Env): PushProvider {
  switch (name) {
    case 'fcm':
      if (!env.FCM_CREDENTIALS)
        throw new Error('PUSH_PROVIDER fcm needs FCM_CREDENTIALS (a service-account JSON file)');
      return fcmProvider({ credentials: readFcmCredentials(env.FCM_CREDENTIALS), baseUrl: env.FCM_BASE_URL });
    case 'webpush':
      if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY)
        throw new Error('PUSH_PROVIDER webpush needs VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY');
      return webPushProvider({
        publicKey: env.VAPID_PUBLIC_KEY,
        privateKey: env.VAPID_PRIVATE_KEY,
        subject: env.VAPID_SUBJECT,
      });
    case 'rustore':
      if (!env.RUSTORE_PROJECT_ID || !env.RUSTORE_SERVICE_TOKEN)
        throw new Error('PUSH_PROVIDER rustore needs RUSTORE_PROJECT_ID and RUSTORE_SERVICE_TOKEN');
      return ruStoreProvider({
        projectId: env.RUSTORE_PROJECT_ID,
        serviceToken: env.RUSTORE_SERVICE_TOKEN,
        baseUrl: env.RUSTORE_BASE_URL,
      });
    case 'hms':
      if (!env.HMS_APP_ID || !env.HMS_CLIENT_SECRET)
        throw new Error('PUSH_PROVIDER hms needs HMS_APP_ID and HMS_CLIENT_SECRET');
      return hmsProvider({
        appId: env.HMS_APP_ID,
        clientSecret: env.HMS_CLIENT_SECRET,
        baseUrl: env.HMS_BASE_URL,
        tokenUrl: env.HMS_TOKEN_URL,
      });
  }
}

/**
 * The providers PUSH_PROVIDER names, behind one router that sends each device's message through the
 * device's own provider (`log`, when named, takes the devices of providers that are not on). A
 * missing key fails the start, not the first send.
 */
export function providerFromEnv(env: Env, log: FastifyBaseLogger): RoutingProvider {
  const names = pushProviderNames(env.PUSH_PROVIDER);
  const providers = new Map<DeviceProvider, PushProvider>();
  for (const name of names)
    if (name !== 'log') providers.set(name as DeviceProvider, oneFromEnv(name as DeviceProvider, env));
  return routingProvider(providers, names.includes('log') ? logProvider(log) : undefined);
}

export { fcmProvider } from './fcm-provider';
export { hmsProvider } from './hms-provider';
export { logProvider } from './log-provider';
export type { PushMessage, PushProvider, PushResult } from './provider';
export { providerNameFor, type RoutingProvider, routingProvider } from './routing-provider';
export { ruStoreProvider } from './rustore-provider';
export { webPushProvider } from './webpush-provider';
