import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { badRequest } from './http-errors';
import { findUnstorableText } from './text-guard';

/** The 400 in the error shape that names the field holding a NUL or a lone surrogate. */
function unstorable(part: string | undefined, path: string[]) {
  const field = path.join('.') || '_';
  return {
    error: badRequest('VALIDATION_FAILED', `Invalid ${part}: ${field}: unsupported character`, { [field]: 'invalid' }),
  };
}

/**
 * The zod validator, with one check every request part gets around it: no NUL and no lone
 * surrogate in any string (lib/text-guard.ts). It looks twice. Before zod, at what arrived, so the
 * refusal names the field even when something else is wrong too. After zod, at what the handler
 * will get: a query parameter may carry JSON (`?where={"email":"a\u0000b"}`), whose escapes only
 * become a NUL or a surrogate when the contract parses it — the raw text holds six harmless
 * characters. Checking the parsed value covers every such parameter, present and future, in one place.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data: unknown) => {
    const before = findUnstorableText(data);
    if (before) return unstorable(route.httpPart, before);
    const result = validate(data);
    if (typeof result !== 'object' || !('value' in result)) return result;
    const after = findUnstorableText(result.value);
    return after ? unstorable(route.httpPart, after) : result;
  };
};
