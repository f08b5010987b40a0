import type { ImportErrorCode } from '@pult/contract';
import { fieldErrorCodes } from '@pult/contract';
import type { z } from 'zod';

export interface CellError {
  field: string;
  code: ImportErrorCode;
}

const isFieldCode = (code: unknown): code is ImportErrorCode =>
  typeof code === 'string' && (fieldErrorCodes as readonly string[]).includes(code);

/**
 * A schema's issues as the form's field codes (the same reading as plugins/errors.ts gives a request):
 * an empty or absent cell is `required`, a long one `too_long`, a malformed one `invalid_format`.
 * `fieldOf` names the file's field for a schema path (`categoryId` → `category`).
 */
export function cellErrors(
  error: z.ZodError,
  sent: Record<string, unknown>,
  fieldOf: (path: string) => string = (path) => path,
): CellError[] {
  const errors: CellError[] = [];
  for (const issue of error.issues) {
    const path = String(issue.path[0] ?? '');
    const field = fieldOf(path);
    if (errors.some((known) => known.field === field)) continue;
    const value = sent[path];
    const empty = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
    let code: ImportErrorCode;
    if (empty && issue.code !== 'custom') code = 'required';
    else if (issue.code === 'too_big') code = issue.origin === 'string' ? 'too_long' : 'too_big';
    else if (issue.code === 'too_small') code = issue.origin === 'string' ? 'too_short' : 'too_small';
    else if (issue.code === 'invalid_format') code = 'invalid_format';
    else if (issue.code === 'custom') {
      const named = (issue as { params?: { code?: unknown } }).params?.code;
      code = isFieldCode(named) ? named : 'invalid';
    } else code = 'invalid';
    errors.push({ field, code });
  }
  return errors;
}
