import { CalendarOutlined } from '@ant-design/icons';
// The base field alone (antd's index brings Search, TextArea, Password and OTP with it: issue 37).
import Input, { type InputRef } from 'antd/es/input/Input';
import { type ComponentType, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { importWithTimeout } from '../../../lib/lazy-with-timeout';
import type { UsersFilter } from '../list-params';

export interface PeriodProps {
  from: UsersFilter['from'];
  to: UsersFilter['to'];
  onChange: (patch: Pick<UsersFilter, 'from' | 'to'>) => void;
}

type Picker = ComponentType<PeriodProps & { autoFocus: boolean; open: boolean; typed: string }>;

/** Once downloaded, every later list draws the picker at once. */
let downloaded: Picker | null = null;
const download = () => importWithTimeout('period-picker', () => import('./period-picker').then((m) => m.PeriodPicker));

/**
 * The registration period. antd's RangePicker, with its date panel and the date library's parsing (37 kB
 * gzip), comes when the field is first pointed at or focused; until then a read-only field that looks the
 * same stands in. The stand-in stays mounted (and keeps the focus) while the picker downloads; the picker
 * replaces it only once it is here, and takes the focus in the same render if the stand-in had it, so the
 * focus never falls to the page. Its calendar opens on arrival only if the stand-in was pressed: tabbing
 * through the filters passes the field without a calendar popping up, as antd's picker does. A period already in the
 * address loads it at once. If the download fails, the stand-in stays, marked and saying why, and the next
 * pointing or focus asks again; the list is not affected. What is typed into the stand-in while the
 * picker downloads is not lost: the picker's first field starts with it.
 */
export const PeriodFilter = (props: PeriodProps) => {
  const { t } = useTranslation();
  const [picker, setPicker] = useState<{ Component: Picker; focus: boolean; open: boolean } | null>(() =>
    downloaded ? { Component: downloaded, focus: false, open: false } : null,
  );
  const [typed, setTyped] = useState('');
  const [failed, setFailed] = useState(false);
  const pending = useRef(false);
  // A press on the stand-in asks for the calendar; a Tab into it only for the field (as the picker itself does).
  const pressed = useRef(false);
  const standIn = useRef<InputRef>(null);

  const load = useCallback(() => {
    if (pending.current) return;
    pending.current = true;
    download().then(
      (Component) => {
        downloaded = Component;
        pending.current = false;
        const focus = standIn.current?.input != null && document.activeElement === standIn.current.input;
        setPicker({ Component, focus, open: focus && pressed.current });
      },
      () => {
        pending.current = false;
        setFailed(true);
      },
    );
  }, []);

  const hasPeriod = Boolean(props.from || props.to);
  useEffect(() => {
    if (hasPeriod && !downloaded) load();
  }, [hasPeriod, load]);

  if (picker)
    return (
      <picker.Component {...props} autoFocus={picker.focus} open={picker.open} typed={picker.focus ? typed : ''} />
    );
  return (
    <Input
      ref={standIn}
      value={typed}
      onChange={(event) => setTyped(event.target.value)}
      className="users-period"
      // Named as the picker's first field is: the one a click or Tab lands in.
      aria-label={t('users.filter.periodFrom')}
      // A dash, not the picker's arrow: it reads the same way in a right-to-left layout.
      placeholder={`${t('users.filter.periodFrom')} – ${t('users.filter.periodTo')}`}
      suffix={<CalendarOutlined aria-hidden />}
      // After a failed download: marked, and says why when pointed at; the next pointing or focus asks again.
      status={failed ? 'error' : undefined}
      title={failed ? t('errors.chunkText') : undefined}
      onPointerEnter={load}
      onPointerDown={() => {
        pressed.current = true;
      }}
      onFocus={load}
    />
  );
};
