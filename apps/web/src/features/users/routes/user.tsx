import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { isStaffRole, type User } from '@pult/contract';
import { Button, Card, Col, Flex, Result, Row, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { ResultHeading } from '../../../components/result-heading';
import { useBreadcrumbLabel } from '../../../lib/breadcrumb-label';
import { describeError, errorCodeOf, errorKey } from '../../../lib/describe-error';
import { displayName } from '../../../lib/person-name';
import { useUser } from '../api/get-user';
import { UserActionsCard } from '../components/user-actions-card';
import { UserEditCard } from '../components/user-edit-card';
import { UserHistoryCard } from '../components/user-history-card';
import { UserProfileCard } from '../components/user-profile-card';
import { UserSessionsCard } from '../components/user-sessions-card';
import { UserSubscriptionsCard } from '../components/user-subscriptions-card';
import { UserTimelineCard } from '../components/user-timeline-card';
import { USERS_PATH } from '../paths';
import { useCanManageUsers } from '../use-can-manage';
import '../users.css';

/** Cards other features add to the page (composed in app/, since features do not import each other). */
export interface UserPageSlots {
  /** Below the actions, in the narrow column. */
  side?: (user: User, canManage: boolean) => ReactNode;
  /** Below the subscriptions, in the wide column. */
  main?: (user: User, canManage: boolean) => ReactNode;
}

/** `/app/users/:id`: one user: profile and avatar, data form, actions, subscriptions and the grant, and the slots' cards. */
export const UserPage = ({ slots = {} }: { slots?: UserPageSlots }) => {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const userId = Number(id);
  const canManage = useCanManageUsers();
  const query = useUser(userId);
  // A user that cannot be shown still gets a named crumb rather than a placeholder that never resolves.
  useBreadcrumbLabel(query.data?.email ?? (query.isError ? t('breadcrumbs.notFound') : undefined));
  const backLink = (
    // A button that navigates, not a button inside a link (nested interactive elements).
    <Button key="back" icon={<ArrowLeftOutlined />} onClick={() => navigate(USERS_PATH)}>
      {t('users.page.back')}
    </Button>
  );

  if (
    !Number.isInteger(userId) ||
    userId <= 0 ||
    (query.isError && ['USER_NOT_FOUND', 'NOT_FOUND'].includes(errorCodeOf(query.error)))
  ) {
    return (
      <Result status="404" title={<ResultHeading>{t(errorKey('USER_NOT_FOUND'))}</ResultHeading>} extra={backLink} />
    );
  }
  if (query.isError) {
    return (
      <Result
        status="error"
        title={<ResultHeading>{t('users.page.loadError')}</ResultHeading>}
        subTitle={describeError(query.error, t)}
        extra={[
          backLink,
          <Button key="retry" type="primary" icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
            {t('users.list.retry')}
          </Button>,
        ]}
      />
    );
  }
  if (!query.data) {
    return (
      <Card>
        <Skeleton active avatar paragraph={{ rows: 8 }} />
      </Card>
    );
  }

  const user = query.data;
  return (
    <>
      <Flex align="center" gap="middle" className="user-page-head">
        <PageTitle>{displayName(user)}</PageTitle>
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8} xxl={6}>
          <UserProfileCard user={user} canEdit={canManage} />
          {canManage ? <UserActionsCard user={user} /> : null}
          {canManage && isStaffRole(user.role) ? <UserSessionsCard user={user} /> : null}
          {slots.side?.(user, canManage)}
        </Col>
        <Col xs={24} lg={16} xxl={18}>
          <UserEditCard user={user} canEdit={canManage} />
          <UserSubscriptionsCard user={user} canGrant={canManage} />
          {slots.main?.(user, canManage)}
          <UserTimelineCard userId={user.id} email={user.email} />
          <UserHistoryCard userId={user.id} canRestore={canManage} />
        </Col>
      </Row>
    </>
  );
};
