import { type ComponentType, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../lib/feedback';
import { renewableLazy } from '../lib/lazy-with-timeout';
import { ErrorBoundary } from './error-boundary';

interface Closable {
  onClose: () => void;
}

/** Rendered in place of a component whose code did not arrive: says so once, then closes it. */
const LoadFailed = ({ onFailed }: { onFailed: () => void }) => {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per failure (the boundary's key changes with each)
  useEffect(onFailed, []);
  return null;
};

/**
 * A dialog or drawer whose code is downloaded when it first opens, not with the page that offers it
 * (the theme drawer and the command palette are on every staff page; the bulk dialog on two lists).
 * Once opened it stays mounted, so it closes as a modal or drawer does instead of vanishing. If its
 * code does not arrive, the page stays as it was: a message says so, the component is closed
 * (`onClose`), and the next opening downloads it again. For the staff layout, inside its `FeedbackProvider`.
 */
export function onFirstOpen<P extends Closable>(
  chunk: string,
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> {
  const loaded = renewableLazy(chunk, load);
  const OnFirstOpen = (props: P) => {
    const { t } = useTranslation();
    const { message } = useFeedback();
    const [opened, setOpened] = useState(false);
    const [attempt, setAttempt] = useState(0);
    if (isOpen(props) && !opened) setOpened(true);
    if (!opened) return null;
    const failed = () => {
      loaded.renew();
      setOpened(false);
      setAttempt((n) => n + 1);
      props.onClose();
      void message.error(t('errors.dialogLoad'));
    };
    return (
      <ErrorBoundary key={attempt} fallback={() => <LoadFailed onFailed={failed} />}>
        <Suspense fallback={null}>
          <loaded.Component {...props} />
        </Suspense>
      </ErrorBoundary>
    );
  };
  return OnFirstOpen;
}
