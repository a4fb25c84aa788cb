import { z } from 'zod';
import { cardVisibilities } from './cards.ts';

/**
 * The repository extractor (docs/repository-extractor.md): a repository, fetched over git or uploaded as an
 * archive, as one clean and token-counted document, whole or in parts, with its secrets found and its modules
 * as cards. A run is a person job (contracts/jobs.ts): first a preview of what would be taken, then the
 * document.
 */

export const extractorLimits = {
  urlChars: 2_048,
  refChars: 250,
  folderChars: 1_000,
  /** A host's access token, kept for the run only. */
  tokenChars: 1_000,
  /** Globs per list, and characters per glob. */
  globs: 100,
  globChars: 300,
  /** The per-file size cap a person may choose, in KB. */
  maxFileKb: { min: 1, max: 10_240, default: 512 },
  /** A part's token limit, when the document is split. */
  partTokens: { min: 1_000, max: 2_000_000 },
  /** The largest archive accepted as an upload. */
  uploadBytes: 100 * 1024 * 1024,
  /** How many of a person's extractions the history lists, newest first. */
  listed: 50,
  /** Files listed in a preview; a larger repository's preview lists its folders down to this many files. */
  previewFiles: 50_000,
  /** Secrets listed per extraction (all are redacted). */
  secretsListed: 1_000,
  /** Changed files listed in a diff's summary (all are in its document). */
  changesListed: 5_000,
} as const;

/** Tokenizers the counts are exact for, by the model family that uses them. */
export const tokenizers = ['o200k_base', 'cl100k_base'] as const;
export type Tokenizer = (typeof tokenizers)[number];
export const tokenizerLabels: Record<Tokenizer, string> = {
  o200k_base: 'GPT-4o, GPT-4.1, GPT-5 and o-series (o200k)',
  cl100k_base: 'GPT-4 and GPT-3.5 (cl100k)',
};

export const documentFormats = ['markdown', 'xml', 'json', 'plain'] as const;
export type DocumentFormat = (typeof documentFormats)[number];
export const documentFormatLabels: Record<DocumentFormat, string> = {
  markdown: 'Markdown',
  xml: 'XML',
  json: 'JSON',
  plain: 'Plain text',
};

const glob = z
  .string()
  .trim()
  .min(1, 'A glob cannot be empty')
  .max(extractorLimits.globChars, `A glob is at most ${extractorLimits.globChars} characters`)
  .refine((value) => !value.includes('\0'), 'A glob cannot hold a null character');
const globs = z.array(glob).max(extractorLimits.globs, `At most ${extractorLimits.globs} globs`).default([]);

/** What is taken from the repository and how the document is written. */
export const extractionOptionsSchema = z.object({
  /** Only files matching one of these (all when empty). */
  include: globs,
  /** Never files matching one of these. */
  exclude: globs,
  /** Files listed in the tree without their content. */
  keepInTree: globs,
  /** Follow `.gitignore` and `.ignore` at every level. */
  useGitignore: z.boolean().default(true),
  /** Leave out lock files, build output and vendored dependencies. */
  useDefaultIgnores: z.boolean().default(true),
  /** Larger files are kept in the tree without content. */
  maxFileKb: z
    .number()
    .int()
    .min(extractorLimits.maxFileKb.min)
    .max(extractorLimits.maxFileKb.max)
    .default(extractorLimits.maxFileKb.default),
  format: z.enum(documentFormats).default('markdown'),
  lineNumbers: z.boolean().default(false),
  removeBlankLines: z.boolean().default(false),
  /** Leave out comments in code, found by a real parser (text in strings that looks like one stays). */
  removeComments: z.boolean().default(false),
  /** Keep declarations (signatures, types, doc comments) and drop function bodies, in code a parser reads. */
  signaturesOnly: z.boolean().default(false),
  /** Replace each secret found with a marker (on by default). */
  redactSecrets: z.boolean().default(true),
  /** Split into parts of at most this many tokens, never inside a file; null for one document. */
  partTokens: z
    .number()
    .int()
    .min(extractorLimits.partTokens.min, `A part holds at least ${extractorLimits.partTokens.min} tokens`)
    .max(extractorLimits.partTokens.max)
    .nullable()
    .default(null),
  tokenizer: z.enum(tokenizers).default('o200k_base'),
});
export type ExtractionOptions = z.infer<typeof extractionOptionsSchema>;
export type ExtractionOptionsInput = z.input<typeof extractionOptionsSchema>;

export const extractionModes = ['preview', 'document'] as const;
export type ExtractionMode = (typeof extractionModes)[number];

/** `POST /api/extractor/uploads` answers with this: an archive kept for extractions (send it as the body). */
export const uploadedArchiveSchema = z.object({
  /** The SHA-256 of its bytes: name it in an extraction's source. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  name: z.string(),
  bytes: z.number().int(),
});
export type UploadedArchive = z.infer<typeof uploadedArchiveSchema>;
export const uploadQuerySchema = z.object({
  /** The archive's file name (`project.zip`, `project.tar.gz`). */
  name: z.string().trim().min(1).max(255),
});

