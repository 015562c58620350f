import { AppError, defaultMessages, type ErrorBody, type ErrorCode } from '@folio/core';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';

function body(code: ErrorCode, message: string, extra?: Partial<ErrorBody>): ErrorBody {
  return { error: code, message, detail: message, ...extra };
}

/** Fastify's own error codes that are the client's fault. */
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_REQ_FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_RATE_LIMIT: 'RATE_LIMITED',
};

/**
 * Errors the multipart parser (@fastify/busboy, under @fastify/multipart) raises for a malformed
 * body, as plain Errors with no code or status: the client's fault, not the server's.
 */
const malformedMultipart =
  /^(Multipart: |Unexpected end of (multipart data|form)$|Malformed part header$)/;

/** Statuses raised by plugins (rate limit, multipart, …) whose message we word ourselves. */
const statusCodes: Record<number, ErrorCode> = {
  401: 'UNAUTHENTICATED',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
};

/** The one error handler: domain codes → HTTP status and the user-facing message. */
export const errorHandlerPlugin = fp((app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.status >= 500) request.log.error({ err }, err.message);
      return reply
        .status(err.status)
        .send(body(err.code, err.message, err.field ? { field: err.field } : {}));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? 'Invalid value',
      }));
      const first = issues[0];
      const field = first?.path || undefined;
      return reply
        .status(400)
        .send(body('VALIDATION', first?.message ?? defaultMessages.VALIDATION, { issues, field }));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
      return reply.status(500).send(body('INTERNAL', defaultMessages.INTERNAL));
    }
    const mapped = err.code ? fastifyCodes[err.code] : undefined;
    if (mapped) {
      const status = err.statusCode ?? 400;
      const message = mapped === 'BAD_REQUEST' ? err.message : defaultMessages[mapped];
      return reply.status(status).send(body(mapped, message));
    }
    if (!err.code && !err.statusCode && malformedMultipart.test(err.message)) {
      return reply
        .status(400)
        .send(body('BAD_REQUEST', 'The form data could not be read: it is not well-formed.'));
    }
    const status = err.statusCode ?? 500;
    const byStatus = statusCodes[status];
    if (byStatus) return reply.status(status).send(body(byStatus, defaultMessages[byStatus]));
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body('BAD_REQUEST', err.message));
    }
    // The connection is gone (e.g. Node's parser refused the rest of a chunked body, answered 400
    // and closed it; a plugin reading request.ip then finds no address): nothing can be
    // answered, and the failure is the client's, not one to raise an alarm for.
    if (request.raw.socket?.destroyed) {
      request.log.warn({ err }, 'request failed after its connection closed');
      return reply.status(400).send(body('BAD_REQUEST', defaultMessages.BAD_REQUEST));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', defaultMessages.INTERNAL));
  });
});
