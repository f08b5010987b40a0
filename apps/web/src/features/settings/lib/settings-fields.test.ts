import { beforeAll, describe, expect, it } from 'vitest';
import { addFeatureTexts, i18n, initI18n } from '../../../lib/i18n';
import { fieldValue } from '../../../lib/revision-values';
import { SETTINGS_FIELD_VALUES, settingsFieldLabel } from './settings-fields';

beforeAll(async () => {
  await initI18n('ru');
  await addFeatureTexts(['settings'], 'ru');
});

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const reader = () => ({ t: i18n.t.bind(i18n), locale: i18n.language as 'ru' });
const read = (field: string, value: unknown) => plain(fieldValue(field, value, SETTINGS_FIELD_VALUES, reader()));

describe('the settings’ conflict dialog reads as the settings form', () => {
  it('names a field under its heading where the label alone says little', () => {
    expect(settingsFieldLabel('pushQuietHours.start', i18n.t.bind(i18n))).toBe('Тихие часы для пушей · С');
    expect(settingsFieldLabel('projectName', i18n.t.bind(i18n))).toBe('Название проекта');
  });

  it('shows roles, units, numbers and yes/no in words', () => {
    expect(read('secondFactorRequiredFor', ['admin', 'editor'])).toBe('Администратор, Редактор');
    expect(read('sessionIdleMinutes', 30)).toBe('30 мин');
    expect(read('retention.auditMonths', 12)).toBe('12 мес.');
    expect(read('retention.auditMonths', null)).toBe('—');
    expect(read('promoActivationLimits.perIp', 10000)).toBe('10 000');
    expect(read('pushQuietHours.enabled', true)).toBe('Да');
    expect(read('analytics.refunds', 'onRefundDay')).toBe('В день возврата: прошедшие дни не меняются');
  });
});
