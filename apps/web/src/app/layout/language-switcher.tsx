import { GlobalOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { isLocaleId, LANGUAGES } from '../../config/languages';
import { describeError } from '../../lib/describe-error';
import { useChooseLanguage } from '../../lib/resources/preferences';
import { useTheme } from '../../lib/theme-store';

/**
 * Header language switcher. The choice is the staff member's, saved with their preferences like the
 * profile's select (the profile applies the saved one, which used to undo a choice made here).
 */
export const LanguageSwitcher = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { locale } = useTheme();
  const chooseLanguage = useChooseLanguage();
  const languageCode = locale.toUpperCase();
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
        onClick: ({ key }) => {
          if (isLocaleId(key)) chooseLanguage(key).catch((error: unknown) => message.error(describeError(error, t)));
        },
      }}
    >
      {/* The name holds the code the button shows («Язык: RU»; WCAG 2.5.3, label in name). */}
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('header.languageCurrent', { code: languageCode })}>
        <span className="header-lang-id">{languageCode}</span>
      </Button>
    </Dropdown>
  );
};
