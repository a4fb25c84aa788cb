import picomatch from 'picomatch/posix';
import type {
  ExtractionOptions,
  ExtractionPreview,
  FileReason,
  PreviewFile,
} from '../../../contracts/extractor.ts';

/**
 * The preview's files as a folder tree, and what the person's choices do to them, worked out in the browser
 * so every toggle shows its effect at once, without a request. The tree is built once per preview; the
 * decisions and the folders' sums are worked out again when the globs or the size cap change (a few
 * milliseconds for 50,000 files). Token counts here are the preview's estimates; the document counts exactly.
 */

/** A folder of the tree; the root is folder 0, with the path ''. */
export interface FolderNode {
  id: number;
  name: string;
  path: string;
  parent: number;
  folders: number[];
  /** Indexes into the preview's files. */
  files: number[];
  /** Files in it and below, and their estimated tokens whatever is decided: what sorting goes by. */
  fileCount: number;
  tokens: number;
}

export interface PreviewTree {
  folders: FolderNode[];
  /** The folder each file is in, by the file's index. */
  folderOf: Int32Array;
  /** Each file's name without its folder. */
  names: string[];
}

/** Builds the folder tree of `files` (paths use `/` and start at the root). */
export function buildTree(files: readonly PreviewFile[]): PreviewTree {
  const folders: FolderNode[] = [
    { id: 0, name: '', path: '', parent: -1, folders: [], files: [], fileCount: 0, tokens: 0 },
  ];
  const byPath = new Map<string, number>([['', 0]]);
  const folderOf = new Int32Array(files.length);
  const names: string[] = new Array<string>(files.length);
  files.forEach((file, index) => {
    const parts = file.path.split('/');
    let current = 0;
    let path = '';
    for (let depth = 0; depth < parts.length - 1; depth++) {
      const name = parts[depth] ?? '';
      path = path ? `${path}/${name}` : name;
      let id = byPath.get(path);
      if (id === undefined) {
        id = folders.length;
        folders.push({ id, name, path, parent: current, folders: [], files: [], fileCount: 0, tokens: 0 });
        byPath.set(path, id);
        folders[current]?.folders.push(id);
      }
      current = id;
    }
    folderOf[index] = current;
    names[index] = parts[parts.length - 1] ?? file.path;
    folders[current]?.files.push(index);
    for (let id = current; id !== -1; id = folders[id]?.parent ?? -1) {
      const folder = folders[id];
      if (!folder) break;
      folder.fileCount += 1;
      folder.tokens += file.tokens;
    }
  });
  return { folders, folderOf, names };
}

/** What the choices do with one file. */
export interface Verdict {
  decision: PreviewFile['decision'];
  reason: FileReason | null;
}

const included: Verdict = { decision: 'include', reason: null };
const verdict = (decision: Verdict['decision'], reason: FileReason): Verdict => ({ decision, reason });
const excludedByGlob = verdict('exclude', 'exclude-glob');
const notIncluded = verdict('exclude', 'not-included');
const keptInTree = verdict('tree-only', 'keep-in-tree');
const tooLarge = verdict('tree-only', 'too-large');

type Matcher = (path: string) => boolean;
const never: Matcher = () => false;

/** A test of paths against `globs` as the server matches them (picomatch, dot files too). */
function matcherOf(globs: readonly string[]): Matcher {
  const usable = globs.map((glob) => glob.trim()).filter((glob) => glob !== '');
  if (usable.length === 0) return never;
  try {
    return picomatch(usable, { dot: true });
  } catch {
    // A glob picomatch cannot read matches nothing here; the server says what is wrong with it.
    return never;
  }
}

/** Folder sums for the choices as they stand. */
export interface Evaluation {
  verdicts: Verdict[];
  /** By folder id: files in the document, files left out, and the estimated tokens of those in the document. */
  includedFiles: Int32Array;
  excludedFiles: Int32Array;
  includedTokens: Float64Array;
}

/**
 * Decides every file again for `options`, the way the server does (contracts/extractor.ts, "fileReasons"):
 * what `.gitignore` and the default ignores left out stays out, and what the server found binary or a Git LFS
 * pointer stays in the tree only, since only a new preview can tell; the globs and the size cap are applied.
 */
export function evaluate(
  files: readonly PreviewFile[],
  tree: PreviewTree,
  options: Pick<ExtractionOptions, 'include' | 'exclude' | 'keepInTree' | 'maxFileKb'>,
): Evaluation {
  const isExcluded = matcherOf(options.exclude);
  const isIncluded = options.include.some((glob) => glob.trim() !== '') ? matcherOf(options.include) : null;
  const isKeptInTree = matcherOf(options.keepInTree);
  const cap = Number.isFinite(options.maxFileKb) ? options.maxFileKb * 1024 : Infinity;
  const count = tree.folders.length;
  const includedFiles = new Int32Array(count);
  const excludedFiles = new Int32Array(count);
  const includedTokens = new Float64Array(count);
  const verdicts = files.map((file, index): Verdict => {
    let result: Verdict;
    if (file.reason === 'default-ignore' || file.reason === 'gitignore') result = file;
    else if (isExcluded(file.path)) result = excludedByGlob;
    else if (isIncluded && !isIncluded(file.path)) result = notIncluded;
    else if (isKeptInTree(file.path)) result = keptInTree;
    else if (file.reason === 'binary' || file.reason === 'lfs-pointer') result = file;
    else if (file.bytes > cap) result = tooLarge;
    else result = included;
    for (let id = tree.folderOf[index] ?? 0; id !== -1; id = tree.folders[id]?.parent ?? -1) {
      if (result.decision === 'include') {
        includedFiles[id] = (includedFiles[id] ?? 0) + 1;
        includedTokens[id] = (includedTokens[id] ?? 0) + file.tokens;
      } else if (result.decision === 'exclude') {
        excludedFiles[id] = (excludedFiles[id] ?? 0) + 1;
      }
    }
    return result;
  });
  return { verdicts, includedFiles, excludedFiles, includedTokens };
}

