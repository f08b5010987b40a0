import { GlobalOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../../config/languages';
import { themeStore, useTheme } from '../../../lib/theme-store';

/** Lets a signed-out user pick the language before signing in; the same setting as in the app. */
export const LanguagePicker = () => {
  const { t } = useTranslation();
  const { locale } = useTheme();
  return (
    <Select
      aria-label={t('header.language')}
      value={locale}
      variant="borderless"
      prefix={<GlobalOutlined />}
      popupMatchSelectWidth={false}
      onChange={(value) => themeStore.set({ locale: value })}
      options={LANGUAGES.map((language) => ({ value: language.langId, label: language.langName }))}
    />
  );
};
