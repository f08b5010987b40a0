import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

/** What a detail page calls itself in the breadcrumbs (a user's e-mail, a series' name), by path. */
interface Label {
  path: string;
  label: string;
}

let current: Label | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const normalizePath = (pathname: string) => pathname.replace(/\/+$/, '');

/**
 * Names the current page in the breadcrumbs instead of the id in its path («Пользователи / ivan@mail.ru»
 * rather than «Пользователи / 11»). Pass undefined while the entity is loading: the id shows meanwhile.
 */
export function useBreadcrumbLabel(label: string | undefined) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!label) return;
    const entry = { path: normalizePath(pathname), label };
    current = entry;
    emit();
    return () => {
      if (current === entry) {
        current = null;
        emit();
      }
    };
  }, [pathname, label]);
}

/** The label a page has registered, if any (read by the breadcrumbs). */
export const useRegisteredBreadcrumbLabel = () => useSyncExternalStore(subscribe, () => current);
