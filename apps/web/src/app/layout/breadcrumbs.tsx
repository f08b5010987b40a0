import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { APP_PREFIX_PATH, HOME_PATH } from '../../config/app-config';
import { EXTRA_PAGES, MAIN_MENU, MENU_LEAVES, MENU_PATHS } from '../../config/navigation';
import { normalizePath, useRegisteredBreadcrumbLabel } from '../../lib/breadcrumb-label';

const TITLES = new Map([...MENU_LEAVES, ...EXTRA_PAGES].map((page) => [page.path ?? '', page.title]));

/** Menu groups whose pages share a path prefix (`/app/common/…` → «Общее»): named, but not pages. */
const GROUP_TITLES = new Map(
  (MAIN_MENU.children ?? [])
    .filter((item) => item.children)
    .map((item) => [`${APP_PREFIX_PATH}/${item.key}`, item.title]),
);

/** A detail page's path ends with its entity's id. */
const isId = (segment: string) => /^\d+$/.test(segment);

interface Crumb {
  href: string;
  label: ReactNode;
  /** A real page, so an earlier crumb may link to it. */
  page: boolean;
}

/**
 * Breadcrumbs built from the path, e.g. Главная / Профиль; every crumb is a translated label: a detail page
 * names its own crumb (`useBreadcrumbLabel`) and shows a placeholder until it has, a path word that is no
 * page is named by its menu group or left out, and an unknown page reads «not found». Hidden on menu
 * entries, where the highlighted menu already says where the user is.
 */
export const Breadcrumbs = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const registered = useRegisteredBreadcrumbLabel();
  const path = normalizePath(pathname);
  if (MENU_PATHS.has(path) || !path.startsWith(`${APP_PREFIX_PATH}/`)) return null;

  const segments = path.slice(APP_PREFIX_PATH.length + 1).split('/');
  const crumbs = segments.flatMap((segment, index): Crumb[] => {
    const href = `${APP_PREFIX_PATH}/${segments.slice(0, index + 1).join('/')}`;
    const titleKey = TITLES.get(href);
    if (titleKey) return [{ href, label: t(titleKey), page: true }];
    if (registered?.path === href) return [{ href, label: registered.label, page: false }];
    const groupKey = GROUP_TITLES.get(href);
    if (groupKey) return [{ href, label: t(groupKey), page: false }];
    if (index < segments.length - 1) return [];
    if (isId(segment)) {
      const loading = (
        <span key="loading" className="breadcrumb-loading" role="status" aria-label={t('breadcrumbs.loading')}>
          <span className="breadcrumb-skeleton" />
        </span>
      );
      return [{ href, label: loading, page: false }];
    }
    return [{ href, label: t('breadcrumbs.notFound'), page: false }];
  });

  const items = [
    { key: HOME_PATH, title: <Link to={HOME_PATH}>{t('nav.home')}</Link> },
    ...crumbs.map((crumb, index) => ({
      key: crumb.href,
      // The last crumb is where the user is; earlier ones link only if they are real pages.
      title: index < crumbs.length - 1 && crumb.page ? <Link to={crumb.href}>{crumb.label}</Link> : crumb.label,
    })),
  ];

  // Drawn without antd (issue #37, docs/decisions/0040): a list in antd's breadcrumb look.
  return (
    <nav className="breadcrumbs" aria-label={t('breadcrumbs.label')}>
      <ol>
        {items.map((item, index) => (
          <li key={item.key}>
            {index > 0 ? (
              <span className="breadcrumb-separator" aria-hidden>
                /
              </span>
            ) : null}
            <span className={index === items.length - 1 ? 'breadcrumb-link breadcrumb-last' : 'breadcrumb-link'}>
              {item.title}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
};
