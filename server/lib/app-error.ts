import { errorCatalogue, type ErrorCode, type ErrorEnvelope } from '../../contracts/errors.ts';

type Details = NonNullable<ErrorEnvelope['error']['details']>;

/**
 * An error the API answers with on purpose: it carries a catalogue code, and the error plugin turns it into
 * the `{ error: { code, message, details } }` envelope with the catalogue's status.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly details: Details | undefined;

  constructor(code: ErrorCode, options: { message?: string; details?: Details; cause?: unknown } = {}) {
    super(options.message ?? errorCatalogue[code].message, { cause: options.cause });
    this.code = code;
    this.statusCode = errorCatalogue[code].status;
    this.details = options.details;
  }
}
