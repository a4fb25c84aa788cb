import picomatch from 'picomatch';
import {
  extractorLimits,
  tokenizerLabels,
  type ExcludeSuggestion,
  type ExtractionOptions,
  type ChangeSummary,
  type ExtractionPreview,
  type PreviewFile,
  type SecretFindingView,
} from '../../../contracts/extractor.ts';
import { AppError } from '../../lib/app-error.ts';
import { loadCompressor } from './compress.ts';
import {
  sectionsOf,
  sectionText,
  writeDocument,
  type DocumentFile,
  type DocumentOptions,
  type DocumentPart,
  type DocumentSource,
  type SectionKind,
  type TokenCounter,
} from './document.ts';
import { MAX_DIFF_EDITS, unifiedDiff, type ChangedFile, type FilePatch } from './changes.ts';
import { findSecrets, redactSecrets } from './secrets.ts';
import { createSelection, IGNORE_FILE_NAMES, type Selection } from './selection.ts';
import { summarize, summaryText, type RepositorySummary } from './summary.ts';
import { estimateTokensOfBytes, tokenCounter } from './tokens.ts';
import { startTokenWorker, type TokenWorker } from './tokens-in-worker.ts';

/** One file of a source: its path from the root and its bytes, read when asked (once, in order). */
export interface SourceFile {
  path: string;
  read(): Promise<Uint8Array>;
}

/** Where an extraction's files come from: a fetched commit, or an uploaded archive. */
export interface FileSource {
  describe: DocumentSource;
  /** The `.gitignore` and `.ignore` files' texts, by path. */
  ignoreFiles(): Promise<Map<string, string>>;
  /** Every file, in a stable order; each one's `read` is called, if at all, before the next is asked for. */
  files(): AsyncIterable<SourceFile>;
  /** Diff mode: what changed from a base commit; `files` then yields only the added and modified files. */
  changes?: SourceChanges;
}

/** Diff mode: the base compared with, and every file that differs from it. */
export interface SourceChanges {
  /** The branch, tag or commit compared with, and its commit. */
  base: string;
  baseCommit: string;
  files: ChangedFile<SourceFile>[];
}

/** What a run reports as it goes; `total` is null until known. */
export type ExtractProgress = (update: {
  stage?: string;
  done?: number;
  total?: number | null;
  message?: string | null;
}) => Promise<void>;

/** The caps of one run. */
export interface ExtractCaps {
  /** Files in the source (everything, before selection). */
  maxFiles: number;
}

const HEAD_BYTES = 8 * 1024;
const decoder = new TextDecoder('utf-8');

function selectionOf(options: ExtractionOptions, ignoreFiles: Map<string, string>): Selection {
  return createSelection(
    {
      include: options.include,
      exclude: options.exclude,
      keepInTree: options.keepInTree,
      useGitignore: options.useGitignore,
      useDefaultIgnores: options.useDefaultIgnores,
      maxFileBytes: options.maxFileKb * 1024,
    },
    ignoreFiles,
  );
}

/** The text of a file's bytes: UTF-8, without a byte-order mark, with Windows line ends made `\n`. */
function textOf(bytes: Uint8Array): string {
  const text = decoder.decode(bytes);
  return (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).replace(/\r\n/g, '\n');
}

/** Whether an ignore file's path names one (they are read before any decision). */
export function isIgnoreFile(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return (IGNORE_FILE_NAMES as readonly string[]).includes(name);
}

const EMPTY = new Uint8Array();

/** Candidate globs for the preview's suggestions, with why each is worth leaving out. */
const patternCandidates: { glob: string; why: string }[] = [
  { glob: '**/*.{test,spec}.*', why: 'Tests' },
  { glob: '**/{test,tests,__tests__,spec}/**', why: 'Test folders' },
  { glob: '**/{fixtures,__fixtures__,testdata,test-data}/**', why: 'Test fixtures' },
  { glob: '**/{__snapshots__,*.snap}', why: 'Snapshots' },
  { glob: '**/*.{generated,gen,pb}.*', why: 'Generated code' },
  { glob: '**/{docs,doc,documentation}/**', why: 'Documentation' },
  { glob: '**/{examples,example,samples,demo}/**', why: 'Examples' },
  { glob: '**/*.{json,csv,tsv}', why: 'Data files' },
  { glob: '**/*.{svg,xml}', why: 'Markup and drawings' },
  { glob: '**/*.{md,mdx,rst,txt}', why: 'Prose' },
  { glob: '**/*.{css,scss,less}', why: 'Style sheets' },
  { glob: '**/{benchmarks,bench,benchmark}/**', why: 'Benchmarks' },
];

