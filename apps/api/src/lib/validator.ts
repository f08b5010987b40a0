import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { badRequest } from './http-errors';
import { findUnstorableText } from './text-guard';

/**
 * The zod validator, preceded by one check every request part gets: no NUL and no lone surrogate
 * in any string (lib/text-guard.ts). The refusal is a 400 in the error shape naming the field.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data: unknown) => {
    const path = findUnstorableText(data);
    if (path) {
      const field = path.join('.') || '_';
      return {
        error: badRequest('VALIDATION_FAILED', `Invalid ${route.httpPart}: ${field}: unsupported character`, {
          [field]: 'invalid',
        }),
      };
    }
    return validate(data);
  };
};
