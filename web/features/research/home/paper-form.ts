import { paperMetadataSchema, type PaperAuthor, type PaperMetadata } from '../../../../contracts/research.ts';

/** The add-paper form as typed: every field a string, authors one per line, tags a list. */
export interface PaperFormValues {
  title: string;
  authors: string;
  venue: string;
  year: string;
  volume: string;
  issue: string;
  pages: string;
  doi: string;
  arxivId: string;
  url: string;
  codeUrl: string;
  tldr: string;
  abstract: string;
  tags: string[];
}

/** The text fields of the form, in the order they are shown. */
export type PaperTextField = Exclude<keyof PaperFormValues, 'tags'>;

/** An empty form. */
export const emptyPaperForm: PaperFormValues = {
  title: '',
  authors: '',
  venue: '',
  year: '',
  volume: '',
  issue: '',
  pages: '',
  doi: '',
  arxivId: '',
  url: '',
  codeUrl: '',
  tldr: '',
  abstract: '',
  tags: [],
};

/** The form filled from a looked-up record, to review before adding. */
export function formFromMetadata(paper: PaperMetadata): PaperFormValues {
  return {
    title: paper.title,
    authors: paper.authors
      .map((author) => (author.orcid ? `${author.name} | ${author.orcid}` : author.name))
      .join('\n'),
    venue: paper.venue ?? '',
    year: paper.year?.toString() ?? '',
    volume: paper.volume ?? '',
    issue: paper.issue ?? '',
    pages: paper.pages ?? '',
    doi: paper.doi ?? '',
    arxivId: paper.arxivId ?? '',
    url: paper.url ?? '',
    codeUrl: paper.codeUrl ?? '',
    tldr: paper.tldr ?? '',
    abstract: paper.abstract ?? '',
    tags: paper.tags,
  };
}

/** Authors typed one per line, "Name" or "Name | ORCID"; blank lines are skipped. */
export function parseAuthors(text: string): PaperAuthor[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const bar = line.indexOf('|');
      if (bar < 0) return { name: line };
      const name = line.slice(0, bar).trim();
      const orcid = line.slice(bar + 1).trim();
      return orcid ? { name, orcid } : { name };
    });
}

/** Which form field a problem's path names ("paper.authors.1.orcid" → "authors"); null when none. */
export function fieldOfPath(path: string | readonly PropertyKey[]): PaperTextField | 'tags' | null {
  const parts = typeof path === 'string' ? path.split('.') : path.map(String);
  const [first, second] = parts[0] === 'paper' ? parts.slice(1) : parts;
  const name = first ?? second;
  if (name === undefined) return null;
  return name in emptyPaperForm ? (name as PaperTextField | 'tags') : null;
}

/** Field problems keyed by form field: the first message for each. */
export type PaperFieldErrors = Partial<Record<PaperTextField | 'tags', string>>;

/**
 * The record the form describes, checked by the contract: the metadata to send, or the problems per field.
 * Empty fields are left out rather than sent as empty strings.
 */
export function metadataFromForm(
  values: PaperFormValues,
): { ok: true; paper: PaperMetadata } | { ok: false; errors: PaperFieldErrors } {
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const yearText = values.year.trim();
  const candidate = {
    title: values.title,
    authors: parseAuthors(values.authors),
    venue: optional(values.venue),
    year: yearText === '' ? undefined : Number(yearText),
    volume: optional(values.volume),
    issue: optional(values.issue),
    pages: optional(values.pages),
    doi: optional(values.doi),
    arxivId: optional(values.arxivId),
    url: optional(values.url),
    codeUrl: optional(values.codeUrl),
    tldr: optional(values.tldr),
    abstract: values.abstract.trim() === '' ? undefined : values.abstract,
    tags: values.tags,
  };
  const parsed = paperMetadataSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, paper: parsed.data };
  const errors: PaperFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOfPath(issue.path);
    if (field && errors[field] === undefined) {
      errors[field] =
        field === 'year' && issue.code === 'invalid_type' ? 'A year is a number, like 2017' : issue.message;
    }
  }
  return { ok: false, errors };
}