/** `POST /api/extractor/extractions`: extract a repository by its git address, or an uploaded archive. */
export const startExtractionSchema = z.object({
  source: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('git'),
      url: z.string().trim().min(1, 'Give a repository address').max(extractorLimits.urlChars),
      /** A branch, tag or commit id; by default the one in the address, else the default branch. */
      ref: z.string().trim().max(extractorLimits.refChars).optional(),
      /** A folder of the repository; by default the one in the address, else all of it. */
      folder: z.string().trim().max(extractorLimits.folderChars).optional(),
      /**
       * Diff mode: a second branch, tag or commit to compare `ref` with. The document then holds only the files
       * changed from it to `ref`, at `ref`, and the diff of each.
       */
      compareTo: z.string().trim().max(extractorLimits.refChars).optional(),
    }),
    z.object({
      kind: z.literal('upload'),
      /** The `sha256` the upload answered with. */
      sha256: z.string().regex(/^[0-9a-f]{64}$/, 'Not an uploaded archive'),
    }),
  ]),
  /** For a private repository: used for this run only, never stored or logged. */
  token: z.string().trim().max(extractorLimits.tokenChars).optional(),
  mode: z.enum(extractionModes).default('document'),
  options: extractionOptionsSchema.default(extractionOptionsSchema.parse({})),
});
export type StartExtraction = z.input<typeof startExtractionSchema>;

/** `POST /api/extractor/extractions/:id/rerun`: the same source again, with other options or mode. */
export const rerunExtractionSchema = z.object({
  mode: z.enum(extractionModes).default('document'),
  options: extractionOptionsSchema,
  /** A private repository's token, again: it was never kept. */
  token: z.string().trim().max(extractorLimits.tokenChars).optional(),
});
export type RerunExtraction = z.input<typeof rerunExtractionSchema>;

/** Where an extraction's files came from. */
export const extractionSourceSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('git'),
    /** The address as given (without any credentials). */
    url: z.string(),
    host: z.string(),
    /** `owner/name`. */
    name: z.string(),
    /** The branch, tag or commit id asked for, or null for the default branch. */
    ref: z.string().nullable(),
    folder: z.string(),
    /** Diff mode: the branch, tag or commit compared with (absent or null for the whole repository). */
    compareTo: z.string().nullish(),
    /** Whether a token was given (the token itself is never kept). */
    private: z.boolean(),
  }),
  z.object({
    kind: z.literal('upload'),
    /** The archive's file name. */
    name: z.string(),
    /** The SHA-256 of the archive's bytes. */
    sha256: z.string(),
    bytes: z.number().int(),
  }),
]);
export type ExtractionSource = z.infer<typeof extractionSourceSchema>;

/** Why a file is or is not in the document. */
export const fileDecisions = ['include', 'tree-only', 'exclude'] as const;
export const fileReasons = [
  'keep-in-tree',
  'too-large',
  'binary',
  'lfs-pointer',
  'default-ignore',
  'gitignore',
  'exclude-glob',
  'not-included',
] as const;
export type FileReason = (typeof fileReasons)[number];

/** One file of a preview: its size, its estimated tokens and what the options do with it. */
export const previewFileSchema = z.object({
  path: z.string(),
  bytes: z.number().int(),
  /** An estimate (the exact count comes with the document). */
  tokens: z.number().int(),
  decision: z.enum(fileDecisions),
  reason: z.enum(fileReasons).nullable(),
});
export type PreviewFile = z.infer<typeof previewFileSchema>;

/** A glob that would leave out many tokens: the preview's suggestions, most tokens first. */
export const excludeSuggestionSchema = z.object({
  glob: z.string(),
  files: z.number().int(),
  tokens: z.number().int(),
  /** Why it is suggested, in words ("tests", "generated", "the largest folder"…). */
  why: z.string(),
});
export type ExcludeSuggestion = z.infer<typeof excludeSuggestionSchema>;

/** What the preview found: every file with its estimate and decision, the largest, and what to leave out. */
export const extractionPreviewSchema = z.object({
  files: z.array(previewFileSchema),
  /** More files than `extractorLimits.previewFiles` were found: the rest are not listed. */
  truncated: z.boolean(),
  estimatedTokens: z.number().int(),
  suggestions: z.array(excludeSuggestionSchema),
});
export type ExtractionPreview = z.infer<typeof extractionPreviewSchema>;

export const changeStatuses = ['added', 'modified', 'deleted'] as const;
export type ChangeStatus = (typeof changeStatuses)[number];

/** What changed between two commits, file by file: lines added and removed, null for a binary file. */
export const changeSummarySchema = z.object({
  /** The branch, tag or commit compared with, and its commit. */
  base: z.string(),
  baseCommit: z.string(),
  added: z.number().int(),
  modified: z.number().int(),
  deleted: z.number().int(),
  additions: z.number().int(),
  deletions: z.number().int(),
  /** The changed files the options take, by path; at most `extractorLimits.changesListed`. */
  files: z.array(
    z.object({
      path: z.string(),
      status: z.enum(changeStatuses),
      additions: z.number().int().nullable(),
      deletions: z.number().int().nullable(),
    }),
  ),
});
export type ChangeSummary = z.infer<typeof changeSummarySchema>;

