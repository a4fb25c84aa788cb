import { z } from 'zod';
import { profileSummarySchema } from './profiles.ts';
import {
  arxivIdSchema,
  orcidSchema,
  PAPER_TITLE_MAX,
  paperMetadataSchema,
  paperReferenceSchema,
} from './paper-record.ts';

/** The kinds of card. Each has the same body; some carry extra fields. */
export const cardTypes = ['note', 'flashcard', 'cloze', 'code', 'paper', 'link'] as const;
export type CardType = (typeof cardTypes)[number];

/** Who may open a card: everyone and every list, only people with the link, or only its author. */
export const cardVisibilities = ['public', 'unlisted', 'private'] as const;
export type CardVisibility = (typeof cardVisibilities)[number];

/**
 * Typed links an author adds in the builder. Links from the body are kind `wiki` (`[[Title]]`) or `cites`
 * (a `[@citationKey]` citation of a paper).
 */
export const typedLinkKinds = ['related', 'prerequisite', 'example-of', 'contradicts'] as const;
export type TypedLinkKind = (typeof typedLinkKinds)[number];
export const linkKinds = ['wiki', 'cites', ...typedLinkKinds] as const;
export type LinkKind = (typeof linkKinds)[number];

/** How long a deleted card can be brought back. */
export const undoDeleteSeconds = 10;

const urlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => /^https?:\/\//i.test(value), 'Use a web address starting with http:// or https://');

/** A cover image: an uploaded file of ours, or a web address. */
export const coverUrlSchema = z
  .string()
  .max(2000)
  .refine(
    (value) => /^\/api\/files\/[0-9a-f]{64}$/.test(value) || /^https:\/\//i.test(value),
    'Upload an image, or use an https:// address',
  );

