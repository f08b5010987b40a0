import type { SavedView } from '@pult/contract';
import type { savedViews } from '../../db/schema';
import type { Principal } from '../../types';

export type SavedViewRow = typeof savedViews.$inferSelect & { ownerName: string };

/** Who may change a view: its owner, and any admin when it is shared (a personal view stays its owner's). */
export const canEditView = (row: Pick<SavedViewRow, 'ownerId' | 'shared'>, actor: Principal): boolean =>
  row.ownerId === actor.userId || (row.shared && actor.role === 'admin');

export const toSavedView = (row: SavedViewRow, actor: Principal): SavedView => ({
  id: row.id,
  listKey: row.listKey as SavedView['listKey'],
  name: row.name,
  state: { query: row.state.query, columns: row.state.columns ?? null },
  shared: row.shared,
  ownerId: row.ownerId,
  ownerName: row.ownerName,
  canEdit: canEditView(row, actor),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
