import {
  type AudienceBody,
  type AudienceCount,
  audienceBody,
  type CreateReminderBody,
  createReminderBody,
  PUSH_SCHEDULE_GRACE_MS,
  type Reminder,
  type ReminderDetail,
  remindersQuery,
  type SendWinnerBody,
  sendWinnerBody,
  type TestSendResult,
  testSendBody,
  zoneOffsetMs,
} from '@pult/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { badRequest, conflict, notFound } from '../../../lib/http-errors';
import { countRows, moreRowsThan } from '../../../lib/page-count';
import { actorOf, type ServiceContext } from '../../../lib/service-context';
import { requireStepUp, STEP_UP_ABOVE } from '../../../lib/step-up';
import { cancelJob, enqueueJob } from '../../jobs';
import { currentSettings } from '../../settings';
import { testEndsAt, variantResults } from '../ab/ab-results';
import { devicesRepository } from '../devices/devices-repository';
import { PUSH_DISPATCH_JOB } from '../dispatch/dispatcher';
import { afterQuietHours } from '../dispatch/quiet-hours';
import { latestAdvertisingConsent } from '../dispatch/skips';
import { toReminder } from './reminder-row';
import { audienceDevices, remindersRepository as repo } from './reminders-repository';
import { pushBreakdown } from './sending-breakdown';

/** The earliest clocks on Earth (Kiribati, UTC+14). */
const EARLIEST_OFFSET_MS = 14 * 3600_000;

/**
 * How long before its scheduled instant a local-time push starts: its first wave goes where clocks
 * are furthest ahead of the zone it was scheduled in (11 hours for Moscow).
 */
const localTimeLeadMs = (zone: string, at: Date) => EARLIEST_OFFSET_MS - zoneOffsetMs(zone, at);

const reminderNotFound = () => notFound('REMINDER_NOT_FOUND', 'Push notification not found');

async function checkUsers(ctx: ServiceContext, userIds: number[] | undefined) {
  if (!userIds) return;
  const found = new Set(await repo.existingPlannerUsers(ctx.db, userIds));
  if (userIds.some((id) => !found.has(id)))
    throw badRequest('BAD_REQUEST', 'Some users do not exist or are not planner users', { userIds: 'not_found' });
}

