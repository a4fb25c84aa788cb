import { cardFieldsSchema } from '../../../contracts/cards.ts';
import type {
  CardFields,
  CardType,
  CardVisibility,
  Draft,
  DraftInput,
  TypedLinkKind,
} from '../../../contracts/cards.ts';
import type { FieldError } from '../../../contracts/errors.ts';

/**
 * The type-specific fields as the person types them: text, so a half-typed year or DOI is kept as written
 * (on this device and on screen) even though the server would refuse it; `serverFields` sends only what is
 * valid.
 */
export interface FieldInputs {
  front: string;
  back: string;
  authors: string[];
  year: string;
  doi: string;
  url: string;
  language: string;
}

/** One typed link as the builder shows it: the target's title comes with the draft. */
export interface BuilderLink {
  targetId: string;
  kind: TypedLinkKind;
  title: string | null;
}

/** Everything the builder edits; what autosave sends and what the device keeps. */
export interface BuilderContent {
  title: string;
  body: string;
  type: CardType;
  fields: FieldInputs;
  tags: string[];
  coverURL: string | null;
  visibility: CardVisibility;
  typedLinks: BuilderLink[];
}

/** Which type-specific fields each card type shows. */
export const fieldsOfType: Record<CardType, (keyof FieldInputs)[]> = {
  note: [],
  flashcard: ['front', 'back'],
  cloze: [],
  code: ['language'],
  paper: ['authors', 'year', 'doi', 'url'],
  link: ['url'],
};

/** The builder's content of a draft from the server. */
export function contentOf(draft: Draft): BuilderContent {
  const fields = draft.fields;
  return {
    title: draft.title,
    body: draft.body,
    type: draft.type,
    fields: {
      front: fields.front ?? '',
      back: fields.back ?? '',
      authors: fields.authors ?? [],
      year: fields.year === undefined ? '' : String(fields.year),
      doi: fields.doi ?? '',
      url: fields.url ?? '',
      language: fields.language ?? '',
    },
    tags: draft.tags,
    coverURL: draft.coverURL,
    visibility: draft.visibility,
    typedLinks: draft.typedLinks.map(({ targetId, kind, title }) => ({ targetId, kind, title })),
  };
}

/**
 * The fields the server will accept, and a problem for each one typed that it would refuse. Fields other
 * types use stay on this device (switching back finds them) but are not sent.
 */
export function serverFields(content: BuilderContent): { fields: CardFields; problems: FieldError[] } {
  const fields: CardFields = {};
  const problems: FieldError[] = [];
  const inputs = content.fields;
  const candidates: Partial<Record<keyof CardFields, unknown>> = {
    front: inputs.front || undefined,
    back: inputs.back || undefined,
    authors: inputs.authors.length > 0 ? inputs.authors : undefined,
    year: inputs.year.trim() ? Number(inputs.year.trim()) : undefined,
    doi: inputs.doi.trim() || undefined,
    url: inputs.url.trim() || undefined,
    language: inputs.language.trim().toLowerCase() || undefined,
  };
  for (const key of fieldsOfType[content.type]) {
    const value = candidates[key];
    if (value === undefined) continue;
    const parsed = cardFieldsSchema.shape[key].safeParse(value);
    if (parsed.success) Object.assign(fields, { [key]: parsed.data });
    else
      problems.push({
        path: `fields.${key}`,
        message:
          key === 'year' ? 'A year such as 2017' : (parsed.error.issues[0]?.message ?? 'Not valid yet'),
      });
  }
  return { fields, problems };
}

/** The autosave request for `content`, made from `baseRevision`. */
export function draftInputOf(content: BuilderContent, baseRevision: number): DraftInput {
  return {
    title: content.title,
    body: content.body,
    type: content.type,
    fields: serverFields(content).fields,
    tags: content.tags,
    coverURL: content.coverURL,
    visibility: content.visibility,
    typedLinks: content.typedLinks.map(({ targetId, kind }) => ({ targetId, kind })),
    baseRevision,
  };
}

/** JSON with object keys sorted, so two values compare equal whatever order their keys came in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

/**
 * Whether the server's draft holds exactly what `content` would save: then a newer revision there is this
 * device's own save (sent as the page closed), not someone else's change.
 */
export function holdsContent(draft: Draft, content: BuilderContent): boolean {
  const { baseRevision: _base, ...sent } = draftInputOf(content, 0);
  return (
    canonical(sent) ===
    canonical({
      title: draft.title,
      body: draft.body,
      type: draft.type,
      fields: draft.fields,
      tags: draft.tags,
      coverURL: draft.coverURL,
      visibility: draft.visibility,
      typedLinks: draft.typedLinks.map(({ targetId, kind }) => ({ targetId, kind })),
    })
  );
}
