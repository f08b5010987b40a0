import { StopOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/feedback';
import { useBlockCode } from '../api/promo-codes';

/** «Заблокировать» with a confirmation: blocking is final (there is no unblock). */
export const BlockCodeButton = ({ seriesId, code }: { seriesId: number; code: string }) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const block = useBlockCode();

  const confirm = () =>
    block.mutateAsync(
      { id: seriesId, code },
      {
        onSuccess: () => message.success(t('promoCodes.block.done', { code })),
        onError: () => message.error(t('promoCodes.errors.actionFailed')),
      },
    );

  return (
    <Popconfirm
      title={t('promoCodes.block.title', { code })}
      description={t('promoCodes.block.text')}
      okText={t('promoCodes.block.action')}
      cancelText={t('promoCodes.common.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={confirm}
    >
      <Button
        danger
        size="small"
        icon={<StopOutlined />}
        loading={block.isPending}
        aria-label={t('promoCodes.block.code', { code })}
      >
        {t('promoCodes.block.action')}
      </Button>
    </Popconfirm>
  );
};