export const repositorySummarySchema = z.object({
  files: z.number().int(),
  treeOnly: z.number().int(),
  lines: z.number().int(),
  tokens: z.number().int(),
  languages: z.array(z.object({ language: z.string(), files: z.number().int(), tokens: z.number().int() })),
  largest: z.array(z.object({ path: z.string(), tokens: z.number().int() })),
  /** Diff mode: what changed from the base to the commit read (absent for the whole repository). */
  changes: changeSummarySchema.optional(),
});

export const secretFindingSchema = z.object({
  path: z.string(),
  line: z.number().int(),
  /** The detector's rule (`@secretlint/secretlint-rule-aws`…). */
  rule: z.string(),
  message: z.string(),
});
export type SecretFindingView = z.infer<typeof secretFindingSchema>;

/** One part of the document: fetch its text from `…/parts/:index`. */
export const documentPartSchema = z.object({
  index: z.number().int(),
  tokens: z.number().int(),
  chars: z.number().int(),
  files: z.number().int(),
  /** The first and last file in it, for the list of parts. */
  firstFile: z.string().nullable(),
  lastFile: z.string().nullable(),
});
export type DocumentPartView = z.infer<typeof documentPartSchema>;

/** The document an extraction wrote. */
export const extractionDocumentSchema = z.object({
  summary: repositorySummarySchema,
  parts: z.array(documentPartSchema),
  secrets: z.array(secretFindingSchema),
  /** Secrets found in all, when more than are listed. */
  secretCount: z.number().int(),
  /** True when the document came from the cache (the same commit with the same options ran before). */
  cached: z.boolean(),
});
export type ExtractionDocument = z.infer<typeof extractionDocumentSchema>;

/** A card made of an extraction: of a module (its folder), or of the repository (`module` null). */
export const extractionCardSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  module: z.string().nullable(),
});
export type ExtractionCard = z.infer<typeof extractionCardSchema>;

/** `POST /api/extractor/extractions/:id/cards`: make the module cards, private unless asked otherwise. */
export const makeCardsSchema = z.object({
  visibility: z.enum(cardVisibilities).default('private'),
});
export type MakeCards = z.input<typeof makeCardsSchema>;

/** The cards made, in order: the repository's first, then one per module. */
export const extractionCardsSchema = z.object({ cards: z.array(extractionCardSchema) });
export type ExtractionCards = z.infer<typeof extractionCardsSchema>;

export const extractionStatuses = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;

/** An extraction as its owner reads it. */
export const extractionSchema = z.object({
  id: z.uuid(),
  source: extractionSourceSchema,
  mode: z.enum(extractionModes),
  options: extractionOptionsSchema,
  /** The job that runs it (follow it at `/api/jobs/:id`). */
  jobId: z.uuid(),
  status: z.enum(extractionStatuses),
  errorCode: z.string().nullable(),
  /** The branch or tag it was read at, and the commit, once fetched. */
  ref: z.string().nullable(),
  commit: z.string().nullable(),
  /** Diff mode: the commit compared with, once resolved. */
  baseCommit: z.string().nullable(),
  /** Bytes read from the repository or archive (0 for a cached rerun). */
  bytesRead: z.number().int(),
  preview: extractionPreviewSchema.nullable(),
  document: extractionDocumentSchema.nullable(),
  /** The cards made of its modules, once made. */
  cards: z.array(extractionCardSchema).nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Extraction = z.infer<typeof extractionSchema>;

/** One line of the history: an extraction without its preview and document. */
export const extractionListItemSchema = extractionSchema
  .omit({ preview: true, document: true, cards: true })
  .extend({ tokens: z.number().int().nullable(), parts: z.number().int().nullable() });
export type ExtractionListItem = z.infer<typeof extractionListItemSchema>;

/** `GET /api/extractor/extractions`: the person's extractions, newest first. */
export const extractionListSchema = z.object({ items: z.array(extractionListItemSchema) });
export type ExtractionList = z.infer<typeof extractionListSchema>;

/** `GET /api/extractor/usage`: what the person's plan allows and what they used today. */
export const extractorUsageSchema = z.object({
  running: z.number().int(),
  concurrentRuns: z.number().int(),
  bytesToday: z.number().int(),
  bytesPerDay: z.number().int(),
});
export type ExtractorUsage = z.infer<typeof extractorUsageSchema>;

export const extractionIdParamsSchema = z.object({ id: z.uuid('Not an extraction id') });
export const extractionPartParamsSchema = z.object({
  id: z.uuid('Not an extraction id'),
  index: z.coerce.number().int().min(1).max(100_000),
});

/** The file name a part or the whole document downloads as. */
export function documentFileName(
  name: string,
  format: DocumentFormat,
  part: { index: number; count: number } | null,
): string {
  const base = name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'repository';
  const extension = { markdown: 'md', xml: 'xml', json: 'json', plain: 'txt' }[format];
  return part && part.count > 1
    ? `${base}.part-${part.index}-of-${part.count}.${extension}`
    : `${base}.${extension}`;
}
