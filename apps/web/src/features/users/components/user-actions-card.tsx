import { DeleteOutlined, LockOutlined, LogoutOutlined, UndoOutlined, UnlockOutlined } from '@ant-design/icons';
import { isStaffRole, type User, type UserAction } from '@pult/contract';
import { Button, Card, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/describe-error';
import { useFeedback } from '../../../lib/feedback';
import { useManageUser } from '../api/manage-user';
import { actionsFor, isDestructive } from '../user-actions';
import { ResetFactorsButton } from './reset-factors-button';

const ICONS: Record<UserAction, ReactNode> = {
  block: <LockOutlined />,
  unblock: <UnlockOutlined />,
  delete: <DeleteOutlined />,
  restore: <UndoOutlined />,
  logout: <LogoutOutlined />,
};

/**
 * Block, unblock, delete, restore, end sessions (and, for staff, reset the second factor): only those
 * that apply now, each confirmed first.
 */
export const UserActionsCard = ({ user }: { user: User }) => {
  const { t } = useTranslation();
  const { modal, message } = useFeedback();
  const manage = useManageUser();

  const confirm = (action: UserAction) =>
    modal.confirm({
      title: t(`users.actions.confirm.${action}`, { email: user.email }),
      content: t(`users.actions.explain.${action}`),
      okText: t(`users.actions.${action}`),
      cancelText: t('users.form.cancel'),
      okButtonProps: { danger: isDestructive(action) },
      onOk: () =>
        manage
          .mutateAsync({ id: user.id, action })
          .then(() => void message.success(t(`users.actions.done.${action}`)))
          .catch((error: unknown) => void message.error(describeError(error, t))),
    });

  return (
    <Card className="user-card" title={t('users.actions.title')}>
      <Flex vertical gap="small" className="user-actions" role="group" aria-label={t('users.actions.title')}>
        {actionsFor(user.status).map((action) => (
          <Button
            key={action}
            block
            icon={ICONS[action]}
            danger={isDestructive(action)}
            disabled={manage.isPending}
            onClick={() => confirm(action)}
          >
            {t(`users.actions.${action}`)}
          </Button>
        ))}
        {isStaffRole(user.role) && user.status !== 'deleted' ? (
          <ResetFactorsButton user={user} disabled={manage.isPending} />
        ) : null}
      </Flex>
    </Card>
  );
};
