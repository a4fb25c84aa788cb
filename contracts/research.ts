import { z } from 'zod';
import { paperMetadataSchema } from './paper-record.ts';

export {
  arxivIdSchema,
  doiSchema,
  orcidSchema,
  PAPER_TITLE_MAX,
  paperAuthorSchema,
  paperMetadataSchema,
  paperReferenceSchema,
  type PaperAuthor,
  type PaperMetadata,
  type PaperReference,
} from './paper-record.ts';

/** The files people import and export their libraries as. */
export const bibliographyFormats = ['bibtex', 'ris', 'csl-json'] as const;
export type BibliographyFormat = (typeof bibliographyFormats)[number];

/** The reference-list styles of Cite and of formatted exports (CSL styles). */
export const citationStyles = ['apa', 'ieee', 'chicago', 'harvard'] as const;
export type CitationStyle = (typeof citationStyles)[number];
export const citationStyleNames: Record<CitationStyle, string> = {
  apa: 'APA',
  ieee: 'IEEE',
  chicago: 'Chicago',
  harvard: 'Harvard',
};

/** Caps on one import, whichever comes first. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ENTRIES = 5_000;

/**
 * One entry of an import file as parsed: a paper, or why it is not one and where it starts (1-based line;
 * for CSL-JSON the line of the item's opening brace).
 */
export const parsedEntrySchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ok'), line: z.number().int(), paper: paperMetadataSchema }),
  z.object({ status: z.literal('invalid'), line: z.number().int(), reason: z.string() }),
]);
export type ParsedEntry = z.infer<typeof parsedEntrySchema>;

// ---------------------------------------------------------------------------------------------------------
// The API: papers, the research centre, the research home

/** Reading-queue steps, as the PDF library names them. */
export { readStatuses, readStatusLabels, type ReadStatus } from './pdfs.ts';

/** A paper in a list: enough to show it and tell it apart. */
export const paperSummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  authors: z.array(z.string()),
  venue: z.string().nullable(),
  year: z.number().int().nullable(),
  doi: z.string().nullable(),
  arxivId: z.string().nullable(),
  tldr: z.string().nullable(),
  tags: z.array(z.string()),
  citationKey: z.string().nullable(),
  hasCode: z.boolean(),
  /** How many people have it in their reading queue. */
  readers: z.number().int(),
});
export type PaperSummary = z.infer<typeof paperSummarySchema>;

/** `POST /api/research/papers`: add a paper from its record; `visibility` as for any card. */
export const addPaperSchema = z.object({
  paper: paperMetadataSchema,
  visibility: z.enum(['public', 'unlisted', 'private']).default('public'),
  /** Put it in the adder's reading queue too. */
  addToQueue: z.boolean().default(true),
  projectId: z.uuid().optional(),
});
export type AddPaperInput = z.input<typeof addPaperSchema>;

/** What adding gave: a new paper, or the existing one it duplicates (which the client opens instead). */
export const addPaperResultSchema = z.object({
  id: z.uuid(),
  created: z.boolean(),
  /** For a duplicate: what matched ("doi", "arxiv" or "title"). */
  matchedBy: z.enum(['doi', 'arxiv', 'title']).nullable(),
});
export type AddPaperResult = z.infer<typeof addPaperResultSchema>;

/** `POST /api/research/lookup`: a DOI or arXiv id (or its web address) to look up. */
export const lookupRequestSchema = z.object({ identifier: z.string().trim().min(3).max(300) });

/** A lookup's answer: the record to review before adding, or why there is none (fill the form by hand). */
export const lookupResultSchema = z.discriminatedUnion('found', [
  z.object({
    found: z.literal(true),
    paper: paperMetadataSchema,
    /** The paper already in CARD WEB with the same DOI, arXiv id or title, if any. */
    existingId: z.uuid().nullable(),
  }),
  z.object({
    found: z.literal(false),
    reason: z.enum(['disabled', 'not-found', 'unreachable', 'invalid-response', 'invalid-input']),
    message: z.string(),
  }),
]);
export type LookupResult = z.infer<typeof lookupResultSchema>;

