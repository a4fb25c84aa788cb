import type { FieldError } from '../../../../contracts/errors.ts';
import type { PostContent } from '../../../../contracts/blog.ts';

/** A problem the server found with one field of the post, keyed by the field. */
export type FieldErrors = Partial<Record<keyof PostContent, string>>;

/** The editor's name of each field, as its label says it. */
export const fieldNames: Record<keyof PostContent, string> = {
  title: 'Title',
  body: 'Text',
  slug: 'Address',
  excerpt: 'Excerpt',
  seoDescription: 'Search description',
  coverURL: 'Cover image',
  coverAlt: 'Cover alt text',
  tags: 'Tags',
  seriesTitle: 'Series',
};

function isField(name: string): name is keyof PostContent {
  return Object.hasOwn(fieldNames, name);
}

/**
 * The server's field problems by field: `tags.2` counts as `tags`, a leading `content.` is dropped, and the
 * first problem of a field is the one shown. Paths that name no field are left out (the list says them).
 */
export function fieldErrorsOf(fields: readonly FieldError[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of fields) {
    const parts = field.path.split('.').filter((part) => part !== '');
    if (parts[0] === 'content') parts.shift();
    const name = parts[0];
    if (name !== undefined && isField(name)) errors[name] ??= field.message;
  }
  return errors;
}

/** Where a problem is, in words: "Tags: At most 8 tags"; a path the editor does not know stays as it is. */
export function describeFieldError(field: FieldError): string {
  const parts = field.path.split('.').filter((part) => part !== '');
  if (parts[0] === 'content') parts.shift();
  const name = parts[0];
  const place = name !== undefined && isField(name) ? fieldNames[name] : field.path || 'The post';
  return `${place}: ${field.message}`;
}
