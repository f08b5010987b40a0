import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { RevisionHistory } from '../../../components/revision-history';
import { loadUserRevisions, restoreUserRevision, userRevisionsKey } from '../api/update-user';
import { userKeys } from '../api/user-cache';
import { USER_FIELD_LABELS, USER_FIELD_VALUES } from '../user-form';

/**
 * The user's «История изменений»: every change of the account's data, and (admins) a way back to any of
 * them. Not «История», which the page's timeline of the person's own events is already called.
 */
export const UserHistoryCard = ({ userId, canRestore }: { userId: number; canRestore: boolean }) => {
  const { t } = useTranslation();
  return (
    <Card className="user-card" title={t('versions.history.changesTitle')}>
      <RevisionHistory
        queryKey={userRevisionsKey(userId)}
        invalidateKey={userKeys.all}
        load={(signal) => loadUserRevisions(userId, signal)}
        restore={canRestore ? (revisionId) => restoreUserRevision(userId, revisionId) : undefined}
        fieldLabel={(field) => t(USER_FIELD_LABELS[field] ?? field)}
        fieldValues={USER_FIELD_VALUES}
      />
    </Card>
  );
};
