import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * Asks before leaving the editor with unsaved changes: in-app navigation and closing the tab alike.
 * Answers `release`, for a navigation the editor makes itself after saving (the new note's page).
 */
export const useUnsavedWarning = (dirty: boolean) => {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const released = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !released.current && dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  // The blocker object changes on every render while blocked: ask once per blocked navigation.
  const asking = useRef(false);

  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    const settle = (leave: boolean) => {
      asking.current = false;
      if (leave) blocker.proceed();
      else blocker.reset();
    };
    modal.confirm({
      title: t('notes.unsaved.title'),
      content: t('notes.unsaved.text'),
      okText: t('notes.unsaved.leave'),
      cancelText: t('notes.unsaved.stay'),
      okButtonProps: { danger: true },
      onOk: () => settle(true),
      onCancel: () => settle(false),
    });
  }, [blocker, modal, t]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return {
    release: () => {
      released.current = true;
    },
  };
};
