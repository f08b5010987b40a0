import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { LocaleId } from '../../../config/theme-config';
import { DATE_FORMATS } from '../../../lib/format';
import type { PeriodProps } from './period-filter';

const DAY = 'YYYY-MM-DD';

/** The registration period as antd's RangePicker: its own chunk, loaded by `period-filter.tsx`. */
export const PeriodPicker = ({ from, to, onChange, autoFocus }: PeriodProps & { autoFocus: boolean }) => {
  const { t, i18n } = useTranslation();
  return (
    <DatePicker.RangePicker
      aria-label={t('users.filter.period')}
      placeholder={[t('users.filter.periodFrom'), t('users.filter.periodTo')]}
      format={DATE_FORMATS[i18n.language as LocaleId]}
      allowEmpty={[true, true]}
      // Focused on arrival when the person was already in the field: the picker opens as it would have.
      autoFocus={autoFocus}
      defaultOpen={autoFocus}
      className="users-period"
      value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
      onChange={(range) =>
        onChange({
          from: range?.[0] ? range[0].format(DAY) : null,
          to: range?.[1] ? range[1].format(DAY) : null,
        })
      }
    />
  );
};
