import { countOf, formatBytes } from '../../lib/amounts.ts';
export { countOf, formatBytes } from '../../lib/amounts.ts';
import type {
  ChangeStatus,
  Extraction,
  ExtractionListItem,
  ExtractionMode,
  ExtractionSource,
  ExtractorUsage,
  FileReason,
  PreviewFile,
} from '../../../contracts/extractor.ts';

/** An exact count of tokens: "12,345 tokens". */
export function tokensOf(count: number): string {
  return countOf(count, 'token', 'tokens');
}

/** An estimated count of tokens, marked as one: "≈ 12,345 tokens". */
export function estimatedTokensOf(count: number): string {
  return `≈ ${tokensOf(count)}`;
}

/** The first 7 characters of a commit id, as git shows it. */
export function shortCommit(commit: string): string {
  return commit.slice(0, 7);
}

/** What a person calls the source: `owner/name` (and its folder), or the archive's file name. */
export function sourceName(source: ExtractionSource): string {
  if (source.kind === 'upload') return source.name;
  return source.folder ? `${source.name}/${source.folder.replace(/^\/+|\/+$/g, '')}` : source.name;
}

/** A ref and its short commit: "main @ 1a2b3c4", or whichever of them is known. */
function refAt(ref: string | null, commit: string | null): string | null {
  const short = commit ? shortCommit(commit) : null;
  if (ref && short && ref !== commit) return `${ref} @ ${short}`;
  return short ?? ref;
}

/**
 * The branch or tag and the short commit of an extraction: "main @ 1a2b3c4", "default branch"; a comparison
 * names both sides: "v1 @ 0a1b2c3 → main @ 1a2b3c4".
 */
export function revisionOf(
  extraction: Pick<Extraction, 'ref' | 'commit' | 'source'> & { baseCommit?: string | null },
): string | null {
  const ref = extraction.ref ?? (extraction.source.kind === 'git' ? extraction.source.ref : null);
  const head = refAt(ref, extraction.commit) ?? (extraction.source.kind === 'git' ? 'default branch' : null);
  const base = extraction.source.kind === 'git' ? extraction.source.compareTo : null;
  return base ? `${refAt(base, extraction.baseCommit ?? null)} → ${head}` : head;
}

/** A diff's change of a file, in words. */
export const changeLabels: Record<ChangeStatus, string> = {
  added: 'added',
  modified: 'modified',
  deleted: 'deleted',
};

export const modeLabels: Record<ExtractionMode, string> = { preview: 'Preview', document: 'Document' };

export const statusLabels: Record<ExtractionListItem['status'], string> = {
  queued: 'Waiting to start',
  running: 'Running',
  succeeded: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** Why a file is kept in the tree only, or left out, in words. */
export const reasonLabels: Record<FileReason, string> = {
  'keep-in-tree': 'tree only: you asked for it',
  'too-large': 'tree only: larger than the size cap',
  binary: 'tree only: not text',
  'lfs-pointer': 'tree only: a Git LFS pointer',
  'default-ignore': 'excluded: left out by default (dependencies, build output, lock files)',
  gitignore: 'excluded: in .gitignore',
  'exclude-glob': 'excluded: matches an exclude glob',
  'not-included': 'excluded: matches no include glob',
};

/** A file's decision in words: "included", or the decision with its reason. */
export function decisionText(file: Pick<PreviewFile, 'decision' | 'reason'>): string {
  if (file.decision === 'include') return 'included';
  if (file.reason) return reasonLabels[file.reason];
  return file.decision === 'tree-only' ? 'tree only' : 'excluded';
}

/** "1 of 3 running · 120 MB of 10 GB read today". */
export function usageLine(usage: ExtractorUsage): string {
  return `${usage.running.toLocaleString('en')} of ${usage.concurrentRuns.toLocaleString('en')} running · ${formatBytes(
    usage.bytesToday,
  )} of ${formatBytes(usage.bytesPerDay)} read today`;
}

/** A date and time in the reader's own zone: "25 Nov 2026, 10:00". */
export function formatDateTime(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return new Date(time).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}
