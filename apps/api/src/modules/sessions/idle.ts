import type { ServiceContext } from '../../lib/service-context';
import { currentSettings } from '../settings';

/** The moment before which a staff session's last request means it has ended idle (the setting, ASVS 7.3.1). */
export async function staffIdleSince(ctx: Pick<ServiceContext, 'db' | 'clock'>): Promise<Date> {
  const { sessionIdleMinutes } = await currentSettings(ctx);
  return new Date(ctx.clock.now().getTime() - sessionIdleMinutes * 60_000);
}
