import type { FastifyError, FastifyInstance } from 'fastify';
import { isOperationError } from '../../shared/contract/errors.ts';
import { FilterError } from '../../shared/filters/grammar.ts';
import { sendError } from './envelope.ts';

/** Turns anything thrown into an envelope; unexpected errors become a bare 500. */
export function installErrorHandling(app: FastifyInstance, onUnexpected: (error: unknown) => void): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (isOperationError(error)) return sendError(request, reply, error.status, error.messages);
    if (error instanceof FilterError) return sendError(request, reply, 400, [error.message]);
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      const where = fastifyError.validationContext ?? 'body';
      // Fastify's Ajv stops at the first error (allErrors: false, its default; no route has a
      // Fastify schema for its body today); the envelope lists MAX_MESSAGES at most in any case.
      const messages = fastifyError.validation.map((v) => {
        const path = v.instancePath.split('/').filter(Boolean).join('.');
        const missing = (v.params as { missingProperty?: string }).missingProperty;
        const extra = (v.params as { additionalProperty?: string }).additionalProperty;
        if (missing) return `${path ? `${path}.` : ''}${missing}: required field is missing`;
        if (extra) return `${path ? `${path}.` : ''}${extra}: unknown field`;
        return `${path || where}: ${v.message ?? 'invalid'}`;
      });
      return sendError(request, reply, 400, messages);
    }
    switch (fastifyError.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return sendError(request, reply, 400, [`malformed JSON body: ${fastifyError.message}`]);
      case 'FST_ERR_CTP_BODY_TOO_LARGE': {
        // A route may set its own limit (the control API's base64 uploads).
        const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit;
        return sendError(request, reply, 413, [`request body is larger than the limit of ${limit} bytes`]);
      }
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendError(request, reply, 415, [
          `unsupported Content-Type '${request.headers['content-type'] ?? ''}': send application/json ` +
            '(multipart/form-data for file uploads)',
        ]);
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return sendError(request, reply, 400, ['Content-Length does not match the body']);
    }
    if (isSqliteBusy(error)) {
      // Every write runs in one transaction: the one that found the lock taken changed nothing.
      void reply.header('retry-after', '1');
      return sendError(request, reply, 503, [
        'database busy: the data file stayed locked by another connection beyond the busy timeout ' +
          '(another process writing to it, or a long checkpoint); the request changed nothing, try it again',
      ]);
    }
    const status = fastifyError.statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return sendError(request, reply, status, [fastifyError.message]);
    }
    onUnexpected(error);
    return sendError(request, reply, 500, ['internal error: the request was not completed; see the service log']);
  });
}

/**
 * SQLite's SQLITE_BUSY and its extended codes (BUSY_SNAPSHOT, BUSY_RECOVERY, BUSY_TIMEOUT): the
 * file was locked by another connection. Not a fault of the service: a 503 the caller can retry.
 */
function isSqliteBusy(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^SQLITE_BUSY(_|$)/.test(code);
}