/** `POST /api/research/import/preview` and `/import`: a file's text, its format (guessed when left out). */
export const importRequestSchema = z.object({
  text: z.string().max(IMPORT_MAX_BYTES, 'The file is over 5 MB'),
  format: z.enum(bibliographyFormats).optional(),
  visibility: z.enum(['public', 'unlisted', 'private']).default('public'),
  addToQueue: z.boolean().default(false),
  projectId: z.uuid().optional(),
});
export type ImportRequest = z.input<typeof importRequestSchema>;

/** One entry of the preview: new, a duplicate of a paper already here (or earlier in the file), or invalid. */
export const importPreviewEntrySchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('new'), line: z.number().int(), paper: paperMetadataSchema }),
  z.object({
    status: z.literal('duplicate'),
    line: z.number().int(),
    paper: paperMetadataSchema,
    /** The paper it duplicates; null when it repeats an earlier entry of the same file. */
    existingId: z.uuid().nullable(),
    matchedBy: z.enum(['doi', 'arxiv', 'title']),
  }),
  z.object({ status: z.literal('invalid'), line: z.number().int(), reason: z.string() }),
]);
export type ImportPreviewEntry = z.infer<typeof importPreviewEntrySchema>;

export const importPreviewSchema = z.object({
  format: z.enum(bibliographyFormats),
  entries: z.array(importPreviewEntrySchema),
  counts: z.object({ new: z.number().int(), duplicate: z.number().int(), invalid: z.number().int() }),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** What an import wrote: the new papers' ids, and the duplicates' existing ids (queued/added like the new). */
export const importResultSchema = z.object({
  created: z.array(z.uuid()),
  existing: z.array(z.uuid()),
  invalid: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** `GET /api/research/export`: papers by id, or a project's, in a file format or a reference-list style. */
export const exportQuerySchema = z
  .object({
    ids: z
      .string()
      .transform((value) => [...new Set(value.split(',').map((id) => id.trim().toLowerCase()))])
      .pipe(z.array(z.uuid('Not a paper id')).min(1).max(5_000))
      .optional(),
    projectId: z.uuid().optional(),
    listId: z.uuid().optional(),
    format: z.enum([...bibliographyFormats, ...citationStyles]),
  })
  .refine((query) => [query.ids, query.projectId, query.listId].filter(Boolean).length === 1, {
    message: 'Give the papers, a project or a reading list',
  });

/** The sorts of a topic's papers. */
export const paperSorts = ['relevance', 'year', 'readers'] as const;
export type PaperSort = (typeof paperSorts)[number];

/** `GET /api/research/papers`: search and filters over the papers a reader may see (a topic's, or all). */
export const paperSearchQuerySchema = z.object({
  q: z.string().trim().max(200).default(''),
  topic: z.string().max(100).optional(),
  tag: z.string().max(100).optional(),
  venue: z.string().trim().max(300).optional(),
  yearFrom: z.coerce.number().int().min(1000).max(3000).optional(),
  yearTo: z.coerce.number().int().min(1000).max(3000).optional(),
  hasPdf: z.stringbool().optional(),
  hasCode: z.stringbool().optional(),
  sort: z.enum(paperSorts).default('relevance'),
  cursor: z.coerce.number().int().min(0).max(10_000).default(0),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type PaperSearchQuery = z.input<typeof paperSearchQuerySchema>;

export const paperPageSchema = z.object({
  items: z.array(paperSummarySchema),
  /** How many papers match, counted up to 500. */
  total: z.number().int(),
  /** More papers match than `total`: the count stopped at its cap. */
  totalCapped: z.boolean(),
  nextCursor: z.number().int().nullable(),
});
export type PaperPage = z.infer<typeof paperPageSchema>;

/** A card (a note, a quote) that cites or links to a paper. */
export const citingCardSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  excerpt: z.string(),
  type: z.string(),
  authorHandle: z.string(),
  authorName: z.string().nullable(),
});

/** A reference of a paper: the paper in CARD WEB it points to, or what the reference list says of it. */
export const paperReferenceEntrySchema = z.object({
  paper: paperSummarySchema.nullable(),
  label: z.string(),
});

/** `GET /api/research/papers/:id`: the paper page. Private to the reader: queue, note, PDF and projects. */
export const paperDetailSchema = paperSummarySchema.extend({
  authorOrcids: z.array(z.string()),
  url: z.string().nullable(),
  codeUrl: z.string().nullable(),
  /** The abstract or summary in the words of the person who added it (Markdown). */
  abstract: z.string(),
  visibility: z.enum(['public', 'unlisted', 'private']),
  addedBy: z.object({ handle: z.string(), displayName: z.string().nullable() }),
  isOwner: z.boolean(),
  citingCards: z.array(citingCardSchema),
  references: z.array(paperReferenceEntrySchema),
  citedBy: z.array(paperSummarySchema),
  related: z.array(paperSummarySchema.extend({ reason: z.enum(['tags', 'co-reading', 'neighbours']) })),
  topics: z.array(z.object({ slug: z.string(), title: z.string() })),
  mine: z
    .object({
      queue: z
        .object({ status: z.enum(['to-read', 'reading', 'read']), priority: z.number().int() })
        .nullable(),
      note: z
        .object({ body: z.string(), publishedCardId: z.uuid().nullable(), updatedAt: z.string() })
        .nullable(),
      pdf: z
        .object({ id: z.uuid(), title: z.string(), lastPage: z.number().int(), pageCount: z.number().int() })
        .nullable(),
      projects: z.array(z.object({ id: z.uuid(), title: z.string() })),
    })
    .nullable(),
});
export type PaperDetail = z.infer<typeof paperDetailSchema>;

/** `GET /api/research/papers/:id/cite?style=`: the reference in a style, and the BibTeX entry. */
export const citeResultSchema = z.object({
  style: z.enum(citationStyles),
  text: z.string(),
  bibtex: z.string(),
});

/** A reading list of a topic with its papers in order, each with the editor's note. */
export const readingListSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  items: z.array(z.object({ paper: paperSummarySchema, note: z.string() })),
});
export type ReadingList = z.infer<typeof readingListSchema>;

/** A topic in the research centre's index. */
export const topicSummarySchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  introduction: z.string(),
  paperCount: z.number().int(),
  listCount: z.number().int(),
});
export type TopicSummary = z.infer<typeof topicSummarySchema>;

