import { z } from 'zod';

/** The rules for a PDF upload, which the server enforces and the library checks first for quick feedback. */
export const pdfRules = {
  /** Largest upload, in bytes (100 MB). */
  maxBytes: 100 * 1024 * 1024,
  /** Uploads accepted per person per minute. */
  uploadsPerMinute: 60,
  /** Most tags on one PDF. */
  maxTags: 20,
  /** Most highlights in one PDF. */
  maxHighlights: 5_000,
  /** Most collections one person keeps. */
  maxCollections: 200,
} as const;

/** Where a person is with a paper. */
export const readStatuses = ['to-read', 'reading', 'read'] as const;
export type ReadStatus = (typeof readStatuses)[number];
export const readStatusLabels: Record<ReadStatus, string> = {
  'to-read': 'To read',
  reading: 'Reading',
  read: 'Read',
};

/** The five highlight colours. */
export const highlightColors = ['yellow', 'green', 'blue', 'pink', 'purple'] as const;
export type HighlightColor = (typeof highlightColors)[number];

/** Where text extraction stands: `no-text` means the pages are images (a scan) and search will not find them. */
export const textStatuses = ['pending', 'extracted', 'no-text', 'failed'] as const;
export type TextStatus = (typeof textStatuses)[number];

/** Whether Make card writes a draft or publishes; null until the person has chosen. */
export const makeCardModes = ['draft', 'published'] as const;
export type MakeCardMode = (typeof makeCardModes)[number];

/** The citation formats the library exports. */
export const citationFormats = ['bibtex', 'ris', 'csl-json'] as const;
export type CitationFormat = (typeof citationFormats)[number];

/** The list's orders. */
export const pdfSorts = ['added', 'opened', 'title', 'author', 'year'] as const;
export type PdfSort = (typeof pdfSorts)[number];

const doiSchema = z
  .string()
  .trim()
  .regex(/^10\.\d{4,9}\/\S+$/, 'A DOI looks like 10.1234/abcd');
const arxivIdSchema = z
  .string()
  .trim()
  .regex(/^(\d{4}\.\d{4,5}|[a-z-]+(\.[A-Z]{2})?\/\d{7})(v\d+)?$/, 'An arXiv id looks like 2101.01234');
const tagSchema = z.string().trim().min(1).max(50, 'A tag has at most 50 characters');

/** Where a PDF's bytes are served from (owner only, with range requests). */
export function pdfFileUrl(id: string): string {
  return `/api/pdfs/${id}/file`;
}

/** The reader's address for a page and, optionally, a highlight. */
export function pdfReaderPath(id: string, page?: number, highlightId?: string): string {
  const query = page ? `?page=${page}` : '';
  return `/learn/pdf-library/${id}${query}${highlightId ? `#h-${highlightId}` : ''}`;
}

/** A PDF in the library list. */
export const pdfDocumentSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  authors: z.array(z.string()),
  year: z.number().int().nullable(),
  doi: z.string().nullable(),
  arxivId: z.string().nullable(),
  tags: z.array(z.string()),
  collectionIds: z.array(z.uuid()),
  status: z.enum(readStatuses),
  /** The page the reader was last on (1-based); the reader opens there. */
  lastPage: z.number().int().min(1),
  pageCount: z.number().int().min(0),
  byteSize: z.number().int(),
  fileName: z.string(),
  textStatus: z.enum(textStatuses),
  /** The paper card this PDF is attached to. */
  paperCard: z.object({ id: z.uuid(), title: z.string() }).nullable(),
  highlightCount: z.number().int(),
  cardCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  openedAt: z.string().nullable(),
});
export type PdfDocument = z.infer<typeof pdfDocumentSchema>;

/** A named group of PDFs. */
export const pdfCollectionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  documentCount: z.number().int(),
});
export type PdfCollection = z.infer<typeof pdfCollectionSchema>;

/** Bytes of PDFs kept, against what the person's plan allows. */
export const pdfUsageSchema = z.object({
  usedBytes: z.number().int(),
  allowedBytes: z.number().int(),
});
export type PdfUsage = z.infer<typeof pdfUsageSchema>;