/**
 * Globs that would leave out the most tokens of what is now taken: the folders (down two levels), the usual
 * suspects (tests, fixtures, generated code, data, docs) and the largest files; each saves at least 2 % and
 * leaves something behind.
 */
export function suggestExcludes(files: readonly PreviewFile[], max = 10): ExcludeSuggestion[] {
  const taken = files.filter((file) => file.decision === 'include');
  const total = taken.reduce((sum, file) => sum + file.tokens, 0);
  if (total === 0) return [];
  const folders = new Map<string, { files: number; tokens: number }>();
  for (const file of taken) {
    const parts = file.path.split('/');
    for (let depth = 1; depth < Math.min(parts.length, 3); depth++) {
      const folder = parts.slice(0, depth).join('/');
      const entry = folders.get(folder) ?? { files: 0, tokens: 0 };
      folders.set(folder, { files: entry.files + 1, tokens: entry.tokens + file.tokens });
    }
  }
  const suggestions: ExcludeSuggestion[] = [];
  for (const [folder, entry] of folders)
    suggestions.push({ glob: `${folder}/**`, ...entry, why: `The folder ${folder}` });
  for (const candidate of patternCandidates) {
    const matches = picomatch(candidate.glob, { dot: true });
    let count = 0;
    let tokens = 0;
    for (const file of taken)
      if (matches(file.path)) {
        count += 1;
        tokens += file.tokens;
      }
    if (count > 0) suggestions.push({ glob: candidate.glob, files: count, tokens, why: candidate.why });
  }
  for (const file of taken)
    if (file.tokens >= total * 0.05)
      suggestions.push({ glob: file.path, files: 1, tokens: file.tokens, why: 'A large file' });
  // Globs that leave out the same files say the same thing: the first written (a folder before a pattern
  // before a single file) stands for them. Files and tokens together tell such sets apart well enough here.
  const seen = new Set<string>();
  return suggestions
    .filter((entry) => entry.tokens >= total * 0.02 && entry.tokens < total)
    .filter((entry) => {
      const same = `${entry.files}:${entry.tokens}`;
      if (seen.has(same)) return false;
      seen.add(same);
      return true;
    })
    .sort((a, b) => b.tokens - a.tokens || (a.glob < b.glob ? -1 : 1))
    .slice(0, max);
}

/**
 * What a run would take, cheaply: every file with its size, its estimated tokens and the options' decision,
 * and globs worth leaving out. Reads each file once; counts nothing exactly.
 */
export async function previewSource(
  source: FileSource,
  options: ExtractionOptions,
  progress: ExtractProgress,
  caps: ExtractCaps,
): Promise<ExtractionPreview> {
  const selection = selectionOf(options, await source.ignoreFiles());
  const files: PreviewFile[] = [];
  let seen = 0;
  await progress({ stage: 'Reading files', done: 0, total: null });
  for await (const file of source.files()) {
    if (++seen > caps.maxFiles) throw tooManyFiles(caps);
    const bytes = await file.read();
    const decision = selection.decide(file.path, bytes.length, bytes.subarray(0, HEAD_BYTES));
    const readable = decision.action === 'include' || decision.reason === 'keep-in-tree';
    files.push({
      path: file.path,
      bytes: bytes.length,
      // Binary and oversized files are not text anyone reads: no tokens.
      tokens: readable || decision.action === 'exclude' ? estimateTokensOfBytes(bytes) : 0,
      decision: decision.action,
      reason: decision.action === 'include' ? null : decision.reason,
    });
    if (seen % 200 === 0) await progress({ done: seen, message: file.path });
  }
  await progress({ done: seen, total: seen });
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return {
    files: files.slice(0, extractorLimits.previewFiles),
    truncated: files.length > extractorLimits.previewFiles,
    estimatedTokens: files.reduce((sum, file) => sum + (file.decision === 'include' ? file.tokens : 0), 0),
    suggestions: suggestExcludes(files),
  };
}

function tooManyFiles(caps: ExtractCaps) {
  return new AppError('extractor/too-many-files', {
    message: `The repository has more than ${caps.maxFiles.toLocaleString('en')} files. Choose a folder of it.`,
  });
}