/** The estimated tokens of the files the server itself included. */
function serverIncludedTokens(files: readonly PreviewFile[]): number {
  let sum = 0;
  for (const file of files) if (file.decision === 'include') sum += file.tokens;
  return sum;
}

/**
 * The estimated tokens of the document with these choices: the preview's own estimate, moved by the tokens of
 * the files that came in or went out (what the preview adds besides the files, the tree and the headings,
 * stays as it was).
 */
export function estimatedTotal(preview: ExtractionPreview, evaluation: Evaluation): number {
  const overhead = Math.max(0, preview.estimatedTokens - serverIncludedTokens(preview.files));
  return overhead + (evaluation.includedTokens[0] ?? 0);
}

const globCharacters = /[\\*?[\]{}()!+@]/g;

/** `path` as a glob that matches exactly it (`app/[id]/page.tsx` → `app/\[id\]/page.tsx`). */
export function escapeGlob(path: string): string {
  return path.replace(globCharacters, '\\$&');
}

/** The exclude glob a file's toggle adds: its own path. */
export const fileGlob = (path: string) => escapeGlob(path);

/** The exclude glob a folder's toggle adds: everything in it (`src/generated/**`). */
export const folderGlob = (path: string) => `${escapeGlob(path)}/**`;

/** Whether `glob` is one a toggle makes: a path, or a folder's `/**`, with no wildcard of its own. */
function isToggleGlob(glob: string): boolean {
  const body = glob.endsWith('/**') ? glob.slice(0, -3) : glob;
  return !/(^|[^\\])[*?[\]{}()!+@]/.test(body);
}

/**
 * The exclude list with `glob` in it (`on`) or out of it. Leaving a folder out also drops the toggles of the
 * files and folders inside it, which it now covers; globs typed by hand are kept as they are.
 */
export function withExcludeGlob(exclude: readonly string[], glob: string, on: boolean): string[] {
  if (!on) return exclude.filter((entry) => entry !== glob);
  if (exclude.includes(glob)) return [...exclude];
  const inside = glob.endsWith('/**') ? glob.slice(0, -2) : null;
  const kept = inside
    ? exclude.filter((entry) => !(entry.startsWith(inside) && isToggleGlob(entry)))
    : [...exclude];
  return [...kept, glob];
}

/** How a toggle shows: every file left out, none, or some. */
export type ToggleState = 'checked' | 'unchecked' | 'mixed';

export function folderToggleState(evaluation: Evaluation, folder: FolderNode): ToggleState {
  const excluded = evaluation.excludedFiles[folder.id] ?? 0;
  if (folder.fileCount > 0 && excluded === folder.fileCount) return 'checked';
  return excluded === 0 ? 'unchecked' : 'mixed';
}

/** The nearest folder above `folder` (or the folder itself) whose own toggle leaves it out, if any. */
export function excludingFolder(
  tree: PreviewTree,
  exclude: readonly string[],
  folderId: number,
): FolderNode | null {
  for (let id = folderId; id > 0; id = tree.folders[id]?.parent ?? -1) {
    const folder = tree.folders[id];
    if (folder && exclude.includes(folderGlob(folder.path))) return folder;
  }
  return null;
}

/** A folder's children in the order asked for: folders first, then files, each by tokens or by name. */
export function sortedChildren(
  files: readonly PreviewFile[],
  tree: PreviewTree,
  folder: FolderNode,
  order: 'tokens' | 'name',
): { folders: FolderNode[]; files: number[] } {
  const folders = folder.folders.map((id) => tree.folders[id]).filter((node) => node !== undefined);
  const fileIndexes = [...folder.files];
  const byName = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });
  if (order === 'name') {
    folders.sort((a, b) => byName(a.name, b.name));
    fileIndexes.sort((a, b) => byName(tree.names[a] ?? '', tree.names[b] ?? ''));
  } else {
    folders.sort((a, b) => b.tokens - a.tokens || byName(a.name, b.name));
    fileIndexes.sort(
      (a, b) =>
        (files[b]?.tokens ?? 0) - (files[a]?.tokens ?? 0) || byName(tree.names[a] ?? '', tree.names[b] ?? ''),
    );
  }
  return { folders, files: fileIndexes };
}

/** The `count` files with the most estimated tokens, by index. */
export function largestFiles(files: readonly PreviewFile[], count: number): number[] {
  return files
    .map((_file, index) => index)
    .sort((a, b) => (files[b]?.tokens ?? 0) - (files[a]?.tokens ?? 0))
    .slice(0, count);
}
