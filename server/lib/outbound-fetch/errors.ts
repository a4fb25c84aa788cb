/**
 * Why an outbound fetch failed:
 * - `refused-address`: the host is, or resolves to, an address that is not on the public internet;
 * - `refused-scheme`: the URL is not an http: or https: web address;
 * - `too-large`: the body is bigger than the caller's cap;
 * - `timeout`: the whole fetch, redirects and body included, took longer than allowed;
 * - `too-many-redirects`: the chain of redirects was longer than allowed;
 * - `http`: the final answer's status is not 2xx (`status` says which);
 * - `network`: the host could not be found or reached, or the connection broke;
 * - `disabled`: the operator turned fetching off.
 */
export type OutboundFetchErrorKind =
  | 'refused-address'
  | 'refused-scheme'
  | 'too-large'
  | 'timeout'
  | 'too-many-redirects'
  | 'http'
  | 'network'
  | 'disabled';

/** The one error `outboundFetch` throws; `message` is a sentence a person can read. */
export class OutboundFetchError extends Error {
  override name = 'OutboundFetchError';
  readonly kind: OutboundFetchErrorKind;
  /** The HTTP status, for `http`. */
  readonly status: number | undefined;

  constructor(
    kind: OutboundFetchErrorKind,
    message: string,
    extra: { status?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: extra.cause });
    this.kind = kind;
    this.status = extra.status;
  }
}
