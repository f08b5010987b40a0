import { ErrorPage } from '../components/error-page';

/** `/auth/error-2`. */
export const ServerErrorPage = () => (
  <main className="error-page">
    <ErrorPage status="500" />
  </main>
);
