import { Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';

/** «Сеанс скоро завершится» with «Остаться в системе»: one request, which the server counts as activity. */
const IdleDialog = ({ secondsLeft, onStayed }: { secondsLeft: number; onStayed: () => void }) => {
  const { t } = useTranslation();
  const [staying, setStaying] = useState(false);
  const stay = async () => {
    setStaying(true);
    try {
      await api.auth.me();
      onStayed();
    } finally {
      setStaying(false);
    }
  };
  return (
    <Modal
      open
      title={t('idle.title')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={
        <Button type="primary" loading={staying} onClick={() => void stay()} autoFocus>
          {t('idle.stay')}
        </Button>
      }
    >
      <Typography.Paragraph role="timer" aria-live="polite">
        {t('idle.text', { seconds: secondsLeft })}
      </Typography.Paragraph>
    </Modal>
  );
};

export default IdleDialog;
