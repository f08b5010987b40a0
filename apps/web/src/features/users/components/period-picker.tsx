import { DatePicker } from 'antd';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocaleId } from '../../../config/theme-config';
import { useDayRange } from '../../../lib/day-range';
import { DATE_FORMATS } from '../../../lib/format';
import type { PeriodProps } from './period-filter';

const DAY = 'YYYY-MM-DD';

/**
 * The registration period as antd's RangePicker: its own chunk, loaded by `period-filter.tsx`. The two
 * fields get a label each («Регистрация с», «Регистрация по»): an `aria-label` on the picker would name
 * both the same, which leaves a screen reader (and a test) unable to tell them apart.
 *
 * `typed` is what the person typed into the stand-in before the picker arrived: it is put into the first
 * field as if typed there (through the input's own setter and an `input` event, which is what React and
 * the picker listen to), so a date typed during the download still parses and applies with Enter.
 */
export const PeriodPicker = ({
  from,
  to,
  onChange,
  autoFocus,
  open,
  typed,
}: PeriodProps & { autoFocus: boolean; open: boolean; typed: string }) => {
  const { t, i18n } = useTranslation();
  const id = useId();
  const ids = { start: `${id}-from`, end: `${id}-to` };
  const value = useDayRange(from, to);
  // Only on arrival: later renders never type for the person again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only.
  useEffect(() => {
    const field = document.getElementById(ids.start);
    if (!typed || !(field instanceof HTMLInputElement)) return;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }, []);
  return (
    <>
      <label htmlFor={ids.start} className="sr-only">
        {t('users.filter.periodFrom')}
      </label>
      <label htmlFor={ids.end} className="sr-only">
        {t('users.filter.periodToName')}
      </label>
      <DatePicker.RangePicker
        id={ids}
        placeholder={[t('users.filter.periodFrom'), t('users.filter.periodTo')]}
        format={DATE_FORMATS[i18n.language as LocaleId]}
        allowEmpty={[true, true]}
        // Focused on arrival when the person was in the stand-in; open only if they pressed it (a Tab opens nothing).
        autoFocus={autoFocus}
        defaultOpen={open}
        className="users-period"
        value={value}
        onChange={(range) =>
          onChange({
            from: range?.[0] ? range[0].format(DAY) : null,
            to: range?.[1] ? range[1].format(DAY) : null,
          })
        }
      />
    </>
  );
};
