import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { urlParam } from '../../../lib/url-params';
import { useUrlState } from '../../../lib/use-url-state';
import { AuditLog } from '../components/audit-log';
import { BackupStatusCard } from '../components/backup-status';
import { SettingsForm } from '../components/settings-form';
import { SettingsHistory } from '../components/settings-history';
import '../settings.css';

const tabSchema = { tab: urlParam.oneOf(['audit', 'history'] as const) };

/** `/app/common/settings`: the system settings, their history and the audit log (admins only; the server enforces it). */
export const SettingsPage = () => {
  const { t } = useTranslation();
  const [url, setUrl] = useUrlState(tabSchema);
  return (
    <>
      <PageTitle>{t('nav.settings')}</PageTitle>
      <Tabs
        activeKey={url.tab ?? 'settings'}
        onChange={(key) => setUrl({ tab: key === 'audit' || key === 'history' ? key : undefined })}
        destroyOnHidden
        items={[
          {
            key: 'settings',
            label: t('settings.tabs.settings'),
            children: (
              <>
                <SettingsForm />
                <BackupStatusCard />
              </>
            ),
          },
          { key: 'history', label: t('versions.history.tab'), children: <SettingsHistory /> },
          { key: 'audit', label: t('settings.tabs.audit'), children: <AuditLog /> },
        ]}
      />
    </>
  );
};
