import type { BackupStatus } from '@pult/contract';
import { Card, Descriptions, type DescriptionsProps, Skeleton, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { LocaleId } from '../../../config/theme-config';
import { describeError } from '../../../lib/describe-error';
import { formatDateTime } from '../../../lib/format';
import { useBackupStatus } from '../api/settings-queries';

/** An archive's size in the reader's language: kilobytes below a megabyte, megabytes above. */
const formatSize = (bytes: number, locale: LocaleId) => {
  const megabytes = bytes >= 1_048_576;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(megabytes ? bytes / 1_048_576 : bytes / 1024);
};

const items = (status: BackupStatus, t: TFunction, locale: LocaleId) => {
  const { lastSuccess, lastFailure, schedule } = status;
  const list: DescriptionsProps['items'] = [
    {
      key: 'last',
      label: t('settings.backups.last'),
      children: lastSuccess
        ? t('settings.backups.lastValue', {
            date: formatDateTime(lastSuccess.at, locale),
            size: formatSize(lastSuccess.sizeBytes, locale),
            trigger: t(`settings.backups.trigger.${lastSuccess.trigger}`),
          })
        : t('settings.backups.never'),
    },
  ];
  if (lastSuccess?.file) list.push({ key: 'file', label: t('settings.backups.file'), children: lastSuccess.file });
  if (lastFailure)
    list.push({
      key: 'failure',
      label: t('settings.backups.failure'),
      children: (
        <Typography.Text type="danger">
          {t('settings.backups.failureValue', {
            date: formatDateTime(lastFailure.at, locale),
            error: lastFailure.error,
          })}
        </Typography.Text>
      ),
    });
  list.push({
    key: 'schedule',
    label: t('settings.backups.schedule'),
    children: schedule
      ? t('settings.backups.scheduleValue', { cron: schedule.cron, keep: schedule.keep })
      : t('settings.backups.noSchedule'),
  });
  if (schedule?.nextRunAt)
    list.push({
      key: 'next',
      label: t('settings.backups.next'),
      children: formatDateTime(schedule.nextRunAt, locale),
    });
  return list;
};

/** The settings screen's backup card: the latest backup's time and size, a failure since, the schedule. */
export const BackupStatusCard = () => {
  const { t, i18n } = useTranslation();
  const status = useBackupStatus();
  const locale = i18n.language as LocaleId;
  return (
    <Card title={t('settings.backups.title')} className="settings-backups">
      {status.data ? (
        <>
          <Descriptions column={1} size="small" items={items(status.data, t, locale)} />
          <Typography.Paragraph type="secondary" className="settings-backups-hint">
            {t('settings.backups.hint')}
          </Typography.Paragraph>
        </>
      ) : status.error ? (
        describeError(status.error, t)
      ) : (
        <Skeleton active />
      )}
    </Card>
  );
};
