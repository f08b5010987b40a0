import { z } from 'zod';
import { dbId, sortQuery } from './common';
import { DEEPLINK_RULE, isAllowedDeeplink } from './deeplink';
import { filter, instant, listQuery } from './list-query';

/**
 * FCM accepts 4 kB per message, but what a phone shows is shorter: Android cuts a title near 65
 * characters and a collapsed body near 240, iOS shows about 178 on the lock screen. Pult keeps to
 * what is seen, so the preview matches the phone.
 */
export const PUSH_TITLE_MAX = 65;
export const PUSH_BODY_MAX = 240;
export const PUSH_DEEPLINK_MAX = 512;
/** `users` audiences name at most this many users (bigger ones are `all`/`subscribers`). */
export const PUSH_USER_IDS_MAX = 1000;
/** A `scheduledAt` this far in the past still counts as "now" (the time the form took to send). */
export const PUSH_SCHEDULE_GRACE_MS = 60_000;
/** Above this many devices the screen asks for confirmation before scheduling. */
export const PUSH_CONFIRM_ABOVE = 10_000;

export const reminderTypes = ['all', 'subscribers', 'non-subscribers', 'users'] as const;
export const reminderType = z.enum(reminderTypes);
export type ReminderType = z.infer<typeof reminderType>;
export const reminderStatuses = ['scheduled', 'sending', 'sent', 'canceled', 'failed'] as const;
export const reminderStatus = z.enum(reminderStatuses);
export type ReminderStatus = z.infer<typeof reminderStatus>;
export const devicePlatforms = ['android', 'ios', 'web'] as const;
export const devicePlatform = z.enum(devicePlatforms);
export type DevicePlatform = z.infer<typeof devicePlatform>;
/** The push services a device's token may belong to (product.md §8); `log` is a server-side stand-in, not one. */
export const deviceProviders = ['fcm', 'webpush', 'rustore', 'hms'] as const;
export const deviceProvider = z.enum(deviceProviders);
export type DeviceProvider = z.infer<typeof deviceProvider>;
/** The provider a device registered without one is taken to use. */
export const defaultDeviceProvider = (platform: DevicePlatform): DeviceProvider =>
  platform === 'web' ? 'webpush' : 'fcm';
/** 38-FZ art. 18: an advertising push needs the recipient's prior consent, a service push does not. */
export const pushCategories = ['service', 'advertising'] as const;
export const pushCategory = z.enum(pushCategories);
export type PushCategory = z.infer<typeof pushCategory>;
/**
 * Why a delivery was not sent: no advertising consent or a frequency cap (when its batch came), or the
 * person fell in an A/B test's holdout, which receives nothing so the texts can be measured against silence.
 */
export const skipReasons = ['no_consent', 'cap_day', 'cap_week', 'holdout'] as const;
export const skipReason = z.enum(skipReasons);
export type SkipReason = z.infer<typeof skipReason>;

/** A path inside the app (/plans/3) or a planner:// or https:// link (deeplink.ts: never javascript: and the like). */
export const deeplink = z.string().trim().max(PUSH_DEEPLINK_MAX).refine(isAllowedDeeplink, { message: DEEPLINK_RULE });

export const reminderCounters = z.object({
  targeted: z.number().int(),
  /** Not sent on purpose when their batch came (no consent, a cap): `skippedBy` in the detail. */
  skipped: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  opened: z.number().int(),
});

/** A/B texts: the push's own text is variant 0 («A»); up to three more («B», «C», «D»). */
export const PUSH_VARIANTS_MAX = 4;
/** The longest test window before the winner may go to the rest of the audience. */
export const AB_TEST_HOURS_MAX = 72;
/** At most this share of the audience is held out (receives nothing). */
export const AB_HOLDOUT_MAX = 50;

/** An A/B push as stored and shown: the texts beside the push's own, the split, and the winner once chosen. */
export const abState = z.object({
  /** Texts B, C, D (the push's own `title`/`body` are A). */
  variants: z.array(z.object({ title: z.string(), body: z.string() })),
  /** Percent of the audience per text, A first. */
  split: z.array(z.number().int()),
  /** Percent of the audience that receives nothing. */
  holdout: z.number().int(),
  /** Hours after the first delivery when the winner may go to the rest; null when there is no rest. */
  testHours: z.number().int().nullable(),
  /** The variant sent to the rest, once staff chose it. */
  winner: z.number().int().nullable(),
});
export type AbState = z.infer<typeof abState>;

