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
export const lazyScreen = (chunk: string, load: Loader, timeoutMs?: number): ComponentType => {
  const create = () => lazy(() => importWithTimeout(chunk, load, timeoutMs));
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
  return LazyScreen;
};
