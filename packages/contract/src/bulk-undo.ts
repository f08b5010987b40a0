import { z } from 'zod';

/**
 * Undo of a destructive bulk action (docs/decisions/0043): the action answers an undo ticket, and for a
 * short while `POST /bulk-undos/:id` puts back exactly the records it changed, skipping any that someone
 * changed since (their version moved on).
 */

/** How long the SPA offers «Отменить» after the action. */
export const UNDO_OFFER_MS = 10_000;
/** How long the server keeps an undo: the offer plus room for a click at its last moment to arrive. */
export const UNDO_WINDOW_MS = 20_000;

/** The undo of one bulk action, as the action answers it (null when it changed nothing). */
export const bulkUndoTicket = z.object({ id: z.string(), expiresAt: z.string() });
export type BulkUndoTicket = z.infer<typeof bulkUndoTicket>;

export const bulkUndoParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });

/** What an undo did: the records put back, and those left as they are because someone changed them meanwhile. */
export const bulkUndoResult = z
  .object({
    restored: z.array(z.number().int()),
    skipped: z.array(
      z.object({
        id: z.number().int(),
        reason: z.enum(['changed', 'gone']),
        /** How a person knows the record where its id means nothing to them: a code's value. */
        label: z.string().optional(),
      }),
    ),
    undoneAt: z.string(),
  })
  .meta({ id: 'BulkUndoResult' });
export type BulkUndoResult = z.infer<typeof bulkUndoResult>;
