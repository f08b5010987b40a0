import { useRouteError } from 'react-router';
import { ChunkErrorView } from '../components/chunk-error-view';

/** Last line of defence: a render error anywhere shows a way out instead of a blank page. */
export const RouteErrorView = () => {
  const error = useRouteError();
  const shown = error instanceof Error ? error : new Error(String(error));
  return (
    <main className="error-page">
      <ChunkErrorView error={shown} onRetry={() => window.location.reload()} />
    </main>
  );
};
