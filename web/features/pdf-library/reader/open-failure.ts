import { errorCodeForStatus, type ErrorCode } from '../../../../contracts/errors.ts';

/**
 * The catalogue code that words why pdf.js could not open a file, for `errorSentence`'s fallback: pdf.js
 * throws its own exceptions (told apart by name), not the API's errors.
 */
export function openFailureCode(error: unknown): ErrorCode {
  const name = error instanceof Error ? error.name : '';
  switch (name) {
    case 'PasswordException':
      return 'pdf/encrypted';
    case 'InvalidPDFException':
    case 'UnknownErrorException':
    case 'FormatError':
      return 'pdf/broken';
    case 'ResponseException': {
      const status = (error as { status?: unknown }).status;
      return typeof status === 'number' && status > 0 ? errorCodeForStatus(status) : 'common/network-error';
    }
    default:
      // The reader's code failed to load, or the connection dropped mid-file.
      return 'common/network-error';
  }
}