/** `GET /api/pdfs`: filters and order of the list. */
export const pdfListQuerySchema = z.object({
  sort: z.enum(pdfSorts).default('added'),
  tag: tagSchema.optional(),
  collection: z.uuid().optional(),
  status: z.enum(readStatuses).optional(),
});
export type PdfListQuery = z.infer<typeof pdfListQuerySchema>;

/** `GET /api/pdfs`: the person's library, their collections, every tag they use, usage and settings. */
export const pdfLibrarySchema = z.object({
  items: z.array(pdfDocumentSchema),
  /** How many PDFs the whole library holds, whatever the filters. */
  total: z.number().int(),
  collections: z.array(pdfCollectionSchema),
  tags: z.array(z.string()),
  usage: pdfUsageSchema,
  makeCardAs: z.enum(makeCardModes).nullable(),
});
export type PdfLibrary = z.infer<typeof pdfLibrarySchema>;

/** `POST /api/pdfs`: the stored PDF; `existing` when the person already had these bytes (nothing new stored). */
export const pdfUploadResultSchema = z.object({
  document: pdfDocumentSchema,
  existing: z.boolean(),
});
export type PdfUploadResult = z.infer<typeof pdfUploadResultSchema>;

/** `PATCH /api/pdfs/:id`: any of the editable fields. */
export const pdfUpdateSchema = z
  .object({
    title: z.string().trim().min(1, 'A title is needed').max(500),
    authors: z.array(z.string().trim().min(1).max(200)).max(100),
    year: z.number().int().min(1000).max(3000).nullable(),
    doi: doiSchema.nullable(),
    arxivId: arxivIdSchema.nullable(),
    tags: z.array(tagSchema).max(pdfRules.maxTags, `At most ${pdfRules.maxTags} tags`),
    collectionIds: z.array(z.uuid()).max(pdfRules.maxCollections),
    status: z.enum(readStatuses),
    lastPage: z.number().int().min(1),
    paperCardId: z.uuid().nullable(),
  })
  .partial();
export type PdfUpdate = z.infer<typeof pdfUpdateSchema>;

/** A highlight's rectangle, in PDF units at scale 1 from the page's top left. */
export const highlightRectSchema = z.object({
  x: z.number().finite(),
  y: z.number().finite(),
  width: z.number().finite().nonnegative(),
  height: z.number().finite().nonnegative(),
});
export type HighlightRect = z.infer<typeof highlightRectSchema>;

