import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '../../lib/theme-store';
import { NavMenu } from './nav-menu';

/** Top navigation: a horizontal bar in the chosen preset colour (white text on each, frame.css). */
export const TopNav = () => {
  const { t } = useTranslation();
  const { topNavColor } = useTheme();
  return (
    <nav className="top-nav" aria-label={t('nav.mainMenu')} style={{ '--top-nav-bg': topNavColor } as CSSProperties}>
      <NavMenu mode="horizontal" theme="dark" />
    </nav>
  );
};
