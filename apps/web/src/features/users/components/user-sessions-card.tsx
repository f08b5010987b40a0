import type { SessionItem, User } from '@pult/contract';
import { Button, Card, Flex, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LocaleId } from '../../../config/theme-config';
import { describeError } from '../../../lib/describe-error';
import { deviceName } from '../../../lib/device-name';
import { formatDateTime } from '../../../lib/format';
import { useEndAllUserSessions, useEndUserSession, useUserSessions } from '../api/user-sessions';
import './user-sessions-card.css';
import { useFeedback } from '../../../lib/feedback';

/**
 * «Сеансы» of a staff member, on their page, for an admin (issue 31): device, address, sign-in and
 * last activity of each, «Завершить» for one, «Завершить все» for every one (the server audits both).
 */
export const UserSessionsCard = ({ user }: { user: User }) => {
  const { t, i18n } = useTranslation();
  const { message } = useFeedback();
  const sessions = useUserSessions(user.id);
  const endOne = useEndUserSession(user.id);
  const endAll = useEndAllUserSessions(user.id);
  const locale = i18n.language as LocaleId;
  const items = sessions.data?.items ?? [];

  const deviceOf = (session: SessionItem) => {
    const device = deviceName(session.userAgent);
    return device ? `${device.browser}, ${device.os}` : t('userSessions.unknownDevice');
  };
  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      message.success(t(done));
    } catch (error) {
      message.error(describeError(error, t));
    }
  };

  return (
    <Card title={t('userSessions.title')} data-testid="user-sessions-card" className="user-sessions-card">
      {!sessions.data ? (
        sessions.error ? (
          describeError(sessions.error, t)
        ) : (
          <Skeleton active />
        )
      ) : items.length === 0 ? (
        <Typography.Text type="secondary">{t('userSessions.none')}</Typography.Text>
      ) : (
        <ul className="user-sessions" aria-label={t('userSessions.title')}>
          {items.map((session) => (
            <li key={session.id} className="user-session">
              <Flex gap="small" wrap align="center">
                <Typography.Text strong>{deviceOf(session)}</Typography.Text>
                {session.current ? <Tag color="green">{t('userSessions.current')}</Tag> : null}
              </Flex>
              <Typography.Text type="secondary">
                {t('userSessions.ip')}: {session.ip ?? '—'} · {t('userSessions.lastSeenAt')}:{' '}
                {formatDateTime(session.lastSeenAt, locale)}
              </Typography.Text>
              {session.current ? null : (
                <Button
                  size="small"
                  loading={endOne.isPending && endOne.variables === session.id}
                  aria-label={t('userSessions.endLabel', { device: deviceOf(session) })}
                  onClick={() => void act(() => endOne.mutateAsync(session.id), 'userSessions.ended')}
                >
                  {t('userSessions.end')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <Button
        danger
        block
        disabled={items.length === 0}
        loading={endAll.isPending}
        onClick={() => void act(() => endAll.mutateAsync(), 'userSessions.endedAll')}
      >
        {t('userSessions.endAll')}
      </Button>
    </Card>
  );
};