export const reminder = reminderCounters.extend({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  type: reminderType,
  category: pushCategory,
  userIds: z.array(z.number().int()).nullable(),
  deeplink: z.string().nullable(),
  scheduledAt: z.string(),
  localTime: z.boolean(),
  /** The zone it was scheduled in (the default time zone of the settings then): its wall clock is read there. */
  timeZone: z.string(),
  status: reminderStatus,
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
  /** Null unless the push tests texts against each other. */
  ab: abState.nullable(),
});
export type Reminder = z.infer<typeof reminder>;

/** One text of an A/B push with how it did: the open rate of what was sent, with a 95 % Wilson interval. */
export const variantResult = reminderCounters.extend({
  variant: z.number().int(),
  title: z.string(),
  body: z.string(),
  /** Percent of the audience it was planned for (the winner's row counts the rest it was sent to too). */
  share: z.number().int(),
  /** opened / sent, null before anything was sent. */
  openRate: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
});
export type VariantResult = z.infer<typeof variantResult>;

export const reminderDetail = reminder.extend({
  /** Deliveries not yet sent or failed (waiting for their time, a retry, or the next batch). */
  pending: z.number().int(),
  byPlatform: z.array(reminderCounters.extend({ platform: devicePlatform })),
  /** The funnel per provider: targeted → skipped → sent → failed → opened. */
  byProvider: z.array(reminderCounters.extend({ provider: deviceProvider })),
  skippedBy: z.array(z.object({ reason: skipReason, count: z.number().int() })),
  failures: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  /** A/B pushes: the funnel per text; empty otherwise. */
  byVariant: z.array(variantResult),
  /** Deliveries of an A/B push's rest, waiting for the winner. */
  held: z.number().int(),
  /** When the winner may go to the rest (the first delivery plus the test window); null before the start or without a rest. */
  testEndsAt: z.string().nullable(),
});
export type ReminderDetail = z.infer<typeof reminderDetail>;

export const reminderSortFields = ['scheduledAt'] as const;

/** The seed fixes `startDate`/`endDate` (scheduled from / to, both included) where other lists say `from`/`to`. */
export const remindersQuery = listQuery({
  startDate: filter.instant(),
  endDate: filter.instant(),
  type: filter.oneOf(reminderType),
  status: filter.oneOf(reminderStatus),
  /** `reminders_scheduled_idx` (scheduled_at, id) serves both directions; the newest first by default. */
  sort: sortQuery(reminderSortFields).default('scheduledAt:desc'),
});

const title = z.string().trim().min(1).max(PUSH_TITLE_MAX);
const body = z.string().trim().min(1).max(PUSH_BODY_MAX);

/** User ids belong to the `users` audience, which needs at least one (the audience preview and the create form share the rule). */
function checkAudienceUserIds(b: { type: string; userIds?: number[] | undefined }, ctx: z.RefinementCtx): void {
  if (b.type !== 'users' && b.userIds !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['userIds'],
      message: 'only for the `users` audience',
      params: { code: 'not_allowed' },
    });
  }
  if (b.type === 'users' && (b.userIds?.length ?? 0) === 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['userIds'],
      message: 'required for the `users` audience',
      params: { code: 'required' },
    });
  }
}

const percent = (max: number) => z.number().int().min(0).max(max);

/**
 * A/B setup on creation. `split` gives A and each of `variants` a share (1–100 %); `holdout` receives
 * nothing; what is left is the rest, which waits until staff send it the winner after `testHours`
 * (required exactly when there is a rest).
 */
export const abSetup = z
  .object({
    variants: z
      .array(z.object({ title, body }))
      .min(1)
      .max(PUSH_VARIANTS_MAX - 1),
    split: z.array(percent(100).min(1)).min(2).max(PUSH_VARIANTS_MAX),
    holdout: percent(AB_HOLDOUT_MAX).default(0),
    testHours: z.number().int().min(1).max(AB_TEST_HOURS_MAX).nullable().default(null),
  })
  .superRefine((ab, ctx) => {
    if (ab.split.length !== ab.variants.length + 1)
      ctx.addIssue({
        code: 'custom',
        path: ['split'],
        message: 'one share per text: A and each variant',
        params: { code: 'invalid' },
      });
    const rest = 100 - ab.split.reduce((sum, share) => sum + share, 0) - ab.holdout;
    if (rest < 0)
      ctx.addIssue({
        code: 'custom',
        path: ['split'],
        message: 'the shares and the holdout add up to more than 100 %',
        params: { code: 'too_big' },
      });
    else if (rest > 0 !== (ab.testHours !== null))
      ctx.addIssue({
        code: 'custom',
        path: ['testHours'],
        message: rest > 0 ? 'required when part of the audience waits for the winner' : 'only when there is a rest',
        params: { code: rest > 0 ? 'required' : 'not_allowed' },
      });
  });
