// The one way the server fetches a web address a person gave it (see fetch.ts for the rules).
export { isPublicAddress } from './addresses.ts';
export { OutboundFetchError, type OutboundFetchErrorKind } from './errors.ts';
export {
  outboundFetch,
  presetOutboundFetch,
  type OutboundFetch,
  type OutboundFetchOptions,
  type OutboundResponse,
} from './fetch.ts';
