import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-errors';

export const sendError = (reply: FastifyReply, statusCode: number, message: string, errors?: Record<string, string>) =>
  reply.code(statusCode).send({
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(errors && Object.keys(errors).length > 0 ? { errors } : {}),
  });

/** Field path (`body.email`, `where.role`) → first message, for forms to show next to fields. */
function fieldErrors(error: FastifyError): Record<string, string> {
  const out: Record<string, string> = {};
  if (!hasZodFastifySchemaValidationErrors(error)) return out;
  for (const issue of error.validation) {
    const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    out[key] ??= issue.message ?? 'invalid';
  }
  return out;
}

/**
 * Every failure leaves through here with the same shape. 4xx say what was wrong;
 * 5xx say only that something broke (the details go to the log, never to the client).
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpError) {
        if (error.headers) reply.headers(error.headers);
        return sendError(reply, error.statusCode, error.message, error.errors);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors = fieldErrors(error);
        const first = Object.entries(errors)[0];
        const where = error.validationContext ?? 'request';
        return sendError(reply, 400, first ? `Invalid ${where}: ${first[0]}: ${first[1]}` : `Invalid ${where}`, errors);
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Fastify's own client errors: malformed JSON, wrong content type, body too large…
        return sendError(reply, status, error.message);
      }
      request.log.error({ err: error }, 'request failed');
      return sendError(reply, 500, 'Internal server error');
    });
  },
  { name: 'errors' },
);
