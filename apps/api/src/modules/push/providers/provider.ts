import type { DevicePlatform, DeviceProvider, PushCategory } from '@pult/contract';

export interface PushMessage {
  /** The delivery row, sent along so the app can report the open; null for a test send. */
  deliveryId: number | null;
  token: string;
  platform: DevicePlatform;
  /** The push service that issued the token: the message goes through it (routing-provider.ts). */
  provider: DeviceProvider;
  /** Service or advertising: HMS files advertising as MARKETING (at most 2 a device a day there). */
  category: PushCategory;
  title: string;
  body: string;
  deeplink: string | null;
  /** The reminder id: a resend after a crash replaces the first copy on the phone instead of adding one. */
  collapseKey: string;
}

/** What the provider's answer means for the delivery and the device. */
export type PushResult =
  | { status: 'sent' }
  /** The token is dead (404/410, UNREGISTERED): the device is disabled. */
  | { status: 'unregistered'; reason: string }
  /** 429 and 5xx: try again later, not before `retryAfterMs` when the provider said so. */
  | { status: 'retry'; reason: string; retryAfterMs?: number }
  /** 400 and the like: this message will never go through. */
  | { status: 'failed'; reason: string };

export interface PushProvider {
  readonly name: string;
  /** One result per message, in order; never throws for a single message's failure. */
  send(messages: PushMessage[]): Promise<PushResult[]>;
}

/** Reads `Retry-After` (seconds or an HTTP date) as milliseconds from now. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Runs `work` over `items` with at most `limit` in flight, results in input order. */
export async function mapLimit<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  });
  await Promise.all(lanes);
  return results;
}
