import { z } from 'zod';
import { analyticsPolicies } from '../analytics-policies';
import { defineEndpoint } from '../endpoint';
import { recordVersion } from '../versions';
import { singletonHistoryEndpoints } from './revisions';

// The counting policies are a group of the settings; exported from here, with the settings' contract.
export * from '../analytics-policies';

/** `HH:MM`, 00:00–23:59. */
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/** An IANA time zone the runtime knows (`Europe/Moscow`). */
export const timeZone = z
  .string()
  .min(1)
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  });

export const quietHours = z.object({
  enabled: z.boolean(),
  /**
   * Pushes due from `start` to `end` on the recipient's clock (the device's zone, else the default
   * time zone) wait until `end`; the window may cross midnight.
   */
  start: clockTime,
  end: clockTime,
});

/**
 * At most this many advertising pushes a person gets per day and per week (Monday to Sunday), counted
 * on their own clock; null: no cap. Service pushes are never capped, nor counted.
 */
export const advertisingCaps = z.object({
  perDay: z.number().int().min(1).max(100).nullable(),
  perWeek: z.number().int().min(1).max(700).nullable(),
});
export type AdvertisingCaps = z.infer<typeof advertisingCaps>;

/** Failed promo redemptions allowed per planner account and per address within the window. */
export const promoActivationLimits = z.object({
  perUser: z.number().int().min(1).max(1000),
  perIp: z.number().int().min(1).max(100_000),
  windowMinutes: z.number().int().min(1).max(1440),
});

/** Months old rows are kept; null keeps them for good. */
const keptMonths = z.number().int().min(1).max(120).nullable();

/**
 * How long old rows are kept before the retention job deletes them: push deliveries (per device, of
 * pushes finished that long ago; a push's own counters stay), sign-in records (the audit log's sign-ins
 * and sign-outs) and, when set (off by default), every audit event and the records' history (revisions;
 * never a record's latest one, docs/decisions/0047).
 */
export const retentionSettings = z.object({
  pushDeliveriesMonths: keptMonths,
  signInsMonths: keptMonths,
  auditMonths: keptMonths,
  // Added after the others: settings saved before it have none, and keep all the history.
  revisionsMonths: keptMonths.default(null),
});
export type RetentionSettings = z.infer<typeof retentionSettings>;

/** Staff roles that must sign in with a second factor (product.md §8); empty: nobody. */
export const secondFactorPolicy = z.array(z.enum(['admin', 'editor'])).max(2);

export const settingsValues = z.object({
  projectName: z.string().trim().min(1).max(80),
  supportContact: z.string().trim().min(1).max(200),
  defaultTimeZone: timeZone,
  pushQuietHours: quietHours,
  pushAdvertisingCaps: advertisingCaps,
  promoActivationLimits,
  retention: retentionSettings,
  secondFactorRequiredFor: secondFactorPolicy,
  /** A staff session without a request for this long ends (ASVS 7.3.1). */
  sessionIdleMinutes: z.number().int().min(5).max(1440),
  /**
   * How the dashboard counts refunds and promo grants (docs/decisions/0049). Settings saved before it have
   * none and read the defaults (no `.default()` here: inside the partial update body it would overwrite it).
   */
  analytics: analyticsPolicies,
});
export type SettingsValues = z.infer<typeof settingsValues>;

export const systemSettings = settingsValues
  .extend({
    updatedAt: z.string().nullable(),
    updatedBy: z.number().int().nullable(),
    /** 1 while nothing was ever saved (the defaults). */
    version: recordVersion,
  })
  .meta({ id: 'SystemSettings' });
export type SystemSettings = z.infer<typeof systemSettings>;

/** Any subset of the values; a nested group (quiet hours, limits, retention, analytics) is replaced whole. */
export const updateSettingsBody = settingsValues.partial().strict();
export type UpdateSettingsBody = z.infer<typeof updateSettingsBody>;

/** System settings, stored in the database: admins only. */
export const settingsEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/common/settings',
    operationId: 'getSettings',
    summary: 'The system settings',
    tag: 'settings',
    access: ['admin'],
    response: systemSettings,
    errors: [],
    versioned: true,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/common/settings',
    operationId: 'updateSettings',
    summary: 'Change system settings',
    description: 'Audit-logged with before and after. Every API process sees the change within a second.',
    tag: 'settings',
    access: ['admin'],
    body: updateSettingsBody,
    response: systemSettings,
    errors: [],
    versioned: true,
  }),
  // Their history (docs/decisions/0036): admins only, as the settings themselves. A restore is a change of
  // the settings like any other, so it needs the same fresh proof (403 STEP_UP_REQUIRED, decision 0044).
  ...singletonHistoryEndpoints({
    path: '/common/settings',
    name: 'Settings',
    noun: 'the settings',
    tag: 'settings',
    access: ['admin'],
    record: systemSettings,
    restoreErrors: [400, 404, 412],
  }),
};
