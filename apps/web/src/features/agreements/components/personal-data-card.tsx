import { DownloadOutlined, UserDeleteOutlined } from '@ant-design/icons';
import type { User } from '@pult/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, saveBlob } from '../../../lib/api';
import { describeError } from '../../../lib/describe-error';
import { useFeedback } from '../../../lib/feedback';
import { resourceKeys } from '../../../lib/resources/keys';

type Tool = 'export' | 'anonymise';

/**
 * A person's rights of access and erasure, for admins: export everything held about the user as one
 * file, or anonymise the account for good. Both need the user's e-mail typed again.
 */
export const PersonalDataCard = ({ user }: { user: User }) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [tool, setTool] = useState<Tool | null>(null);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const matches = typed.trim().toLowerCase() === user.email;

  const close = () => {
    setTool(null);
    setTyped('');
  };

  const run = async () => {
    setBusy(true);
    try {
      if (tool === 'export') {
        const data = await api.personalData.export({ params: { id: user.id } });
        saveBlob(
          new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
          `user-${user.id}-personal-data.json`,
        );
        message.success(t('agreements.personalData.exported'));
      } else {
        await api.personalData.anonymise({ params: { id: user.id }, body: { confirmation: typed } });
        await queryClient.invalidateQueries({ queryKey: resourceKeys('users').all });
        message.success(t('agreements.personalData.anonymised'));
      }
      close();
    } catch (error) {
      message.error(describeError(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="user-card" title={t('agreements.personalData.title')}>
      <Flex vertical gap="small">
        <Button block icon={<DownloadOutlined />} onClick={() => setTool('export')}>
          {t('agreements.personalData.export')}
        </Button>
        <Button block danger icon={<UserDeleteOutlined />} onClick={() => setTool('anonymise')}>
          {t('agreements.personalData.anonymise')}
        </Button>
      </Flex>
      <Modal
        open={tool !== null}
        title={tool ? t(`agreements.personalData.${tool}`) : ''}
        okText={tool ? t(`agreements.personalData.${tool}Ok`) : ''}
        cancelText={t('agreements.common.cancel')}
        okButtonProps={{ disabled: !matches, danger: tool === 'anonymise', loading: busy }}
        onOk={() => void run()}
        onCancel={close}
        destroyOnHidden
      >
        <Typography.Paragraph>{tool ? t(`agreements.personalData.${tool}Explain`) : null}</Typography.Paragraph>
        <Typography.Paragraph>{t('agreements.personalData.typeEmail', { email: user.email })}</Typography.Paragraph>
        <Input
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder={user.email}
          aria-label={t('agreements.personalData.typeEmail', { email: user.email })}
          data-testid="typed-confirmation"
        />
      </Modal>
    </Card>
  );
};
