import { useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router';

/**
 * Marks the document with the location its screens show (`<html data-location="/app/users?page=2">`),
 * set once React has committed that location. The router renders a navigation as a transition, so the
 * address changes a moment before the screen does; whatever needs "the screen of this address" (the
 * browser tests' sweeps over every screen) waits for this mark instead of guessing with time.
 */
export const LocationMark = () => {
  const { pathname, search } = useLocation();
  useLayoutEffect(() => {
    document.documentElement.dataset.location = pathname + search;
  }, [pathname, search]);
  return <Outlet />;
};
