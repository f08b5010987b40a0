import { ToolOutlined } from '@ant-design/icons';
import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { displayName } from '../../../lib/person-name';
import { useSession } from '../../../lib/session-store';

/** `/app/home`: the dashboard. Its figures come with a later issue; for now a greeting. */
export const HomePage = () => {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <>
      <PageTitle>{t('nav.home')}</PageTitle>
      <Card>
        <Result
          icon={<ToolOutlined />}
          title={session ? t('screens.welcome', { name: displayName(session) }) : t('screens.underConstruction')}
          subTitle={`${t('screens.underConstruction')}. ${t('screens.underConstructionText')}`}
        />
      </Card>
    </>
  );
};
