import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The ten codes, shown once after the confirmation; the card goes back to its state on "saved". */
export const RecoveryCodes = ({ codes, onDone }: { codes: string[]; onDone: () => void }) => {
  const { t } = useTranslation();
  return (
    <div className="profile-recovery">
      <Typography.Title level={5} tabIndex={-1} ref={(node) => node?.focus()}>
        {t('profile.security.codesTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('profile.security.codesText')}</Typography.Paragraph>
      <ul className="profile-recovery-codes" aria-label={t('profile.security.codesTitle')} data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <Typography.Text code copyable={false}>
              {code}
            </Typography.Text>
          </li>
        ))}
      </ul>
      <Button type="primary" onClick={onDone}>
        {t('profile.security.codesDone')}
      </Button>
    </div>
  );
};