/** A highlight in a PDF and, once made, its card. */
export const pdfHighlightSchema = z.object({
  id: z.uuid(),
  documentId: z.uuid(),
  page: z.number().int().min(1),
  color: z.enum(highlightColors),
  quote: z.string(),
  prefix: z.string(),
  suffix: z.string(),
  rects: z.array(highlightRectSchema),
  note: z.string().nullable(),
  card: z.object({ id: z.uuid(), title: z.string(), status: z.enum(['draft', 'published']) }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PdfHighlight = z.infer<typeof pdfHighlightSchema>;

/** `POST /api/pdfs/:id/highlights`. */
export const pdfHighlightInputSchema = z.object({
  page: z.number().int().min(1),
  color: z.enum(highlightColors),
  quote: z.string().trim().min(1, 'Select some text to highlight').max(5_000, 'At most 5,000 characters'),
  prefix: z.string().max(200).default(''),
  suffix: z.string().max(200).default(''),
  rects: z.array(highlightRectSchema).min(1).max(500),
  note: z.string().trim().max(5_000, 'At most 5,000 characters').nullable().default(null),
});
export type PdfHighlightInput = z.input<typeof pdfHighlightInputSchema>;

/** `PATCH /api/pdfs/:id/highlights/:highlightId`. */
export const pdfHighlightUpdateSchema = z
  .object({
    color: z.enum(highlightColors),
    note: z.string().trim().max(5_000, 'At most 5,000 characters').nullable(),
  })
  .partial();
export type PdfHighlightUpdate = z.infer<typeof pdfHighlightUpdateSchema>;

/** A card made from this PDF, listed beside it. */
export const pdfCardSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.enum(['draft', 'published']),
  page: z.number().int(),
  highlightId: z.uuid().nullable(),
});
export type PdfCard = z.infer<typeof pdfCardSchema>;

/** `GET /api/pdfs/:id`: one PDF with its highlights and the cards made from it. */
export const pdfDetailSchema = z.object({
  document: pdfDocumentSchema,
  highlights: z.array(pdfHighlightSchema),
  cards: z.array(pdfCardSchema),
  /** The citation of the paper, as its cards carry it. */
  citation: z.string(),
});
export type PdfDetail = z.infer<typeof pdfDetailSchema>;

/** `POST /api/pdfs/:id/highlights/:highlightId/card`: publish or keep as a draft (remembered as the choice). */
export const makeCardInputSchema = z.object({ as: z.enum(makeCardModes) });
export type MakeCardInput = z.infer<typeof makeCardInputSchema>;

/** The card Make card created, and the highlight that now points at it. */
export const makeCardResultSchema = z.object({
  card: z.object({ id: z.uuid(), title: z.string(), status: z.enum(['draft', 'published']) }),
  highlight: pdfHighlightSchema,
});
export type MakeCardResult = z.infer<typeof makeCardResultSchema>;

/** `GET /api/pdfs/paper-cards?q=`: the person's own paper cards whose title holds `q`, to attach to a PDF. */
export const paperCardsQuerySchema = z.object({ q: z.string().trim().max(120).default('') });
export const paperCardsSchema = z.object({ items: z.array(z.object({ id: z.uuid(), title: z.string() })) });
export type PaperCards = z.infer<typeof paperCardsSchema>;

/** `PUT /api/pdfs/settings`. */
export const pdfSettingsSchema = z.object({ makeCardAs: z.enum(makeCardModes).nullable() });
export type PdfSettings = z.infer<typeof pdfSettingsSchema>;

/** `GET /api/pdfs/search`: words to find across every PDF's text. */
export const pdfSearchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Type something to search for').max(200),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** One page that matches, with a snippet whose matching words are marked. */
export const pdfSearchHitSchema = z.object({
  documentId: z.uuid(),
  title: z.string(),
  page: z.number().int(),
  snippet: z.array(z.object({ text: z.string(), hit: z.boolean() })),
});
export type PdfSearchHit = z.infer<typeof pdfSearchHitSchema>;

export const pdfSearchResultSchema = z.object({ hits: z.array(pdfSearchHitSchema) });
export type PdfSearchResult = z.infer<typeof pdfSearchResultSchema>;

/** `GET /api/pdfs/export`: the chosen PDFs, or a collection, or the whole library. */
export const pdfExportQuerySchema = z.object({
  format: z.enum(citationFormats),
  /** Comma-separated ids. */
  ids: z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',').filter(Boolean) : undefined))
    .pipe(z.array(z.uuid()).max(5_000).optional()),
  collection: z.uuid().optional(),
});

/** `POST /api/pdfs/collections` and `PATCH /api/pdfs/collections/:id`. */
export const pdfCollectionInputSchema = z.object({
  name: z.string().trim().min(1, 'A name is needed').max(100, 'At most 100 characters'),
});

/** The citation fields a PDF carries, in the order a reference lists them. */
export type CitationSource = Pick<PdfDocument, 'title' | 'authors' | 'year' | 'doi' | 'arxivId'>;

/**
 * A one-line reference: "Authors (Year). Title. doi:…" — what a card made from a highlight keeps, so it
 * stays citable when the PDF is gone.
 */
export function citationLine(source: CitationSource): string {
  const names = source.authors;
  const authors =
    names.length === 0
      ? ''
      : names.length <= 2
        ? names.join(' and ')
        : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  const year = source.year ? ` (${source.year})` : '';
  const lead = authors ? `${authors}${year}. ` : year ? `${year.trim()}. ` : '';
  const id = source.doi ? ` https://doi.org/${source.doi}` : source.arxivId ? ` arXiv:${source.arxivId}` : '';
  return `${lead}${source.title}.${id}`;
}