export type AbSetup = z.input<typeof abSetup>;

/** The share of an A/B audience that waits for the winner. */
export const abRest = (ab: { split: number[]; holdout: number }) =>
  100 - ab.split.reduce((sum, share) => sum + share, 0) - ab.holdout;

/** Staff send the rest of an A/B audience one text (usually the leader's). */
export const sendWinnerBody = z.object({
  variant: z
    .number()
    .int()
    .min(0)
    .max(PUSH_VARIANTS_MAX - 1),
});
export type SendWinnerBody = z.infer<typeof sendWinnerBody>;

export const audienceBody = z
  .object({
    type: reminderType,
    userIds: z.array(dbId).min(1).max(PUSH_USER_IDS_MAX).optional(),
    category: pushCategory.default('service'),
  })
  .superRefine(checkAudienceUserIds);
export type AudienceBody = z.input<typeof audienceBody>;

export const audienceCount = z.object({
  users: z.number().int(),
  devices: z.number().int(),
  /** Users of the audience an advertising push would skip: their latest advertising consent is not granted (0 for service). */
  withoutConsent: z.number().int(),
  /** True when the counts are the planner's estimate (large audiences): shown as «≈». */
  isEstimate: z.boolean(),
});
export type AudienceCount = z.infer<typeof audienceCount>;

export const createReminderBody = z
  .object({
    title,
    body,
    type: reminderType,
    /** Service unless staff choose advertising, which goes only to users who consented. */
    category: pushCategory.default('service'),
    userIds: z.array(dbId).min(1).max(PUSH_USER_IDS_MAX).optional(),
    deeplink: deeplink.nullable().optional(),
    scheduledAt: instant,
    /** Deliver at the same wall-clock time (as scheduled in the default time zone) in each device's own zone. */
    localTime: z.boolean().default(false),
    /** Test texts against each other: the push's own text is A. */
    ab: abSetup.nullable().optional(),
  })
  .superRefine(checkAudienceUserIds);
export type CreateReminderBody = z.input<typeof createReminderBody>;

export const testSendBody = z.object({ title, body, deeplink: deeplink.nullable().optional(), userId: dbId });
export const testSendResult = z.object({
  devices: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  results: z.array(
    z.object({
      deviceId: z.number().int(),
      platform: devicePlatform,
      status: z.string(),
      reason: z.string().nullable(),
    }),
  ),
});
export type TestSendResult = z.infer<typeof testSendResult>;

export const registerDeviceBody = z.object({
  token: z.string().trim().min(1).max(4096),
  platform: devicePlatform,
  /** The push service that issued the token; by platform when left out (web: `webpush`, else `fcm`). */
  provider: deviceProvider.optional(),
  timeZone: z
    .string()
    .trim()
    .max(64)
    .refine(
      (zone) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      },
      { message: 'an IANA time zone such as Europe/Moscow' },
    )
    .nullable()
    .optional(),
  locale: z.string().trim().max(35).nullable().optional(),
  appVersion: z.string().trim().max(50).nullable().optional(),
});
export type RegisterDeviceBody = z.input<typeof registerDeviceBody>;

export const device = z.object({
  id: z.number().int(),
  platform: devicePlatform,
  provider: deviceProvider,
  timeZone: z.string().nullable(),
  locale: z.string().nullable(),
  appVersion: z.string().nullable(),
  enabled: z.boolean(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export type Device = z.infer<typeof device>;

export const deviceTokenParam = z.object({ token: z.string().min(1).max(4096) });
export const deliveryIdParam = z.object({ deliveryId: dbId });

export const consentTypes = ['advertising'] as const;
export const consentType = z.enum(consentTypes);
export type ConsentType = z.infer<typeof consentType>;

/** The planner app records a consent given or withdrawn (product.md §8); appended, the latest counts. */
export const recordConsentBody = z.object({
  type: consentType,
  granted: z.boolean(),
  /** The version of the consent wording the user saw (e.g. `2026-02`). */
  version: z.string().trim().min(1).max(50).optional(),
  /** The planner app's version; the X-App-Version header is read when this is left out. */
  appVersion: z.string().trim().min(1).max(50).optional(),
});
export type RecordConsentBody = z.input<typeof recordConsentBody>;

export const userConsent = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  type: consentType,
  granted: z.boolean(),
  at: z.string(),
  version: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  appVersion: z.string().nullable(),
});
export type UserConsent = z.infer<typeof userConsent>;

/** A user's consents, newest first; `advertising` is the latest one's answer (false when there is none). */
export const userConsents = z.object({ advertising: z.boolean(), items: z.array(userConsent) });
export type UserConsents = z.infer<typeof userConsents>;

export * from './push-placeholders';