/** `GET /api/research/topics/:slug`: the topic, its lists and where it leads. */
export const topicSchema = topicSummarySchema.extend({
  tags: z.array(z.string()),
  courses: z.array(z.object({ slug: z.string(), title: z.string() })),
  links: z.array(z.object({ label: z.string(), href: z.string() })),
  lists: z.array(readingListSchema),
});
export type Topic = z.infer<typeof topicSchema>;

/** `GET /api/research/centre`: the topics, and whether the reader may edit them. */
export const researchCentreSchema = z.object({ topics: z.array(topicSummarySchema), canEdit: z.boolean() });
export type ResearchCentre = z.infer<typeof researchCentreSchema>;

const slugSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Lower-case letters, digits and single hyphens')
  .max(80);

/** An editor's topic: created with `POST /api/research/topics`, changed with `PUT …/topics/:slug`. */
export const topicInputSchema = z.object({
  slug: slugSchema,
  title: z.string().trim().min(1, 'Give the topic a title').max(120),
  introduction: z.string().max(10_000),
  tags: z.array(z.string().trim().min(1).max(100)).min(1, 'Name at least one tag').max(10),
  courses: z.array(slugSchema).max(10).default([]),
  links: z
    .array(
      z.object({
        label: z.string().trim().min(1).max(80),
        href: z.string().regex(/^\/[\w\-/]*$/, 'A path in CARD WEB'),
      }),
    )
    .max(10)
    .default([]),
});
export type TopicInput = z.input<typeof topicInputSchema>;

/** An editor's reading list: its papers in order with a note each. */
export const readingListInputSchema = z.object({
  slug: slugSchema,
  title: z.string().trim().min(1, 'Give the list a title').max(120),
  description: z.string().max(2_000).default(''),
  items: z.array(z.object({ paperId: z.uuid(), note: z.string().max(1_000).default('') })).max(100),
});
export type ReadingListInput = z.input<typeof readingListInputSchema>;

