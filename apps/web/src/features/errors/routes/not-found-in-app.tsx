import { ErrorPage } from '../components/error-page';

/** An unknown `/app/...` path: the 404 view inside the layout, so the menu stays at hand. */
export const NotFoundInAppPage = () => <ErrorPage status="404" />;
