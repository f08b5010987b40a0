import { isStaffRole } from '@pult/contract';
import { Navigate, Outlet, useLocation } from 'react-router';
import { APP_PREFIX_PATH, HOME_PATH, LOGIN_PATH } from '../config/app-config';
import { type StoredSession, useSession } from '../lib/session-store';

/** Where the user was going before the login page; carried in the navigation state. */
interface FromState {
  from?: string;
}

const isSignedIn = (session: StoredSession | null): boolean => Boolean(session && isStaffRole(session.role));

/** The `/app` area: admin and editor only; anyone else goes to sign in, then comes back. */
export const RequireStaff = () => {
  const session = useSession();
  const location = useLocation();
  if (!isSignedIn(session)) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={LOGIN_PATH} replace state={{ from } satisfies FromState} />;
  }
  return <Outlet />;
};

/** Sign-in screens: a signed-in user goes on to the requested `/app` page, else home. */
export const GuestOnly = () => {
  const session = useSession();
  const location = useLocation();
  if (isSignedIn(session)) {
    const from = (location.state as FromState | null)?.from;
    const target = from?.startsWith(`${APP_PREFIX_PATH}/`) ? from : HOME_PATH;
    return <Navigate to={target} replace />;
  }
  return <Outlet />;
};

/** `/`: the login entry, or home for a signed-in user. */
export const RootRedirect = () => {
  const session = useSession();
  return <Navigate to={isSignedIn(session) ? HOME_PATH : LOGIN_PATH} replace />;
};
