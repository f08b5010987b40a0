import { type Device, defaultDeviceProvider, type RegisterDeviceBody, registerDeviceBody } from '@pult/contract';
import { notFound, rateLimited } from '../../../lib/http-errors';
import { reserveAttempt } from '../../../lib/rate-limit';
import { actorOf, type ServiceContext } from '../../../lib/service-context';
import { DEVICE_MOVES_PER_USER, deviceMovesKey } from './device-moves';
import { toDevice } from './device-row';
import { devicesRepository as repo } from './devices-repository';

/** The planner app's side: its push tokens and the opens it reports. */
export const devicesService = {
  register: async (ctx: ServiceContext, input: RegisterDeviceBody): Promise<Device> => {
    const body = registerDeviceBody.parse(input);
    const now = ctx.clock.now();
    const userId = actorOf(ctx).userId;
    const values = {
      userId,
      token: body.token,
      platform: body.platform,
      provider: body.provider ?? defaultDeviceProvider(body.platform),
      timeZone: body.timeZone ?? null,
      locale: body.locale ?? null,
      appVersion: body.appVersion ?? null,
      createdAt: now,
      lastSeenAt: now,
    };
    const own = await repo.upsertOwnDevice(ctx.db, values);
    if (own) return toDevice(own);
    // The token is another user's: a move (device-moves.ts), limited and audited in one transaction.
    const moved = await ctx.db.transaction(async (tx) => {
      const previous = await repo.lockDeviceByToken(tx, body.token);
      const from = previous && previous.userId !== userId ? previous.userId : null;
      if (from !== null) {
        const reservation = await reserveAttempt(tx, deviceMovesKey(userId), DEVICE_MOVES_PER_USER, now);
        if (!reservation.allowed) throw rateLimited(reservation.retryAfter, 'Too many devices moved, try again later');
      }
      const row = await repo.upsertDevice(tx, values);
      if (from !== null)
        await ctx.audit(
          { action: 'move-device', entity: 'device', entityId: row.id, before: { userId: from }, after: { userId } },
          tx,
        );
      return row;
    });
    return toDevice(moved);
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