/** Type-specific fields. All optional while drafting; publishing checks what each type needs. */
export const cardFieldsSchema = z.object({
  front: z.string().max(5_000, 'At most 5,000 characters').optional(),
  back: z.string().max(5_000, 'At most 5,000 characters').optional(),
  authors: z.array(z.string().trim().min(1).max(200)).max(100).optional(),
  year: z.number().int().min(1000).max(3000).optional(),
  doi: z
    .string()
    .trim()
    .regex(/^10\.\d{4,9}\/\S+$/, 'A DOI looks like 10.1234/abcd')
    .optional(),
  url: urlSchema.optional(),
  language: z
    .string()
    .trim()
    .regex(/^[a-z0-9+#-]{1,30}$/, 'A language name such as python or typescript')
    .optional(),
  // A paper's record beyond authors, year, DOI and URL (contracts/research.ts); its abstract is the body.
  /** Each author's ORCID iD, in the order of `authors` ('' where unknown). */
  authorOrcids: z
    .array(orcidSchema.or(z.literal('')))
    .max(100)
    .optional(),
  venue: paperMetadataSchema.shape.venue,
  volume: paperMetadataSchema.shape.volume,
  issue: paperMetadataSchema.shape.issue,
  pages: paperMetadataSchema.shape.pages,
  arxivId: arxivIdSchema.optional(),
  codeUrl: urlSchema.optional(),
  tldr: paperMetadataSchema.shape.tldr,
  citationKey: paperMetadataSchema.shape.citationKey,
  references: z.array(paperReferenceSchema).max(2000).optional(),
});
export type CardFields = z.infer<typeof cardFieldsSchema>;

export const typedLinkSchema = z.object({ targetId: z.uuid(), kind: z.enum(typedLinkKinds) });
export type TypedLink = z.infer<typeof typedLinkSchema>;

/**
 * `PUT /api/cards/:id/draft`: the builder's autosave. Drafts may be incomplete (an empty title is fine until
 * publishing); sizes are limited all the same. `baseRevision` is the revision the edit started from: a save
 * from an older copy is refused with `cards/draft-conflict` instead of overwriting newer text.
 */
export const draftInputSchema = z
  .object({
    // A paper keeps its whole title (a few run past 120 characters); other cards are checked below.
    title: z.string().max(PAPER_TITLE_MAX, `At most ${PAPER_TITLE_MAX} characters`),
    body: z.string().max(50_000, 'At most 50,000 characters'),
    type: z.enum(cardTypes),
    fields: cardFieldsSchema,
    tags: z.array(z.string().max(100)).max(10, 'At most 10 tags'),
    coverURL: coverUrlSchema.nullable(),
    visibility: z.enum(cardVisibilities),
    typedLinks: z.array(typedLinkSchema).max(50, 'At most 50 typed links'),
    baseRevision: z.number().int().min(0),
  })
  .refine((draft) => draft.type === 'paper' || draft.title.length <= 120, {
    path: ['title'],
    message: 'At most 120 characters',
  });
export type DraftInput = z.infer<typeof draftInputSchema>;

/** `POST /api/cards`: a new draft, optionally with a title (from an unknown `[[link]]`) and a type. */
export const newCardSchema = z.object({
  title: z.string().max(120).optional(),
  type: z.enum(cardTypes).optional(),
});

/** The draft the builder edits. `published` says whether the card has a live version others see. */
export const draftSchema = z.object({
  cardId: z.uuid(),
  title: z.string(),
  body: z.string(),
  type: z.enum(cardTypes),
  fields: cardFieldsSchema,
  tags: z.array(z.string()),
  coverURL: z.string().nullable(),
  visibility: z.enum(cardVisibilities),
  typedLinks: z.array(typedLinkSchema.extend({ title: z.string().nullable() })),
  revision: z.number().int(),
  updatedAt: z.string(),
  published: z.boolean(),
  /** True when the draft differs from the live version (always true before the first publish). */
  hasUnpublishedChanges: z.boolean(),
  forkOf: z.object({ id: z.uuid(), title: z.string() }).nullable(),
});
export type Draft = z.infer<typeof draftSchema>;

/** A card in a list: the grid of Explore, profile tabs, backlinks. */
export const cardSummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  excerpt: z.string(),
  type: z.enum(cardTypes),
  tags: z.array(z.string()),
  coverURL: z.string().nullable(),
  visibility: z.enum(cardVisibilities),
  status: z.enum(['draft', 'published']),
  author: profileSummarySchema,
  likes: z.number().int(),
  remixes: z.number().int(),
  views: z.number().int(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type CardSummary = z.infer<typeof cardSummarySchema>;

/**
 * Where a card made from a PDF highlight came from: the paper and page, and the citation it keeps when the PDF
 * is gone. `href` leads back to the page and highlight in the reader, for the card's author while the PDF is
 * still in their library (nobody else can open it).
 */
export const cardSourceSchema = z.object({
  paperTitle: z.string(),
  page: z.number().int(),
  citation: z.string(),
  href: z.string().nullable(),
});
export type CardSource = z.infer<typeof cardSourceSchema>;

/** `GET /api/cards/:id`: a card as its reader may see it. */
export const cardSchema = cardSummarySchema.extend({
  body: z.string(),
  fields: cardFieldsSchema,
  version: z.number().int(),
  createdAt: z.string(),
  forkOf: z.object({ id: z.uuid(), title: z.string(), author: profileSummarySchema }).nullable(),
  likedByMe: z.boolean(),
  isOwner: z.boolean(),
  /** The cards its `[[links]]` and typed links point to, for rendering them by id. */
  links: z.array(z.object({ id: z.uuid(), title: z.string(), kind: z.enum(linkKinds) })),
  source: cardSourceSchema.nullable(),
  /** For a paper card: the reader's own PDF attached to it, if any (each person attaches their own copy). */
  attachedPdf: z.object({ id: z.uuid(), title: z.string() }).nullable(),
});
export type Card = z.infer<typeof cardSchema>;

/** A page of cards, newest first or by rank; pass `nextCursor` back as `cursor`. */
export const cardPageSchema = z.object({
  items: z.array(cardSummarySchema),
  nextCursor: z.string().nullable(),
});
export type CardPage = z.infer<typeof cardPageSchema>;

export const cardPageQuerySchema = z.object({
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/** `PUT`/`DELETE /api/cards/:id/like`: the state after the change. */
export const likeResponseSchema = z.object({ liked: z.boolean(), likes: z.number().int() });

/** Cards asked about at once in `GET /api/cards/likes`. */
export const CARD_LIKES_MAX_IDS = 100;

/** `GET /api/cards/likes?ids=a,b`: card ids, comma-separated, each once. */
export const cardLikesQuerySchema = z.object({
  ids: z
    .string()
    .transform((value) => [...new Set(value.split(',').map((id) => id.trim().toLowerCase()))])
    .pipe(
      z
        .array(z.uuid('Not a card id'))
        .min(1, 'Give at least one card id')
        .max(CARD_LIKES_MAX_IDS, `Ask about at most ${CARD_LIKES_MAX_IDS} cards at once`),
    ),
});

/** Whether the reader likes each of the asked cards that are published and readable, with its count. */
export const cardLikesSchema = z.object({
  items: z.array(z.object({ id: z.uuid(), liked: z.boolean(), likes: z.number().int() })),
});
export type CardLikes = z.infer<typeof cardLikesSchema>;

/** `DELETE /api/cards/:id`: the card can be restored until `undoUntil`. */
export const deleteResponseSchema = z.object({ id: z.uuid(), undoUntil: z.string() });

/** `GET /api/cards/:id/versions`: every publish, newest first. */
export const versionSummarySchema = z.object({
  version: z.number().int(),
  title: z.string(),
  publishedAt: z.string(),
});
export const versionListSchema = z.object({ items: z.array(versionSummarySchema) });
export const versionSchema = versionSummarySchema.extend({
  body: z.string(),
  type: z.enum(cardTypes),
  fields: cardFieldsSchema,
  tags: z.array(z.string()),
  coverURL: z.string().nullable(),
});
export type CardVersion = z.infer<typeof versionSchema>;

/** `GET /api/cards/:id/backlinks`: cards that link here, and cards that name this title without linking. */
export const backlinksSchema = z.object({
  linked: z.array(cardSummarySchema.extend({ kind: z.enum(linkKinds) })),
  mentions: z.array(cardSummarySchema),
});
export type Backlinks = z.infer<typeof backlinksSchema>;

/** `GET /api/cards/:id/graph?depth=`: the card's neighbourhood for the local graph. */
export const graphSchema = z.object({
  nodes: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      type: z.enum(cardTypes),
      likes: z.number().int(),
      depth: z.number().int(),
    }),
  ),
  edges: z.array(z.object({ source: z.uuid(), target: z.uuid(), kind: z.enum(linkKinds) })),
});
export type CardGraph = z.infer<typeof graphSchema>;

/** `GET /api/cards/titles?q=`: titles for `[[` autocomplete (the reader's own cards and public cards). */
export const titleSuggestionsSchema = z.object({
  items: z.array(z.object({ id: z.uuid(), title: z.string(), mine: z.boolean() })),
});

/** `GET /api/cards/search`: full-text search of public cards, with filters. */
export const searchQuerySchema = z.object({
  q: z.string().trim().max(200).default(''),
  tag: z.string().trim().max(100).optional(),
  type: z.enum(cardTypes).optional(),
  author: z.string().trim().max(30).optional(),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

/**
 * Search results: each card with a snippet of its text around the match. In `snippet`, the matched words are
 * wrapped in U+0001 … U+0002 so the client can mark them without parsing HTML.
 */
export const searchResultsSchema = z.object({
  items: z.array(cardSummarySchema.extend({ snippet: z.string() })),
  nextCursor: z.string().nullable(),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;

/** Where the matched words in a search snippet start and end. */
export const snippetMarks = { start: '\u0001', end: '\u0002' } as const;

/** `GET /api/cards/:id/graph?depth=`: how far from the card the local graph reaches. */
export const localGraphQuerySchema = z.object({
  depth: z.coerce.number().int().min(1).max(2).default(1),
});

/** `GET /api/cards/graph`: the global graph of public cards, optionally narrowed to a tag or an author. */
export const globalGraphQuerySchema = z.object({
  tag: z.string().trim().max(100).optional(),
  author: z.string().trim().max(30).optional(),
  limit: z.coerce.number().int().min(1).max(300).default(100),
});

/** `POST /api/cards/:id/views`: whether this view was counted (one per viewer per card per day), and the total. */
export const viewResponseSchema = z.object({ counted: z.boolean(), views: z.number().int() });
export type ViewResponse = z.infer<typeof viewResponseSchema>;

/** `GET /api/tags?q=`: tags of public cards that start with `q`, most used first. */
export const tagSuggestionsQuerySchema = z.object({ q: z.string().trim().max(100).default('') });
export const tagSuggestionsSchema = z.object({
  items: z.array(z.object({ tag: z.string(), count: z.number().int() })),
});
export type TagSuggestions = z.infer<typeof tagSuggestionsSchema>;

/** `POST /api/cards/import`: Markdown files (front matter optional) to turn into drafts, all or none. */
export const importRequestSchema = z.object({
  files: z
    .array(
      z.object({
        name: z.string().min(1).max(200),
        text: z.string().max(60_000, 'At most 60,000 characters a file'),
      }),
    )
    .min(1, 'Choose at least one file')
    .max(100, 'At most 100 files at a time'),
});
export type ImportRequest = z.infer<typeof importRequestSchema>;

export const importResponseSchema = z.object({
  items: z.array(z.object({ id: z.uuid(), title: z.string(), file: z.string() })),
});
