import { describe, expect, it } from 'vitest';
import { readRoutineFiles } from '../../src/db/routines';
import { ROUTINE_REFUSALS } from '../../src/lib/pg-errors';

/**
 * The refusals the routines raise (db/functions) and the answers the API gives them (lib/pg-errors.ts)
 * name the same codes with the same status and message: `RAISE '…' USING ERRCODE = 'PU404', HINT = 'X'`
 * and the `ARRAY['PU409', '…', 'X']` rows of pult_promo_refusal and pult_grant_subscriptions.
 */
const RAISED = /RAISE EXCEPTION '((?:[^']|'')*)' USING ERRCODE = '(PU\d{3})', HINT = '([A-Z_]+)'/g;
const LISTED = /ARRAY\['(PU\d{3})', '((?:[^']|'')*)', '([A-Z_]+)'\]/g;

const refusals = readRoutineFiles().flatMap((file) => [
  ...[...file.text.matchAll(RAISED)].map(([, message, state, hint]) => ({ file: file.name, state, message, hint })),
  ...[...file.text.matchAll(LISTED)].map(([, state, message, hint]) => ({ file: file.name, state, message, hint })),
]);

describe('routine refusals', () => {
  it('each refusal a routine raises is answered with its own status and the same message', () => {
    const named = refusals.filter((r) => r.hint !== 'CONFLICT');
    expect(named.length).toBeGreaterThanOrEqual(14);
    for (const refusal of named) {
      const answer = ROUTINE_REFUSALS[refusal.hint as keyof typeof ROUTINE_REFUSALS];
      expect(answer, `${refusal.file}: ${refusal.hint}`).toEqual({
        status: Number(refusal.state?.slice(2)),
        message: refusal.message?.replaceAll("''", "'"),
      });
    }
  });

  it('every answer of the table is a refusal some routine raises', () => {
    const raised = new Set(refusals.map((r) => r.hint));
    expect(Object.keys(ROUTINE_REFUSALS).filter((code) => !raised.has(code))).toEqual([]);
  });
});
