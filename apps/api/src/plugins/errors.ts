import { STATUS_CODES } from 'node:http';
import {
  type ErrorCode,
  type FieldErrorCode,
  type FieldErrors,
  fieldErrorCodes,
  genericErrorCode,
} from '@pult/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-errors';

export const sendError = (
  reply: FastifyReply,
  statusCode: number,
  code: ErrorCode,
  message: string,
  errors?: FieldErrors,
  extra?: { current?: Record<string, unknown> },
) =>
  reply.code(statusCode).send({
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    code,
    message,
    ...(errors && Object.keys(errors).length > 0 ? { errors } : {}),
    ...extra,
  });

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

const isFieldCode = (value: unknown): value is FieldErrorCode =>
  typeof value === 'string' && (fieldErrorCodes as readonly string[]).includes(value);

const valueAt = (root: unknown, path: string[]): unknown =>
  path.reduce<unknown>(
    (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
    root,
  );

/** One validation issue as a field code: what a form can translate without reading English. */
function fieldCode(issue: ValidationIssue, sent: unknown, path: string[]): FieldErrorCode {
  const params = issue.params ?? {};
  switch (issue.keyword) {
    case 'invalid_type':
      return valueAt(sent, path) === undefined ? 'required' : 'invalid_type';
    case 'too_small':
      return params.origin === 'string' || params.origin === 'array' ? 'too_short' : 'too_small';
    case 'too_big':
      return params.origin === 'string' || params.origin === 'array' ? 'too_long' : 'too_big';
    case 'invalid_format':
      return 'invalid_format';
    case 'unrecognized_keys':
      return 'unrecognized';
    case 'custom': {
      // A refinement may name its code: `.refine(check, { params: { code: 'mismatch' } })`.
      const named = (params.params as Record<string, unknown> | undefined)?.code;
      return isFieldCode(named) ? named : 'invalid';
    }
    default:
      return 'invalid';
  }
}

const SENT: Record<string, (request: FastifyRequest) => unknown> = {
  body: (request) => request.body,
  querystring: (request) => request.query,
  params: (request) => request.params,
  headers: (request) => request.headers,
};

/** Field path (`email`, `where.role`) → code, for forms to show next to fields. */
function fieldErrors(error: FastifyError, request: FastifyRequest): { errors: FieldErrors; first?: string } {
  const errors: FieldErrors = {};
  let first: string | undefined;
  if (!hasZodFastifySchemaValidationErrors(error)) return { errors };
  const sent = SENT[error.validationContext ?? 'body']?.(request);
  for (const issue of error.validation as ValidationIssue[]) {
    const path = issue.instancePath.split('/').filter(Boolean);
    const keys = issue.keyword === 'unrecognized_keys' ? ((issue.params?.keys as string[] | undefined) ?? []) : [''];
    for (const key of keys) {
      const name = [...path, ...(key ? [key] : [])].join('.') || '_';
      errors[name] ??= fieldCode(issue, sent, path);
      first ??= `${name}: ${issue.message ?? 'invalid'}`;
    }
  }
  return { errors, first };
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
        return sendError(reply, error.statusCode, error.code, error.message, error.errors, error.extra);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const { errors, first } = fieldErrors(error, request);
        const where = error.validationContext ?? 'request';
        return sendError(
          reply,
          400,
          'VALIDATION_FAILED',
          first ? `Invalid ${where}: ${first}` : `Invalid ${where}`,
          errors,
        );
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Fastify's own client errors: malformed JSON, wrong content type, body too large…
        return sendError(reply, status, genericErrorCode(status), error.message);
      }
      request.log.error({ err: error }, 'request failed');
      return sendError(reply, 500, 'INTERNAL', 'Internal server error');
    });
  },
  { name: 'errors' },
);
