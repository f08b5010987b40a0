import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { APP_PREFIX_PATH, HOME_PATH } from '../../config/app-config';
import { EXTRA_PAGES, MENU_LEAVES, MENU_PATHS } from '../../config/navigation';
import { normalizePath, useRegisteredBreadcrumbLabel } from '../../lib/breadcrumb-label';

const TITLES = new Map([...MENU_LEAVES, ...EXTRA_PAGES].map((page) => [page.path ?? '', page.title]));

/**
 * Breadcrumbs built from the path, e.g. Главная / Профиль; a detail page names its own crumb
 * (`useBreadcrumbLabel`). Hidden on menu entries, where the highlighted menu already says where the
 * user is.
 */
export const Breadcrumbs = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const registered = useRegisteredBreadcrumbLabel();
  const path = normalizePath(pathname);
  if (MENU_PATHS.has(path) || !path.startsWith(`${APP_PREFIX_PATH}/`)) return null;

  const segments = path.slice(APP_PREFIX_PATH.length + 1).split('/');
  const crumbs = segments.map((segment, index) => {
    const href = `${APP_PREFIX_PATH}/${segments.slice(0, index + 1).join('/')}`;
    const titleKey = TITLES.get(href);
    const named = registered?.path === href ? registered.label : undefined;
    return { href, label: titleKey ? t(titleKey) : (named ?? decodeURIComponent(segment)) };
  });

  const items = [
    { key: HOME_PATH, title: <Link to={HOME_PATH}>{t('nav.home')}</Link> },
    ...crumbs.map((crumb, index) => ({
      key: crumb.href,
      // The last crumb is where the user is; earlier ones link only if they are real pages.
      title:
        index < crumbs.length - 1 && TITLES.has(crumb.href) ? <Link to={crumb.href}>{crumb.label}</Link> : crumb.label,
    })),
  ];

  return <Breadcrumb className="breadcrumbs" aria-label={t('breadcrumbs.label')} items={items} />;
};
