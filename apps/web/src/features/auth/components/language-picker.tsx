import { useTranslation } from 'react-i18next';
import { GlobeIcon } from '../../../components/inline-icons';
import { isLocaleId, LANGUAGES } from '../../../config/languages';
import { themeStore, useTheme } from '../../../lib/theme-store';

/**
 * Lets a signed-out user pick the language before signing in; the same setting as in the app.
 * A native select styled like a borderless antd Select: antd's Select would bring its virtual list
 * and popup code (about 28 kB gz) to the login page for five options.
 */
export const LanguagePicker = () => {
  const { t } = useTranslation();
  const { locale } = useTheme();
  return (
    <label className="language-picker">
      <span className="language-picker-icon" aria-hidden="true">
        <GlobeIcon />
      </span>
      <span className="sr-only">{t('header.language')}</span>
      <select
        value={locale}
        onChange={(event) => {
          const value = event.target.value;
          if (isLocaleId(value)) themeStore.set({ locale: value });
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language.langId} value={language.langId} lang={language.lang}>
            {language.langName}
          </option>
        ))}
      </select>
    </label>
  );
};
