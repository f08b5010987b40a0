import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import './skip-link.css';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * «Перейти к содержимому»: the first Tab stop of every staff screen, shown only while focused. It moves
 * the focus past the header and the menu to the screen's heading (or the content itself while the
 * heading is not drawn yet), without putting a #hash in the address the list screens keep their state in.
 */
export const SkipLink = () => {
  const { t } = useTranslation();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    (main.querySelector<HTMLElement>('h1.page-title') ?? main).focus();
  };
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className="skip-link" onClick={skip}>
      {t('app.skipToContent')}
    </a>
  );
};
