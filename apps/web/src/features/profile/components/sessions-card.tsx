import type { SessionItem } from '@pult/contract';
import { Button, Card, Flex, Skeleton, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { LocaleId } from '../../../config/theme-config';
import { describeError } from '../../../lib/describe-error';
import { deviceName } from '../../../lib/device-name';
import { useFeedback } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useEndOtherSessions, useEndSession, useMySessions } from '../api/security';

const deviceText = (session: SessionItem, t: TFunction) => {
  const device = deviceName(session.userAgent);
  return device
    ? t('profile.sessions.deviceOn', { browser: device.browser, os: device.os })
    : t('profile.sessions.unknownDevice');
};

/** «Сеансы»: where one is signed in, with "end" for each other device and for all of them at once. */
export const SessionsCard = () => {
  const { t, i18n } = useTranslation();
  const { message } = useFeedback();
  const sessions = useMySessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const locale = i18n.language as LocaleId;
  const items = sessions.data?.items ?? [];
  const others = items.filter((item) => !item.current).length;

  const endOne = async (session: SessionItem) => {
    try {
      await end.mutateAsync(session.id);
      message.success(t('profile.sessions.ended'));
    } catch (error) {
      message.error(describeError(error, t));
    }
  };
  const endTheRest = async () => {
    try {
      const { ended } = await endOthers.mutateAsync();
      message.success(t('profile.sessions.endedOthers', { count: ended }));
    } catch (error) {
      message.error(describeError(error, t));
    }
  };

  return (
    <Card title={t('profile.sessions.title')} className="profile-account" data-testid="sessions-card">
      <Typography.Paragraph type="secondary">{t('profile.sessions.hint')}</Typography.Paragraph>
      {!sessions.data ? (
        sessions.error ? (
          describeError(sessions.error, t)
        ) : (
          <Skeleton active />
        )
      ) : (
        <ul className="profile-sessions" aria-label={t('profile.sessions.title')}>
          {items.map((session) => {
            const device = deviceText(session, t);
            return (
              <li key={session.id} className="profile-session">
                <div>
                  <Flex gap="small" wrap align="center">
                    <Typography.Text strong>{device}</Typography.Text>
                    {session.current ? <Tag color="green">{t('profile.sessions.current')}</Tag> : null}
                  </Flex>
                  <Typography.Text type="secondary" className="profile-session-meta">
                    {t('profile.sessions.ip')}: {session.ip ?? '—'} · {t('profile.sessions.createdAt')}:{' '}
                    {formatDateTime(session.createdAt, locale)} · {t('profile.sessions.lastSeenAt')}:{' '}
                    {formatDateTime(session.lastSeenAt, locale)}
                  </Typography.Text>
                </div>
                {session.current ? null : (
                  <Button
                    onClick={() => void endOne(session)}
                    loading={end.isPending && end.variables === session.id}
                    aria-label={t('profile.sessions.endLabel', { device })}
                  >
                    {t('profile.sessions.end')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Button danger disabled={others === 0} loading={endOthers.isPending} onClick={() => void endTheRest()}>
        {t('profile.sessions.endOthers')}
      </Button>
    </Card>
  );
};
