import type { DeviceProvider } from '@pult/contract';
import type { PushMessage, PushProvider, PushResult } from './provider';

/** A provider that sends each message through the provider of the message's device. */
export interface RoutingProvider extends PushProvider {
  /** The provider a message goes through: its device's own, else the stand-in, else none (undefined). */
  route(provider: DeviceProvider): PushProvider | undefined;
}

/**
 * Several push services at once (product.md §8): each message goes through the provider its device
 * registered with, the groups in parallel, the answers back in the messages' order. A device whose
 * provider is not on goes through `standIn` (the `log` provider, when on: a development server sends
 * every device's pushes to its log) or, without one, fails as "provider not configured".
 */
export function routingProvider(
  providers: ReadonlyMap<DeviceProvider, PushProvider>,
  standIn?: PushProvider,
): RoutingProvider {
  const route = (provider: DeviceProvider) => providers.get(provider) ?? standIn;
  const names = [...providers.values(), ...(standIn ? [standIn] : [])].map((provider) => provider.name);
  return {
    name: names.join(','),
    route,
    async send(messages: PushMessage[]): Promise<PushResult[]> {
      const groups = new Map<PushProvider | undefined, number[]>();
      messages.forEach((message, index) => {
        const target = route(message.provider);
        groups.set(target, [...(groups.get(target) ?? []), index]);
      });
      const results = new Array<PushResult>(messages.length);
      await Promise.all(
        [...groups].map(async ([target, indexes]) => {
          if (!target) {
            for (const index of indexes)
              results[index] = {
                status: 'failed',
                reason: `provider not configured: ${messages[index]?.provider ?? ''}`,
              };
            return;
          }
          const answers = await target.send(indexes.map((index) => messages[index] as PushMessage));
          indexes.forEach((index, at) => {
            results[index] = answers[at] ?? { status: 'failed', reason: 'no answer' };
          });
        }),
      );
      return results;
    },
  };
}

/** The provider a message is counted under in the metrics: where it was really sent. */
export const providerNameFor = (provider: PushProvider, device: DeviceProvider): string =>
  'route' in provider ? ((provider as RoutingProvider).route(device)?.name ?? 'none') : provider.name;
