import { type Device, type RegisterDeviceBody, registerDeviceBody } from '@pult/contract';
import { notFound } from '../../lib/http-errors';
import { actorOf, type ServiceContext } from '../../lib/service-context';
import { pushRepository as repo } from './push-repository';
import { toDevice } from './reminder-row';

/** The planner app's side: its push tokens and the opens it reports. */
export const devicesService = {
  register: async (ctx: ServiceContext, input: RegisterDeviceBody): Promise<Device> => {
    const body = registerDeviceBody.parse(input);
    const now = ctx.clock.now();
    const row = await repo.upsertDevice(ctx.db, {
      userId: actorOf(ctx).userId,
      token: body.token,
      platform: body.platform,
      timeZone: body.timeZone ?? null,
      locale: body.locale ?? null,
      appVersion: body.appVersion ?? null,
      createdAt: now,
      lastSeenAt: now,
    });
    return toDevice(row);
  },

  remove: async (ctx: ServiceContext, token: string) => {
    if (!(await repo.removeDevice(ctx.db, actorOf(ctx).userId, token)))
      throw notFound('DEVICE_NOT_FOUND', 'Device not found');
    return { ok: true as const };
  },

  opened: async (ctx: ServiceContext, deliveryId: number) => {
    const done = await ctx.db.transaction((tx) =>
      repo.markOpened(tx, actorOf(ctx).userId, deliveryId, ctx.clock.now()),
    );
    if (!done) throw notFound('DELIVERY_NOT_FOUND', 'Delivery not found');
    return { ok: true as const };
  },
};
