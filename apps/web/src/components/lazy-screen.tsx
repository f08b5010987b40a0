import { type ComponentType, lazy, Suspense, useState } from 'react';
import { importWithTimeout } from '../lib/lazy-with-timeout';
import { ChunkErrorView } from './chunk-error-view';
import { ErrorBoundary } from './error-boundary';
import { ScreenLoader } from './loading-cover';

type Loader = () => Promise<{ default: ComponentType }>;

/**
 * A lazily loaded screen (with a 120 s time-out). A failed load
 * shows the chunk error view; its retry starts a new import instead of replaying the failed one.
 */
export type LazyScreenComponent = ComponentType & {
  /** Starts downloading the screen's code now (a page load that will show it), without rendering it. */
  preload: () => void;
};

export const lazyScreen = (chunk: string, load: Loader, timeoutMs?: number): LazyScreenComponent => {
  // The first download may start early (preload); React.lazy then takes the same promise.
  let early: ReturnType<Loader> | undefined;
  const create = () =>
    lazy(() => {
      const pending = early;
      early = undefined;
      return pending ?? importWithTimeout(chunk, load, timeoutMs);
    });
  let Screen = create();

  // Defined once per screen at module level, as React.lazy itself is.
  const LazyScreen = () => {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      Screen = create();
      setAttempt((value) => value + 1);
    };
    return (
      <ErrorBoundary key={attempt} fallback={(error) => <ChunkErrorView error={error} onRetry={retry} />}>
        <Suspense fallback={<ScreenLoader />}>
          <Screen />
        </Suspense>
      </ErrorBoundary>
    );
  };
  LazyScreen.displayName = `LazyScreen(${chunk})`;
  LazyScreen.preload = () => {
    early ??= importWithTimeout(chunk, load, timeoutMs);
    // A failure here is reported when the screen renders (React.lazy awaits the same promise).
    early.catch(() => undefined);
  };
  return LazyScreen;
};
