import type { z } from 'zod';
import { extractorLimits } from '../../../contracts/extractor.ts';
import { ApiError } from '../../lib/api.ts';

/**
 * Field problems by the field's dotted path in the request body (`source.url`, `options.maxFileKb`): from the
 * contract's schema before sending, or from the server's answer after.
 */
export type FieldErrors = Readonly<Record<string, string>>;

const listFields = new Set(['options.include', 'options.exclude', 'options.keepInTree']);

/** Words of our own where zod's defaults speak of types and operators. */
const fieldWords: Record<string, string> = {
  'options.maxFileKb': `Give a whole number of KB from ${extractorLimits.maxFileKb.min} to ${extractorLimits.maxFileKb.max.toLocaleString('en')}.`,
  'options.partTokens': `Give a whole number of tokens from ${extractorLimits.partTokens.min.toLocaleString('en')} to ${extractorLimits.partTokens.max.toLocaleString('en')}.`,
};

/** The field a problem belongs to: a glob's problem is its list's, and says which line. */
function placeOf(path: readonly PropertyKey[], message: string): [field: string, message: string] {
  const parts = path.map(String);
  const list = parts.slice(0, 2).join('.');
  if (listFields.has(list) && parts.length > 2) {
    const line = Number(parts[2]);
    return [list, Number.isInteger(line) ? `Line ${line + 1}: ${message}` : message];
  }
  const field = parts.join('.');
  return [field, fieldWords[field] ?? message];
}

/** The schema's problems by field, the first for each. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const [field, message] = placeOf(issue.path, issue.message);
    errors[field] ??= message;
  }
  return errors;
}

/** The server's problems by field, when it named fields. */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const errors: Record<string, string> = {};
  for (const field of error.fields) {
    const [place, message] = placeOf(field.path.split('.'), field.message);
    errors[place] ??= message;
  }
  return errors;
}

/** The problems under `prefix.` with the prefix taken off (`options.exclude` → `exclude`). */
export function errorsUnder(errors: FieldErrors, prefix: string): FieldErrors {
  const result: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors))
    if (field.startsWith(`${prefix}.`)) result[field.slice(prefix.length + 1)] = message;
  return result;
}
