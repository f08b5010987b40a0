import type { PultModule } from '../../pult-module';
import { bulkUndosRoutes } from './bulk-undos-routes';

export { bulkUndoService } from './bulk-undo-service';
export type { UndoableAction, UndoItem, UndoOutcome } from './undoable-action';

/**
 * Undo of destructive bulk actions (docs/decisions/0043): the modules whose bulk actions can be undone
 * declare them (`PultModule.undoable`) and record each run with `bulkUndoService.record`.
 */
export const bulkUndosModule: PultModule = { name: 'bulk-undos', routes: [bulkUndosRoutes] };
