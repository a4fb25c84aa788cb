import type { FieldError } from '../../contracts/errors.ts';

// A module of its own, without zod or the error catalogue, so code on the start-up path (the query client's
// retry policy) can recognise an API failure without loading the API client.

/**
 * A failed API call, whatever went wrong: the server's error envelope, a response we could not read, or no
 * response at all. `code` is the stable thing to switch on; `message` is fit to show to people.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  /** `area/kebab-code` from the server, or a `common/*` code the client chose when there was no envelope. */
  readonly code: string;
  /** HTTP status; 0 when the request never got an answer. */
  readonly status: number;
  /** Per-field problems (`path` is the dotted field name), empty when the error is not about fields. */
  readonly fields: readonly FieldError[];
  readonly requestId: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(init: {
    code: string;
    message: string;
    status: number;
    fields?: readonly FieldError[];
    requestId?: string | undefined;
    retryAfterSeconds?: number | undefined;
  }) {
    super(init.message);
    this.code = init.code;
    this.status = init.status;
    this.fields = init.fields ?? [];
    this.requestId = init.requestId;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }

  /** The message for one field, if the server named it. */
  fieldMessage(path: string): string | undefined {
    return this.fields.find((field) => field.path === path)?.message;
  }
}
