import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { useFeedback } from '../lib/feedback';
import { hasUnsavedChanges, useHasUnsavedChanges } from '../lib/unsaved-changes';

/**
 * Asks before leaving a page while an edit form holds unsaved changes: in-app navigation (menu, links,
 * back) gets a dialog; closing or reloading the tab gets the browser's own question. Mounted once, in
 * the layout; forms say they are dirty with `useUnsavedChanges`.
 */
export const UnsavedChangesGuard = () => {
  const { t } = useTranslation();
  const { modal } = useFeedback();
  const dirty = useHasUnsavedChanges();
  // A new query string counts too: tabs live in it and unmount their forms (the promo theme editor).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasUnsavedChanges() &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const dialog = modal.confirm({
      title: t('unsaved.title'),
      content: t('unsaved.text'),
      okText: t('unsaved.leave'),
      cancelText: t('unsaved.stay'),
      okButtonProps: { danger: true },
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
    return () => dialog.destroy();
  }, [blocker, modal, t]);

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  return null;
};
