import type { UserAction, UserStatus } from '@pult/contract';

/**
 * The manage actions that make sense for a status, in the order the page shows them. The server
 * would accept a few no-op transitions too (block a blocked user); offering them only confuses.
 * A deleted account has no sessions left to end.
 */
export const ACTIONS_BY_STATUS: Record<UserStatus, readonly UserAction[]> = {
  active: ['logout', 'block', 'delete'],
  blocked: ['logout', 'unblock', 'delete'],
  deleted: ['restore'],
};

export const actionsFor = (status: UserStatus): readonly UserAction[] => ACTIONS_BY_STATUS[status];

/** Actions that lock someone out or remove them: shown as danger and confirmed with a warning. */
export const isDestructive = (action: UserAction): boolean => action === 'block' || action === 'delete';
