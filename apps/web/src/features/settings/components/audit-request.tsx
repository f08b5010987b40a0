import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../components/ltr';

interface Props {
  requestId: string;
  /** The log already shows only this request's events. */
  filtered: boolean;
  onShowAll: () => void;
}

/**
 * The request that wrote an event (the X-Request-Id on its answer and its log lines), and the way to
 * every other event of that request: a bulk action or an import writes many.
 */
export const AuditRequest = ({ requestId, filtered, onShowAll }: Props) => {
  const { t } = useTranslation();
  return (
    <Flex align="center" gap="small" wrap className="audit-request">
      <Typography.Text type="secondary">{t('settings.audit.requestId')}:</Typography.Text>
      <Typography.Text code copyable={{ text: requestId }}>
        <Ltr>{requestId}</Ltr>
      </Typography.Text>
      {filtered ? null : (
        <Button size="small" type="link" onClick={onShowAll}>
          {t('settings.audit.sameRequest')}
        </Button>
      )}
    </Flex>
  );
};
