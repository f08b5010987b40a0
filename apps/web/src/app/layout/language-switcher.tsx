import { useTranslation } from 'react-i18next';
import { MenuButton } from '../../components/menu-button';
import { isLocaleId, LANGUAGES } from '../../config/languages';
import { describeError } from '../../lib/describe-error';
import { useFeedback } from '../../lib/feedback';
import { useChooseLanguage } from '../../lib/resources/preferences';
import { useTheme } from '../../lib/theme-store';
import { CheckIcon, GlobalIcon } from './frame-icons';

/**
 * Header language switcher. The choice is the staff member's, saved with their preferences like the
 * profile's select (the profile applies the saved one, which used to undo a choice made here).
 */
export const LanguageSwitcher = () => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const { locale } = useTheme();
  const chooseLanguage = useChooseLanguage();
  const languageCode = locale.toUpperCase();
  return (
    <MenuButton
      className="header-button"
      // The name holds the code the button shows («Язык: RU»; WCAG 2.5.3, label in name).
      label={t('header.languageCurrent', { code: languageCode })}
      items={LANGUAGES.map((language) => ({
        key: language.langId,
        label: language.langName,
        icon: language.langId === locale ? <CheckIcon /> : null,
        extra: language.icon,
        lang: language.lang,
        current: language.langId === locale,
      }))}
      onSelect={(key) => {
        if (isLocaleId(key)) chooseLanguage(key).catch((error: unknown) => message.error(describeError(error, t)));
      }}
    >
      <GlobalIcon />
      <span className="header-lang-id">{languageCode}</span>
    </MenuButton>
  );
};
