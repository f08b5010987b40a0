import { useSession } from '../../lib/session-store';

/**
 * Admins create, edit, manage, export and grant; editors only read. The UI hides
 * what the role may not do; the server answers 403 if it is tried anyway.
 */
export const useCanManageUsers = (): boolean => useSession()?.role === 'admin';
