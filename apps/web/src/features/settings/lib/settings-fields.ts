import type { TFunction } from 'i18next';
import { type FieldFormat, type FieldFormats, valueAs } from '../../../lib/revision-values';

/**
 * The settings' fields as the conflict dialog names them, by dotted path (lib/nested-fields): the label the
 * form shows and, where that label only makes sense under its heading («С», «В день»), the heading too.
 */
const SETTINGS_FIELD_LABELS: Partial<Record<string, readonly [field: string, section?: string]>> = {
  projectName: ['settings.fields.projectName'],
  supportContact: ['settings.fields.supportContact'],
  defaultTimeZone: ['settings.fields.defaultTimeZone'],
  'pushQuietHours.enabled': ['settings.fields.quietEnabled', 'settings.sections.quietHours'],
  'pushQuietHours.start': ['settings.fields.quietStart', 'settings.sections.quietHours'],
  'pushQuietHours.end': ['settings.fields.quietEnd', 'settings.sections.quietHours'],
  'pushAdvertisingCaps.perDay': ['settings.fields.capPerDay', 'settings.sections.advertisingCaps'],
  'pushAdvertisingCaps.perWeek': ['settings.fields.capPerWeek', 'settings.sections.advertisingCaps'],
  'promoActivationLimits.perUser': ['settings.fields.perUser', 'settings.sections.promoLimits'],
  'promoActivationLimits.perIp': ['settings.fields.perIp', 'settings.sections.promoLimits'],
  'promoActivationLimits.windowMinutes': ['settings.fields.windowMinutes', 'settings.sections.promoLimits'],
  'retention.pushDeliveriesMonths': ['settings.fields.pushDeliveriesMonths', 'settings.sections.retention'],
  'retention.signInsMonths': ['settings.fields.signInsMonths', 'settings.sections.retention'],
  'retention.auditMonths': ['settings.fields.auditMonths', 'settings.sections.retention'],
  'retention.revisionsMonths': ['settings.fields.revisionsMonths', 'settings.sections.retention'],
  secondFactorRequiredFor: ['settings.fields.secondFactor'],
  sessionIdleMinutes: ['settings.fields.sessionIdleMinutes'],
  'analytics.refunds': ['settings.fields.refunds', 'settings.sections.analytics'],
  'analytics.promoGrantsAsSubscribers': ['settings.fields.promoGrantsAsSubscribers', 'settings.sections.analytics'],
};

/** A settings field's name in the conflict dialog; a field added later without a label reads as its path. */
export const settingsFieldLabel = (path: string, t: TFunction): string => {
  const label = SETTINGS_FIELD_LABELS[path];
  if (!label) return path;
  const [field, section] = label;
  return section ? `${t(section)} · ${t(field)}` : t(field);
};

const role = valueAs.choice((value, t) => t(`roles.${value}`));
/** A number followed by its unit, as the form's field suffix shows it: «30 мин», «12 мес.». */
const withUnit =
  (unit: (t: TFunction) => string): FieldFormat =>
  (value, reader) =>
    typeof value === 'number' ? `${valueAs.number(value, reader)} ${unit(reader.t)}` : String(value);
const months = withUnit((t) => t('settings.retention.monthsUnit'));

/**
 * How the settings' values read in the conflict dialog, as the form shows them: roles and the refunds policy
 * in words, limits grouped, months with their unit; booleans read Да/Нет by default.
 */
export const SETTINGS_FIELD_VALUES: FieldFormats = {
  'pushAdvertisingCaps.perDay': valueAs.number,
  'pushAdvertisingCaps.perWeek': valueAs.number,
  'promoActivationLimits.perUser': valueAs.number,
  'promoActivationLimits.perIp': valueAs.number,
  'promoActivationLimits.windowMinutes': valueAs.number,
  'retention.pushDeliveriesMonths': months,
  'retention.signInsMonths': months,
  'retention.auditMonths': months,
  'retention.revisionsMonths': months,
  sessionIdleMinutes: withUnit((t) => t('settings.fields.minutesUnit')),
  secondFactorRequiredFor: (value, reader) =>
    Array.isArray(value) ? value.map((item) => role(item, reader)).join(', ') : String(value),
  'analytics.refunds': valueAs.choice((value, t) => t(`settings.refunds.${value}`)),
};
