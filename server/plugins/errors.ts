import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import {
  errorCatalogue,
  errorCodeForStatus,
  type ErrorCode,
  type ErrorEnvelope,
  type FieldError,
} from '../../contracts/errors.ts';
import { AppError } from '../lib/app-error.ts';

function envelope(
  code: ErrorCode,
  message: string,
  details?: ErrorEnvelope['error']['details'],
): ErrorEnvelope {
  return { error: details ? { code, message, details } : { code, message } };
}

function fieldsFromValidation(error: FastifyError): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.map((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const where = error.validationContext === 'body' ? '' : `${error.validationContext ?? ''}`;
    return { path: path || where || '(root)', message: issue.message ?? 'Invalid value' };
  });
}

/**
 * Answers every failure with the error envelope: validation failures list each bad field, AppErrors keep
 * their code, and anything unexpected becomes a 500 that is logged with its request id and hides internals.
 */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof AppError) {
        return reply.status(error.statusCode).send(envelope(error.code, error.message, error.details));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        return reply.status(400).send(
          envelope('common/validation-failed', errorCatalogue['common/validation-failed'].message, {
            fields: fieldsFromValidation(error),
          }),
        );
      }
      const status = error.statusCode ?? 500;
      if (status >= 500 || isResponseSerializationError(error)) {
        request.log.error({ err: error }, 'request failed');
        const code = status === 503 ? 'common/service-unavailable' : 'common/internal-error';
        return reply
          .status(status === 503 ? 503 : 500)
          .send(envelope(code, errorCatalogue[code].message, { requestId: String(request.id) }));
      }
      // Fastify's own client errors (bad JSON, wrong content type, too large) map onto catalogue codes.
      const code = errorCodeForStatus(status);
      // Client errors from Fastify itself (malformed JSON, empty body…): its message is safe and useful.
      const message = code === 'common/bad-request' ? error.message : errorCatalogue[code].message;
      return reply.status(status).send(envelope(code, message));
    });
  },
  { name: 'errors' },
);

/** The envelope for an unknown `/api/*` path. */
export function routeNotFound(request: FastifyRequest): ErrorEnvelope {
  return envelope(
    'common/route-not-found',
    `There is no API endpoint ${request.method} ${request.url.split('?')[0] ?? ''}.`,
  );
}