/** A written document: its summary, its parts, and the secrets found in it. */
export interface WrittenDocument {
  summary: RepositorySummary;
  parts: DocumentPart[];
  secrets: SecretFindingView[];
  secretCount: number;
  /** The files taken, with their text (after redaction), for module cards. */
  files: DocumentFile[];
}

/**
 * The document: the files the options take, their secrets found (and redacted unless asked not to), exact
 * token counts with the chosen tokenizer, split into parts at the token limit. Files the options leave out by
 * their paths are not even read.
 */
export async function documentOfSource(
  source: FileSource,
  options: ExtractionOptions,
  progress: ExtractProgress,
  caps: ExtractCaps,
): Promise<WrittenDocument> {
  const selection = selectionOf(options, await source.ignoreFiles());
  const count = await tokenCounter(options.tokenizer);
  const documentOptions = {
    format: options.format,
    lineNumbers: options.lineNumbers,
    removeBlankLines: options.removeBlankLines,
    maxTokensPerPart: options.partTokens ?? 0,
  };
  const counter = startTokenWorker(options.tokenizer);
  try {
    return await writtenDocument(source, options, documentOptions, selection, count, counter, progress, caps);
  } finally {
    await counter.close();
  }
}

async function writtenDocument(
  source: FileSource,
  options: ExtractionOptions,
  documentOptions: DocumentOptions,
  selection: Selection,
  count: TokenCounter,
  counter: TokenWorker,
  progress: ExtractProgress,
  caps: ExtractCaps,
): Promise<WrittenDocument> {
  const compression = { signaturesOnly: options.signaturesOnly, removeComments: options.removeComments };
  // The parser loads only for a run that asks for it.
  const compressor =
    compression.signaturesOnly || compression.removeComments ? await loadCompressor() : undefined;
  const files: DocumentFile[] = [];
  // Each file's section is counted in the worker while the next files are read.
  const sectionTokens = new Map<string, Promise<number>>();
  const secrets: SecretFindingView[] = [];
  let secretCount = 0;
  /** The text with its secrets listed, and redacted unless the options say not to. */
  const checked = async (path: string, content: string): Promise<string> => {
    const found = await findSecrets(path, content);
    if (found.length === 0) return content;
    secretCount += found.length;
    for (const finding of found)
      if (secrets.length < extractorLimits.secretsListed)
        secrets.push({ path, line: finding.line, rule: finding.rule, message: finding.message });
    return options.redactSecrets ? redactSecrets(content, found) : content;
  };
  // Sent to the worker once it has room; the count itself is awaited only when the document is written (a
  // promise in an object, since an async function's promise of a promise would wait for the count).
  const countSection = async (file: DocumentFile & { content: string }, kind: SectionKind) => {
    await counter.ready();
    const tokens = counter.count(sectionText(file, documentOptions, kind));
    // Failures are taken when the counts are awaited.
    tokens.catch(() => undefined);
    return { tokens };
  };
  let seen = 0;
  await progress({ stage: 'Reading files', done: 0, total: null });
  for await (const file of source.files()) {
    if (++seen > caps.maxFiles) throw tooManyFiles(caps);
    if (seen % 200 === 0) await progress({ done: seen, message: file.path });
    // Decided by the path alone first: a file left out is never read.
    const byPath = selection.decide(file.path, 0, EMPTY);
    if (byPath.action === 'exclude') continue;
    if (byPath.action === 'tree-only' && byPath.reason === 'keep-in-tree') {
      files.push({ path: file.path, content: null });
      continue;
    }
    const bytes = await file.read();
    const decision = selection.decide(file.path, bytes.length, bytes.subarray(0, HEAD_BYTES));
    if (decision.action === 'exclude') continue;
    if (decision.action === 'tree-only') {
      files.push({ path: file.path, content: null });
      continue;
    }
    let content = textOf(bytes);
    if (compressor && compressor.languageOf(file.path)) {
      await compressor.prepare([file.path]);
      content = compressor.compress(file.path, content, compression);
    }
    const taken = { path: file.path, content: await checked(file.path, content) };
    files.push(taken);
    sectionTokens.set(file.path, (await countSection(taken, 'file')).tokens);
  }
  const diffs = source.changes ? await diffsOf(source.changes, selection, checked, countSection) : null;
  if (!files.some((file) => file.content !== null) && !diffs?.sections.length)
    throw new AppError(
      'extractor/nothing-selected',
      source.changes
        ? {
            message: `Nothing the options take changed from ${source.changes.base} to ${source.describe.ref}.`,
          }
        : {},
    );
  await progress({ stage: 'Counting tokens', done: seen, total: seen, message: null });
  const tokensOf = new Map<string, number>();
  for (const [path, counted] of sectionTokens) tokensOf.set(path, await counted);
  const sections = sectionsOf(files, source.describe.folder, (file) => tokensOf.get(file.path) ?? 0);
  for (const diff of diffs?.sections ?? [])
    sections.push({ file: diff.file, kind: 'diff', tokens: await diff.tokens });
  const summary = {
    ...summarize(files, (file) => tokensOf.get(file.path) ?? 0),
    ...(diffs ? { changes: diffs.summary } : {}),
  };
  await progress({ stage: 'Writing the document' });
  const parts = writeDocument(
    source.describe,
    files,
    summaryText(summary, tokenizerLabels[options.tokenizer]),
    documentOptions,
    count,
    sections,
  );
  return { summary, parts, secrets, secretCount, files };
}

