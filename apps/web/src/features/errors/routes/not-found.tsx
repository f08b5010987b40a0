import { ErrorPage } from '../components/error-page';

/** `/auth/error-1` and any unknown path outside `/auth`. */
export const NotFoundPage = () => (
  <main className="error-page">
    <ErrorPage status="404" />
  </main>
);
