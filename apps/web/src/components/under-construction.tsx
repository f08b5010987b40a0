import { ToolOutlined } from '@ant-design/icons';
import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from './page-title';

interface Props {
  /** Translation key of the screen's name. */
  titleKey: string;
}

/** An honest empty state for screens that later issues build: no fake data. */
export const UnderConstruction = ({ titleKey }: Props) => {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t(titleKey)}</PageTitle>
      <Card>
        <Result
          icon={<ToolOutlined />}
          title={t('screens.underConstruction')}
          subTitle={t('screens.underConstructionText')}
        />
      </Card>
    </>
  );
};