/** Composing, targeting, scheduling and following push notifications (staff side). */
export const remindersService = {
  list: async (ctx: ServiceContext, input: z.input<typeof remindersQuery>) => {
    const query = remindersQuery.parse(input);
    const { rows, count } = await repo.list(ctx.db, query, query.take, (query.page - 1) * query.take);
    return { items: rows.map(toReminder), count };
  },

  get: async (ctx: ServiceContext, id: number): Promise<ReminderDetail> => {
    const row = await repo.find(ctx.db, id);
    if (!row) throw reminderNotFound();
    const { groups, skipped, failures, variants } = await pushBreakdown(ctx.db, ctx.clock.now(), row);
    const ab = row.ab;
    const counters = (g: (typeof groups)[number]) => ({
      targeted: Number(g.targeted),
      skipped: Number(g.skipped),
      sent: Number(g.sent),
      failed: Number(g.failed),
      opened: Number(g.opened),
    });
    const platforms = groups.filter((g) => g.platform !== null);
    return {
      ...toReminder(row),
      pending: platforms.reduce((n, p) => n + Number(p.pending), 0),
      byPlatform: platforms.map((p) => ({
        platform: p.platform as ReminderDetail['byPlatform'][number]['platform'],
        ...counters(p),
      })),
      byProvider: groups
        .filter((g) => g.provider !== null)
        .map((g) => ({ provider: g.provider as ReminderDetail['byProvider'][number]['provider'], ...counters(g) })),
      skippedBy: skipped.map((s) => ({
        reason: s.reason as ReminderDetail['skippedBy'][number]['reason'],
        count: Number(s.count),
      })),
      failures: failures.map((f) => ({ reason: f.reason, count: Number(f.count) })),
      byVariant: ab ? variantResults({ title: row.title, body: row.body, ab }, variants) : [],
      held: variants.reduce((n, v) => n + Number(v.held), 0),
      testEndsAt: ab ? (testEndsAt(ab, row.startedAt)?.toISOString() ?? null) : null,
    };
  },

  create: async (ctx: ServiceContext, input: CreateReminderBody): Promise<Reminder> => {
    const body = createReminderBody.parse(input);
    const now = ctx.clock.now();
    const scheduledAt = new Date(body.scheduledAt);
    if (scheduledAt.getTime() < now.getTime() - PUSH_SCHEDULE_GRACE_MS)
      throw badRequest('BAD_REQUEST', 'scheduledAt is in the past', { scheduledAt: 'too_small' });
    await checkUsers(ctx, body.userIds);
    // A push to a big audience needs a fresh proof (issue 31): counted exactly up to the line, not estimated.
    if (body.type !== 'users' && (await moreRowsThan(ctx.db, audienceDevices(body.type, null, now), STEP_UP_ABOVE)))
      await requireStepUp(ctx);
    const { defaultTimeZone } = await currentSettings(ctx);
    const row = await ctx.db.transaction(async (tx) => {
      const row = await repo.insert(tx, {
        title: body.title,
        body: body.body,
        type: body.type,
        category: body.category,
        userIds: body.type === 'users' ? [...new Set(body.userIds)] : null,
        deeplink: body.deeplink ?? null,
        scheduledAt,
        localTime: body.localTime,
        timeZone: defaultTimeZone,
        ab: body.ab ? { ...body.ab, winner: null } : null,
        createdBy: actorOf(ctx).userId,
        createdAt: now,
      });
      const lead = body.localTime ? localTimeLeadMs(defaultTimeZone, scheduledAt) : 0;
      const runAt = new Date(scheduledAt.getTime() - lead);
      await enqueueJob(tx, { kind: PUSH_DISPATCH_JOB, subjectId: row.id, runAt, requestId: ctx.requestId });
      await ctx.audit({ action: 'create', entity: 'reminder', entityId: row.id, after: toReminder(row) }, tx);
      return row;
    });
    return toReminder(row);
  },

  cancel: (ctx: ServiceContext, id: number): Promise<Reminder> =>
    ctx.db.transaction(async (tx) => {
      const before = await repo.lock(tx, id);
      if (!before) throw reminderNotFound();
      if (before.status !== 'scheduled' && before.status !== 'sending')
        throw conflict('REMINDER_NOT_CANCELABLE', `A ${before.status} push notification cannot be canceled`);
      const row = await repo.update(tx, id, { status: 'canceled', finishedAt: ctx.clock.now() });
      if (!row) throw reminderNotFound();
      await cancelJob(tx, PUSH_DISPATCH_JOB, id);
      await ctx.audit(
        {
          action: 'cancel',
          entity: 'reminder',
          entityId: id,
          before: { status: before.status },
          after: { status: 'canceled' },
        },
        tx,
      );
      return toReminder(row);
    }),

  /**
   * The rest of an A/B audience gets one text, once the test window has passed: its held deliveries
   * take the variant and become due now (after quiet hours on each recipient's clock), and the dispatch
   * job runs again. Consent and caps are checked as each batch goes, as for any push.
   */
  sendWinner: async (ctx: ServiceContext, id: number, input: SendWinnerBody): Promise<Reminder> => {
    const { variant } = sendWinnerBody.parse(input);
    const { pushQuietHours } = await currentSettings(ctx);
    return ctx.db.transaction(async (tx) => {
      const before = await repo.lock(tx, id);
      if (!before) throw reminderNotFound();
      const ab = before.ab;
      if (!ab || ab.testHours === null || ab.winner !== null || before.status === 'canceled' || !before.targetedAt)
        throw conflict('AB_NOTHING_TO_SEND', 'This push has no A/B rest waiting for a winner');
      if (variant > ab.variants.length)
        throw badRequest('BAD_REQUEST', 'No such variant in this push', { variant: 'invalid' });
      const now = ctx.clock.now();
      const ends = testEndsAt(ab, before.startedAt);
      if (!ends || ends.getTime() > now.getTime())
        throw conflict('AB_TEST_RUNNING', 'The test window has not ended yet');
      const zone = sql`coalesce(z.name, ${before.timeZone})`;
      await tx.execute(
        sql`UPDATE push_deliveries p SET state = 'pending', variant = ${variant},
              due_at = ${afterQuietHours(sql`${now}::timestamptz`, zone, pushQuietHours)}
            FROM devices d LEFT JOIN (SELECT name FROM pg_timezone_names) z ON z.name = d.time_zone
            WHERE p.reminder_id = ${id} AND p.state = 'held' AND d.id = p.device_id`,
      );
      const row = await repo.update(tx, id, {
        ab: { ...ab, winner: variant },
        status: 'sending',
        finishedAt: null,
      });
      if (!row) throw reminderNotFound();
      await enqueueJob(tx, { kind: PUSH_DISPATCH_JOB, subjectId: id, runAt: now, requestId: ctx.requestId });
      await ctx.audit(
        {
          action: 'send-winner',
          entity: 'reminder',
          entityId: id,
          before: { winner: null },
          after: { winner: variant },
        },
        tx,
      );
      return toReminder(row);
    });
  },

  audienceCount: async (ctx: ServiceContext, input: AudienceBody): Promise<AudienceCount> => {
    const body = audienceBody.parse(input);
    const devicesQuery = audienceDevices(body.type, body.userIds ?? null, ctx.clock.now());
    const devices = await countRows(ctx.db, devicesQuery);
    const users = await countRows(ctx.db, sql`SELECT DISTINCT a.user_id FROM (${devicesQuery}) a`);
    // What the dispatcher would skip if the batches went now: the audience's users without a granted consent.
    const withoutConsent =
      body.category === 'advertising'
        ? await countRows(
            ctx.db,
            sql`SELECT a.user_id FROM (SELECT DISTINCT a.user_id FROM (${devicesQuery}) a) a
                WHERE NOT ${latestAdvertisingConsent(sql`a.user_id`)}`,
          )
        : { count: 0, isEstimate: false };
    return {
      devices: devices.count,
      users: Math.min(users.count, devices.count),
      withoutConsent: Math.min(withoutConsent.count, users.count),
      isEstimate: devices.isEstimate || users.isEstimate || withoutConsent.isEstimate,
    };
  },

  testSend: async (ctx: ServiceContext, input: z.input<typeof testSendBody>): Promise<TestSendResult> => {
    const body = testSendBody.parse(input);
    const provider = ctx.deps.push;
    const [user] = await repo.existingPlannerUsers(ctx.db, [body.userId]);
    if (user === undefined) throw notFound('USER_NOT_FOUND', 'User not found');
    const devices = await devicesRepository.userDevices(ctx.db, body.userId);
    if (devices.length === 0) throw conflict('NO_DEVICES', 'The user has no enabled device');
    const answers = await provider.send(
      devices.map((device) => ({
        deliveryId: null,
        token: device.token,
        platform: device.platform,
        provider: device.provider,
        category: 'service' as const,
        title: body.title,
        body: body.body,
        deeplink: body.deeplink ?? null,
        collapseKey: `test-${ctx.clock.now().getTime()}`,
      })),
    );
    const results = devices.map((device, index) => {
      const answer = answers[index] ?? { status: 'failed' as const, reason: 'no answer' };
      return {
        deviceId: device.id,
        platform: device.platform,
        status: answer.status,
        reason: answer.status === 'sent' ? null : answer.reason,
      };
    });
    const sent = results.filter((r) => r.status === 'sent').length;
    await ctx.audit({
      action: 'test-send',
      entity: 'user',
      entityId: body.userId,
      after: { title: body.title, body: body.body, deeplink: body.deeplink ?? null, provider: provider.name, sent },
    });
    return { devices: devices.length, sent, failed: results.length - sent, results };
  },
};
