import { DEFAULT_ANALYTICS_POLICIES, type SettingsValues, settingsValues } from '@pult/contract';

/**
 * What a fresh installation runs with. The promo limits keep the values the redemption limiter was
 * built with: codes are 8+ characters from a 32-letter alphabet, so 10 wrong guesses per quarter
 * hour per account make guessing hopeless while a person mistyping a few times is never stopped.
 */
export const DEFAULT_SETTINGS: SettingsValues = {
  projectName: 'Pult',
  supportContact: 'support@pult.local',
  defaultTimeZone: 'Europe/Moscow',
  pushQuietHours: { enabled: false, start: '22:00', end: '09:00' },
  pushAdvertisingCaps: { perDay: null, perWeek: null },
  promoActivationLimits: { perUser: 10, perIp: 50, windowMinutes: 15 },
  // Deliveries are per device and grow with every push; sign-in records hold addresses. The audit
  // log is evidence, so it is kept for good unless an admin sets a period; so is the records' history.
  retention: { pushDeliveriesMonths: 6, signInsMonths: 12, auditMonths: null, revisionsMonths: null },
  // Nobody by default, so a fresh install signs in as the seed describes (product.md §8).
  secondFactorRequiredFor: [],
  sessionIdleMinutes: 30,
  // Refunds on their own day, promo grants among subscribers: the figures as they were before 0049.
  analytics: DEFAULT_ANALYTICS_POLICIES,
};

/**
 * The stored JSON over the defaults, key by key: a key that is missing, or was written by hand and
 * no longer validates, falls back to its default instead of breaking every reader.
 */
export function withDefaults(stored: unknown): SettingsValues {
  const source = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const result: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const [key, schema] of Object.entries(settingsValues.shape)) {
    const parsed = schema.safeParse(source[key]);
    if (parsed.success) result[key] = parsed.data;
  }
  return result as SettingsValues;
}
