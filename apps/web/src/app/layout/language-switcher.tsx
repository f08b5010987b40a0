import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../config/languages';
import { themeStore, useTheme } from '../../lib/theme-store';

/** Header language switcher; the choice is the theme state's `locale` . */
export const LanguageSwitcher = () => {
  const { t } = useTranslation();
  const { locale } = useTheme();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [locale],
        items: LANGUAGES.map((language) => ({
          key: language.langId,
          label: language.langName,
          extra: language.icon,
          lang: language.lang,
        })),
        onClick: ({ key }) => themeStore.set({ locale: key as (typeof LANGUAGES)[number]['langId'] }),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('header.language')}>
        <span className="header-lang-id">{locale.toUpperCase()}</span>
      </Button>
    </Dropdown>
  );
};