/** A paper in the reader's queue, with the PDF's progress when one is attached. */
export const queueItemSchema = z.object({
  paper: paperSummarySchema,
  status: z.enum(['to-read', 'reading', 'read']),
  priority: z.number().int().min(1).max(3),
  addedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  pdf: z.object({ id: z.uuid(), lastPage: z.number().int(), pageCount: z.number().int() }).nullable(),
  hasNote: z.boolean(),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

/** `GET /api/research/home`: the reader's queue, projects and settings. */
export const researchHomeSchema = z.object({
  queue: z.array(queueItemSchema),
  projects: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      question: z.string(),
      paperCount: z.number().int(),
      updatedAt: z.string(),
    }),
  ),
  citationStyle: z.enum(citationStyles),
});
export type ResearchHome = z.infer<typeof researchHomeSchema>;

/** `PUT /api/research/queue/:paperId`: put a paper in the queue, or move it along; priority 1 is high. */
export const queueUpdateSchema = z.object({
  status: z.enum(['to-read', 'reading', 'read']).optional(),
  priority: z.number().int().min(1).max(3).optional(),
});

/** `PUT /api/research/notes/:paperId`: the reader's note on a paper (private). */
export const noteInputSchema = z.object({ body: z.string().max(50_000, 'At most 50,000 characters') });

/** `PUT /api/research/preferences`. */
export const preferencesInputSchema = z.object({ citationStyle: z.enum(citationStyles) });

/** A project: `POST /api/research/projects`, `PATCH …/:id`. */
export const projectInputSchema = z.object({
  title: z.string().trim().min(1, 'Give the project a name').max(120),
  question: z.string().trim().max(2_000).default(''),
});

/** A paper of a project, with the annotation the bibliography prints under it and the reader's note. */
export const projectPaperSchema = z.object({
  paper: paperSummarySchema,
  annotation: z.string(),
  note: z.string().nullable(),
});

/** `GET /api/research/projects/:id`. */
export const projectSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  question: z.string(),
  papers: z.array(projectPaperSchema),
  updatedAt: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

/** `PUT /api/research/projects/:id/papers/:paperId`: add a paper or change its annotation. */
export const projectPaperInputSchema = z.object({ annotation: z.string().max(5_000).default('') });

/** `GET /api/research/projects/:id/map`: the project's papers and the references between them. */
export const literatureMapSchema = z.object({
  nodes: z.array(
    z.object({ paper: paperSummarySchema, inProject: z.boolean(), citedByCount: z.number().int() }),
  ),
  edges: z.array(z.object({ from: z.uuid(), to: z.uuid() })),
});
export type LiteratureMap = z.infer<typeof literatureMapSchema>;

/** `POST /api/research/citations`: citation keys to resolve as the reader sees them, in their style. */
export const citationsRequestSchema = z.object({
  keys: z.array(z.string().regex(/^[A-Za-z0-9_:.-]{1,100}$/)).max(200),
});
export const resolvedCitationsSchema = z.object({
  style: z.enum(citationStyles),
  items: z.array(z.object({ key: z.string(), paperId: z.uuid(), text: z.string() })),
});
export type ResolvedCitations = z.infer<typeof resolvedCitationsSchema>;

/** `POST /api/research/projects/:id/ask`. */
export const askRequestSchema = z.object({ question: z.string().trim().min(3, 'Ask a question').max(1_000) });

/** A passage the answer draws on: a paper's summary, the reader's note, or a page of their PDF. */
export const askSourceSchema = z.object({
  n: z.number().int(),
  paperId: z.uuid(),
  paperTitle: z.string(),
  kind: z.enum(['summary', 'note', 'pdf']),
  page: z.number().int().nullable(),
  text: z.string(),
});

/**
 * The answer: with a language model, sentences each with the sources they cite (checked to exist; a sentence
 * citing none, or only sources that were not given, is `supported: false`); without one, the passages alone.
 */
export const askResultSchema = z.object({
  mode: z.enum(['model', 'passages']),
  sentences: z.array(
    z.object({ text: z.string(), sources: z.array(z.number().int()), supported: z.boolean() }),
  ),
  sources: z.array(askSourceSchema),
  /** Why there is no model answer, when there is not (no model configured, quota, the model failed). */
  notice: z.string().nullable(),
});
export type AskResult = z.infer<typeof askResultSchema>;

/** The reader's note on a paper, as saved. */
export const noteSchema = z.object({
  body: z.string(),
  publishedCardId: z.uuid().nullable(),
  updatedAt: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

/** `POST /api/research/notes/:paperId/publish`: the card the note became. */
export const publishedNoteSchema = z.object({ cardId: z.uuid() });
