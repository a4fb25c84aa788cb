import { structuredPatch } from 'diff';
import type { ChangeStatus } from '../../../contracts/extractor.ts';
import type { RepositoryFile } from './fetch-repository.ts';

/** A file that differs between two commits: its version at each (null where it does not exist). */
export interface ChangedFile<F = RepositoryFile> {
  path: string;
  status: ChangeStatus;
  before: F | null;
  after: F | null;
}

/**
 * The files that differ between two listings of a repository, by path: added, deleted, or modified (another
 * object id: git names a file's content by its hash, so equal ids are equal files and are never read).
 */
export function compareFiles(
  before: readonly RepositoryFile[],
  after: readonly RepositoryFile[],
): ChangedFile[] {
  const old = new Map(before.map((file) => [file.path, file]));
  const changed: ChangedFile[] = [];
  for (const file of after) {
    const previous = old.get(file.path);
    old.delete(file.path);
    if (!previous) changed.push({ path: file.path, status: 'added', before: null, after: file });
    else if (previous.oid !== file.oid)
      changed.push({ path: file.path, status: 'modified', before: previous, after: file });
  }
  for (const file of old.values())
    changed.push({ path: file.path, status: 'deleted', before: file, after: null });
  return changed.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** A unified diff of one file and the lines it adds and removes. */
export interface FilePatch {
  text: string;
  additions: number;
  deletions: number;
}

/** A hunk's range as git writes it: an empty one starts at the line before it, and a count of one is left out. */
function range(start: number, count: number): string {
  if (count === 0) return `${Math.max(0, start - 1)},0`;
  return count === 1 ? `${start}` : `${start},${count}`;
}

/** Edits a modified file's diff may take; beyond them it is named, not shown (the work grows with both). */
export const MAX_DIFF_EDITS = 2_000;

/** The hunk of a file that exists on one side only: every line added (or removed), as git writes it. */
function wholeFileHunk(text: string, sign: '+' | '-'): { lines: string[]; count: number } {
  if (text === '') return { lines: [], count: 0 };
  const ended = text.endsWith('\n');
  const body = (ended ? text.slice(0, -1) : text).split('\n');
  const header =
    sign === '+' ? `@@ -0,0 +${range(1, body.length)} @@` : `@@ -${range(1, body.length)} +0,0 @@`;
  const lines = [header, ...body.map((line) => `${sign}${line}`)];
  if (!ended) lines.push('\\ No newline at end of file');
  return { lines, count: body.length };
}

/**
 * The unified diff of a file from `before` to `after` (null: the file does not exist on that side), in git's
 * unified format: `--- a/path`, `+++ b/path` (or `/dev/null`), then hunks with three lines of context. Null when a
 * modified file's diff would take more than `MAX_DIFF_EDITS` edits.
 */
export function unifiedDiff(path: string, before: string | null, after: string | null): FilePatch | null {
  const names = [
    `--- ${before === null ? '/dev/null' : `a/${path}`}`,
    `+++ ${after === null ? '/dev/null' : `b/${path}`}`,
  ];
  // One side only: every line is added or removed, with no search for what is the same.
  if (before === null || after === null) {
    const whole = wholeFileHunk(before ?? after ?? '', before === null ? '+' : '-');
    return {
      text: [...names, ...whole.lines].join('\n'),
      additions: before === null ? whole.count : 0,
      deletions: before === null ? 0 : whole.count,
    };
  }
  const patch = structuredPatch('a', 'b', before, after, undefined, undefined, {
    context: 3,
    maxEditLength: MAX_DIFF_EDITS,
  });
  if (!patch) return null;
  let additions = 0;
  let deletions = 0;
  const lines = [...names];
  for (const hunk of patch.hunks) {
    lines.push(`@@ -${range(hunk.oldStart, hunk.oldLines)} +${range(hunk.newStart, hunk.newLines)} @@`);
    for (const line of hunk.lines) {
      if (line.startsWith('+')) additions += 1;
      else if (line.startsWith('-')) deletions += 1;
      lines.push(line);
    }
  }
  return { text: lines.join('\n'), additions, deletions };
}
