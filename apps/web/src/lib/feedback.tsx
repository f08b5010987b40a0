// why: antd's App context alone (a few lines): `App.useApp()` reads it, and importing `App` brings its message,
// notification and modal engines with it
// biome-ignore lint/style/noRestrictedImports: antd's own app/ folder, not Pult's
import AppContext, { type useAppProps } from 'antd/es/app/context';
import type { MessageInstance, MessageType } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { type ComponentType, type ReactNode, useContext, useMemo, useState } from 'react';
import { importWithTimeout } from './lazy-with-timeout';

/** What antd's `App.useApp()` gives: messages, notifications and confirmation dialogs. */
export type Feedback = useAppProps;

/**
 * The staff pages' messages, notifications and confirmations: `App.useApp()` without importing antd's
 * `App`. Both read one context, which `FeedbackProvider` fills in the staff layout (and antd's `App` in tests).
 */
export const useFeedback = (): Feedback => useContext(AppContext);

export interface FeedbackHostProps {
  onReady: (feedback: Feedback) => void;
}

type Host = ComponentType<FeedbackHostProps>;
type Closable = { destroy: () => void; update: ModalUpdate };
type ModalUpdate = ReturnType<ModalHookAPI['confirm']>['update'];
type ModalConfig = Parameters<ModalHookAPI['confirm']>[0];

/**
 * antd's engines behind the same calls, downloaded on the first call (docs/decisions/0022): a staff page
 * that shows no message, notification or dialog never downloads them (about 26 kB gzip on `/app/users`).
 * A call made before they arrive runs once they have; what it returns (a message's close function and
 * promise, a dialog's `destroy`, `update` and promise) works from the start. If the code does not arrive,
 * the calls made meanwhile are dropped (a dialog counts as cancelled) and the next call downloads again.
 */
const createLazyFeedback = (mount: (host: Host) => void) => {
  let ready: Feedback | undefined;
  let pending: Promise<Feedback> | undefined;
  let resolveReady: ((feedback: Feedback) => void) | undefined;

  const load = (): Promise<Feedback> => {
    if (ready) return Promise.resolve(ready);
    if (!pending) {
      pending = new Promise<Feedback>((resolve, reject) => {
        resolveReady = resolve;
        importWithTimeout('feedback-host', () => import('./feedback-host')).then(
          (module) => mount(module.FeedbackHost),
          (error: unknown) => {
            pending = undefined;
            reject(error);
          },
        );
      });
    }
    return pending;
  };

  const onReady = (feedback: Feedback) => {
    ready = feedback;
    resolveReady?.(feedback);
  };

  const messageCall =
    (name: 'open' | 'success' | 'info' | 'warning' | 'error' | 'loading') =>
    (...args: unknown[]): MessageType => {
      let closed = false;
      let real: MessageType | undefined;
      const shown = load().then(
        (feedback) => {
          if (closed) return true;
          // why: the arguments are the caller's, typed by the MessageInstance signature this function stands for
          real = (feedback.message[name] as (...a: unknown[]) => MessageType)(...args);
          return real;
        },
        () => false,
      );
      const close = () => {
        closed = true;
        real?.();
      };
      // why: antd's MessageType is a close function that is also a promise of its closing
      // biome-ignore lint/suspicious/noThenProperty: antd's MessageType is a thenable, and callers may await it
      return Object.assign(close, { then: shown.then.bind(shown) }) as unknown as MessageType;
    };

  const message: MessageInstance = {
    open: messageCall('open'),
    success: messageCall('success'),
    info: messageCall('info'),
    warning: messageCall('warning'),
    error: messageCall('error'),
    loading: messageCall('loading'),
    destroy: (key) => {
      if (ready) ready.message.destroy(key);
      else void load().then((feedback) => feedback.message.destroy(key), noop);
    },
  };

  const notificationCall =
    (name: 'open' | 'success' | 'info' | 'warning' | 'error') =>
    (...args: unknown[]): void => {
      void load().then(
        // why: the arguments are the caller's, typed by the NotificationInstance signature this function stands for
        (feedback) => (feedback.notification[name] as (...a: unknown[]) => void)(...args),
        noop,
      );
    };

  const notification: NotificationInstance = {
    open: notificationCall('open'),
    success: notificationCall('success'),
    info: notificationCall('info'),
    warning: notificationCall('warning'),
    error: notificationCall('error'),
    destroy: (key) => {
      if (ready) ready.notification.destroy(key);
      else void load().then((feedback) => feedback.notification.destroy(key), noop);
    },
  };

  const modalCall =
    (name: 'info' | 'success' | 'error' | 'warning' | 'confirm') =>
    (config: ModalConfig): ReturnType<ModalHookAPI['confirm']> => {
      let destroyed = false;
      let real: Closable | undefined;
      const updates: Parameters<ModalUpdate>[0][] = [];
      const answered: Promise<boolean> = load().then(
        (feedback) => {
          if (destroyed) return false;
          const dialog = feedback.modal[name](config);
          real = dialog;
          for (const update of updates) dialog.update(update);
          return new Promise<boolean>((resolve) => dialog.then(resolve, () => resolve(false)));
        },
        () => {
          void config.onCancel?.();
          return false;
        },
      );
      return {
        destroy: () => {
          destroyed = true;
          real?.destroy();
        },
        update: (update) => {
          if (real) real.update(update);
          else updates.push(update);
        },
        // biome-ignore lint/suspicious/noThenProperty: antd's dialog handle is a thenable (awaited for the answer)
        then: (onAnswer) => answered.then(onAnswer),
      };
    };

  const modal: ModalHookAPI = {
    info: modalCall('info'),
    success: modalCall('success'),
    error: modalCall('error'),
    warning: modalCall('warning'),
    confirm: modalCall('confirm'),
  };

  return { feedback: { message, notification, modal } satisfies Feedback, onReady };
};

const noop = () => undefined;

/**
 * Gives the staff pages `useFeedback()` (and `App.useApp()`, the same context) without antd's `App`: its
 * engines and their holders are downloaded and mounted with the first message, notification or dialog.
 * Inside the UI providers, so the holders take antd's theme, language and direction.
 */
export const FeedbackProvider = ({ children }: { children: ReactNode }) => {
  const [host, setHost] = useState<{ Host: Host } | null>(null);
  const lazy = useMemo(() => createLazyFeedback((Host) => setHost({ Host })), []);
  return (
    <AppContext.Provider value={lazy.feedback}>
      {host ? <host.Host onReady={lazy.onReady} /> : null}
      {children}
    </AppContext.Provider>
  );
};
