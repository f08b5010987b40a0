import { CalendarOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '../../../components/error-boundary';
import { renewableLazy } from '../../../lib/lazy-with-timeout';
import type { UsersFilter } from '../list-params';

export interface PeriodProps {
  from: UsersFilter['from'];
  to: UsersFilter['to'];
  onChange: (patch: Pick<UsersFilter, 'from' | 'to'>) => void;
}

const picker = renewableLazy('period-picker', () => import('./period-picker').then((m) => m.PeriodPicker));

/**
 * The registration period. antd's RangePicker, with its date panel and the date library's parsing (37 kB
 * gzip), comes when the field is first pointed at or focused; until then a read-only field that looks the
 * same stands in, and keeps standing while the picker arrives (focused on arrival if the person was already in
 * the field, so it opens as it would have). A period already in the address loads it at once. If the picker
 * does not arrive, the stand-in stays and the next pointing or focus asks again; the list is not affected.
 */
export const PeriodFilter = (props: PeriodProps) => {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const [entered, setEntered] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const standIn = (retry?: () => void) => (
    <Input
      readOnly
      className="users-period"
      aria-label={t('users.filter.period')}
      // A dash, not the picker's arrow: it reads the same way in a right-to-left layout.
      placeholder={`${t('users.filter.periodFrom')} – ${t('users.filter.periodTo')}`}
      suffix={<CalendarOutlined aria-hidden />}
      // After a failed download: marked, and says why when pointed at; the next pointing or focus asks again.
      status={retry ? 'error' : undefined}
      title={retry ? t('errors.chunkText') : undefined}
      onPointerEnter={() => (retry ? retry() : setWanted(true))}
      onFocus={() => {
        if (retry) retry();
        setWanted(true);
        setEntered(true);
      }}
    />
  );
  if (!wanted && !props.from && !props.to) return standIn();
  const retry = () => {
    picker.renew();
    setAttempt((n) => n + 1);
  };
  return (
    <ErrorBoundary key={attempt} fallback={() => standIn(retry)}>
      <Suspense fallback={standIn()}>
        <picker.Component {...props} autoFocus={entered} />
      </Suspense>
    </ErrorBoundary>
  );
};
