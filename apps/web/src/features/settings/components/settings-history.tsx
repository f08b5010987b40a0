import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { RevisionHistory } from '../../../components/revision-history';
import {
  loadSettingsRevisions,
  settingsKeys,
  settingsRevisionsKey,
  useRestoreSettingsRevision,
} from '../api/settings-queries';
import { SETTINGS_FIELD_VALUES, settingsFieldLabel } from '../lib/settings-fields';

/**
 * «История» of the settings (docs/decisions/0036): each save with who, when and each field before and after,
 * a group's parts under its heading («Тихие часы для пушей · С»), read as the form shows them (roles, units,
 * Да/Нет); any two compared; «Вернуть эту версию» saves the settings as they were right after it.
 */
export const SettingsHistory = () => {
  const { t } = useTranslation();
  const restore = useRestoreSettingsRevision();
  return (
    <Card>
      <RevisionHistory
        queryKey={settingsRevisionsKey}
        invalidateKey={settingsKeys.all}
        load={loadSettingsRevisions}
        restore={restore}
        fieldLabel={(field) => settingsFieldLabel(field, t)}
        fieldValues={SETTINGS_FIELD_VALUES}
      />
    </Card>
  );
};
