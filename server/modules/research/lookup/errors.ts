/** Thrown by the parsers when an answer is not the record it should be; the lookup calls it an invalid response. */
export class LookupFormatError extends Error {
  override name = 'LookupFormatError';
}
