import type { LimitRule } from '../../../lib/rate-limit';
import type { ServiceContext } from '../../../lib/service-context';
import { currentSettings } from '../../settings';

/**
 * Failed redemptions allowed per planner account and per address, from the system settings (an
 * admin tunes them while watching abuse; the defaults and why they are safe live with the settings).
 */
export async function activationLimits(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
): Promise<{ perUser: LimitRule; perIp: LimitRule }> {
  const { promoActivationLimits: limits } = await currentSettings(ctx);
  const windowMs = limits.windowMinutes * 60_000;
  return { perUser: { max: limits.perUser, windowMs }, perIp: { max: limits.perIp, windowMs } };
}
