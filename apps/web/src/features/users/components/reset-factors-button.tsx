import { SafetyOutlined } from '@ant-design/icons';
import type { User } from '@pult/contract';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { describeError } from '../../../lib/describe-error';
import { useFeedback } from '../../../lib/feedback';

/**
 * A colleague lost the phone with the authenticator: an admin removes their second factor and ends
 * every session of theirs (docs/decisions/0035); they enrol again after the next sign-in if required.
 */
export const ResetFactorsButton = ({ user, disabled }: { user: User; disabled?: boolean }) => {
  const { t } = useTranslation();
  const { modal, message } = useFeedback();
  const reset = useMutation({ mutationFn: () => api.mfa.resetUser({ params: { id: user.id } }) });
  return (
    <Button
      block
      icon={<SafetyOutlined />}
      disabled={disabled || reset.isPending}
      onClick={() =>
        modal.confirm({
          title: t('users.actions.confirm.resetFactors', { email: user.email }),
          content: t('users.actions.explain.resetFactors'),
          okText: t('users.actions.resetFactors'),
          cancelText: t('users.form.cancel'),
          okButtonProps: { danger: true },
          onOk: () =>
            reset
              .mutateAsync()
              .then(() => void message.success(t('users.actions.done.resetFactors')))
              .catch((error: unknown) => void message.error(describeError(error, t))),
        })
      }
    >
      {t('users.actions.resetFactors')}
    </Button>
  );
};