/** How a diff names a change it does not show as text, by why the document would not show the file. */
const notShown = {
  binary: 'Binary file',
  'too-large': 'File over the size limit',
  'lfs-pointer': 'Git LFS file',
} as const;

/**
 * Diff mode: the diff of each changed file the options take (by its path, and as text: a binary file's change is
 * named, not shown), its secrets checked like a file's, and what changed in numbers.
 */
async function diffsOf(
  changes: SourceChanges,
  selection: Selection,
  checked: (path: string, content: string) => Promise<string>,
  countSection: (
    file: DocumentFile & { content: string },
    kind: SectionKind,
  ) => Promise<{ tokens: Promise<number> }>,
): Promise<{
  sections: { file: DocumentFile & { content: string }; tokens: Promise<number> }[];
  summary: ChangeSummary;
}> {
  const sections: { file: DocumentFile & { content: string }; tokens: Promise<number> }[] = [];
  const summary: ChangeSummary = {
    base: changes.base,
    baseCommit: changes.baseCommit,
    added: 0,
    modified: 0,
    deleted: 0,
    additions: 0,
    deletions: 0,
    files: [],
  };
  /** A side's text; or, for one the document would not show as text, what it is instead. */
  const sideOf = async (file: SourceFile | null): Promise<{ text: string | null } | { shown: string }> => {
    if (!file) return { text: null };
    const bytes = await file.read();
    const decision = selection.decide(file.path, bytes.length, bytes.subarray(0, HEAD_BYTES));
    if (decision.action === 'include') return { text: textOf(bytes) };
    return { shown: notShown[decision.reason as keyof typeof notShown] ?? 'File' };
  };
  for (const change of changes.files) {
    // Left out by its path, or kept in the tree without its content: its diff is left out too.
    const byPath = selection.decide(change.path, 0, EMPTY);
    if (byPath.action === 'exclude' || (byPath.action === 'tree-only' && byPath.reason === 'keep-in-tree'))
      continue;
    const before = await sideOf(change.before);
    const after = await sideOf(change.after);
    summary[change.status] += 1;
    let patch: FilePatch | null = null;
    // What stands for the diff when it is not shown.
    let note: string | null = null;
    if ('shown' in before || 'shown' in after)
      note = `${'shown' in before ? before.shown : 'shown' in after ? after.shown : 'File'} ${change.status}.`;
    else {
      patch = unifiedDiff(change.path, before.text, after.text);
      if (patch) {
        summary.additions += patch.additions;
        summary.deletions += patch.deletions;
      } else
        note = `File ${change.status}: more than ${MAX_DIFF_EDITS.toLocaleString('en')} lines changed, too many to show.`;
    }
    if (summary.files.length < extractorLimits.changesListed)
      summary.files.push({
        path: change.path,
        status: change.status,
        additions: patch?.additions ?? null,
        deletions: patch?.deletions ?? null,
      });
    const text = patch ? patch.text : (note ?? '');
    const file = { path: change.path, content: await checked(change.path, text) };
    sections.push({ file, tokens: (await countSection(file, 'diff')).tokens });
  }
  return { sections, summary };
}
