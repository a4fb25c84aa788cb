import { ApiError } from '../../../lib/api-error.ts';
import { errorSentence } from '../../../lib/error-sentence.ts';

/** Problems to show on a form: one sentence per field, and one for the form when no field is to blame. */
export interface FormProblems {
  fields: Record<string, string>;
  form: string | null;
}

/**
 * The API's `details.fields`, by the first part of each path ("tags.2" goes under "tags"; the first message
 * for a field wins). A failure naming no field, or only fields the form does not show, is said for the form.
 */
export function problemsOf(error: unknown, shown: readonly string[]): FormProblems {
  const fields: Record<string, string> = {};
  const list = error instanceof ApiError ? error.fields : [];
  for (const field of list) {
    const name = field.path.split('.')[0] ?? '';
    if (shown.includes(name) && !(name in fields)) fields[name] = field.message;
  }
  return { fields, form: Object.keys(fields).length > 0 ? null : errorSentence(error) };
}

/** "a, b,,c " → ["a", "b", "c"]: a list typed in one box. */
export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
