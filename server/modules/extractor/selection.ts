import ignore, { type Ignore } from 'ignore';
import picomatch from 'picomatch';

/** What to take of a repository, as the person set it (and the preview toggles). */
export interface SelectionOptions {
  /** Globs a file must match to be taken; none means every file. */
  include: readonly string[];
  /** Globs of files left out, whatever `include` says. */
  exclude: readonly string[];
  /** Globs of files kept in the tree without their content (a large fixture, generated code). */
  keepInTree: readonly string[];
  /** Honour `.gitignore` and `.ignore` files at every level, as git does. */
  useGitignore: boolean;
  /** Leave out what no reader wants: lock files, build output, vendored dependencies, editor litter. */
  useDefaultIgnores: boolean;
  /** Files larger than this stay in the tree without their content. */
  maxFileBytes: number;
}

/** What becomes of one file, and why. */
export type FileDecision =
  | { action: 'include' }
  | { action: 'tree-only'; reason: 'keep-in-tree' | 'too-large' | 'binary' | 'lfs-pointer' }
  | { action: 'exclude'; reason: 'default-ignore' | 'gitignore' | 'exclude-glob' | 'not-included' };

/**
 * Left out unless asked for: dependency and build folders, lock files, minified and map files, caches, and
 * files of the operating system and editors. Written as `.gitignore` lines.
 */
export const DEFAULT_IGNORES: readonly string[] = [
  '.git/',
  'node_modules/',
  'bower_components/',
  'jspm_packages/',
  'vendor/',
  '.venv/',
  'venv/',
  '__pycache__/',
  '*.pyc',
  '.mypy_cache/',
  '.pytest_cache/',
  '.tox/',
  'dist/',
  'build/',
  'out/',
  'target/',
  '.next/',
  '.nuxt/',
  '.svelte-kit/',
  '.turbo/',
  '.cache/',
  '.parcel-cache/',
  'coverage/',
  '.gradle/',
  '.idea/',
  '*.min.js',
  '*.min.css',
  '*.map',
  'package-lock.json',
  'npm-shrinkwrap.json',
  'yarn.lock',
  'pnpm-lock.yaml',
  'bun.lockb',
  'Cargo.lock',
  'poetry.lock',
  'Pipfile.lock',
  'Gemfile.lock',
  'composer.lock',
  'go.sum',
  'mix.lock',
  'pubspec.lock',
  '.DS_Store',
  'Thumbs.db',
  '*.swp',
];

/** The names of the files whose lines say what to ignore in their folder and below. */
export const IGNORE_FILE_NAMES = ['.gitignore', '.ignore'] as const;

/** Extensions of files that are not text whatever their first bytes say. */
const BINARY_EXTENSIONS = new Set(
  (
    'png jpg jpeg gif bmp ico webp avif tif tiff psd heic pdf zip gz tgz bz2 xz 7z rar zst jar war ear class ' +
    'so dylib dll exe o a lib obj wasm bin dat db sqlite sqlite3 woff woff2 ttf otf eot mp3 mp4 m4a wav ogg ' +
    'flac webm mov avi mkv pyc pyo npy npz pkl parquet onnx pt ckpt safetensors'
  ).split(' '),
);

const LFS_POINTER = 'version https://git-lfs.github.com/spec/v1\n';

/**
 * Whether a file is binary: by its extension, else as git decides, by a NUL byte in its first 8,000 bytes.
 */
export function isBinary(path: string, head: Uint8Array): boolean {
  const dot = path.lastIndexOf('.');
  if (dot > path.lastIndexOf('/') && BINARY_EXTENSIONS.has(path.slice(dot + 1).toLowerCase())) return true;
  return head.subarray(0, 8000).includes(0);
}

/** Whether a file is a Git LFS pointer (the real content lives on the LFS server, not in the repository). */
export function isLfsPointer(head: Uint8Array): boolean {
  if (head.length > 1024 || head.length < LFS_POINTER.length) return false;
  return Buffer.from(head.subarray(0, LFS_POINTER.length)).toString('latin1') === LFS_POINTER;
}

const matcher = (globs: readonly string[]) =>
  globs.length === 0 ? () => false : picomatch(globs as string[], { dot: true });

function folderOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

/**
 * Decides for each file of a repository whether it is taken, kept in the tree without content, or left out,
 * and says why (the preview shows it). `ignoreFiles` are the repository's `.gitignore` and `.ignore` files by
 * path; a folder left out by them leaves out everything in it, as in git. Paths use `/` and start at the root.
 */
export function createSelection(options: SelectionOptions, ignoreFiles: ReadonlyMap<string, string>) {
  const defaults = ignore().add([...DEFAULT_IGNORES]);
  // The rules of each folder that has ignore files, both files' lines together, `.ignore` after `.gitignore`.
  const rules = new Map<string, Ignore>();
  if (options.useGitignore) {
    const byFolder = new Map<string, string[]>();
    for (const name of IGNORE_FILE_NAMES)
      for (const [path, text] of ignoreFiles) {
        const slash = path.lastIndexOf('/');
        if (path.slice(slash + 1) !== name) continue;
        const folder = folderOf(path);
        byFolder.set(folder, [...(byFolder.get(folder) ?? []), text]);
      }
    for (const [folder, texts] of byFolder) rules.set(folder, ignore().add(texts.join('\n')));
  }
  const included = matcher(options.include);
  const excluded = matcher(options.exclude);
  const treeOnly = matcher(options.keepInTree);

  /**
   * Whether git would leave `path` out (a file, or a folder when it ends with `/`): the ignore files of the
   * folders above it, from the root down, and a deeper file's verdict (a `!pattern` too) over a shallower one's.
   */
  function gitIgnores(path: string): boolean {
    let ignored = false;
    const parts = path.split('/');
    for (let depth = 0; depth < parts.length; depth++) {
      const folder = parts.slice(0, depth).join('/');
      const rule = rules.get(folder);
      if (!rule) continue;
      const relative = parts.slice(depth).join('/');
      if (relative === '' || relative === '/') continue;
      const verdict = rule.test(relative);
      if (verdict.ignored) ignored = true;
      else if (verdict.unignored) ignored = false;
    }
    return ignored;
  }

  /** `path` or any folder it is in matches `test` (folders given with a trailing `/`). */
  function itOrAFolder(path: string, test: (candidate: string) => boolean): boolean {
    const parts = path.split('/');
    for (let end = 1; end < parts.length; end++) if (test(`${parts.slice(0, end).join('/')}/`)) return true;
    return test(path);
  }

  return {
    /** The decision for the file at `path`, of `size` bytes, whose first bytes are `head` (up to 8 KB). */
    decide(path: string, size: number, head: Uint8Array): FileDecision {
      if (options.useDefaultIgnores && itOrAFolder(path, (candidate) => defaults.ignores(candidate)))
        return { action: 'exclude', reason: 'default-ignore' };
      if (rules.size > 0 && itOrAFolder(path, gitIgnores)) return { action: 'exclude', reason: 'gitignore' };
      if (excluded(path)) return { action: 'exclude', reason: 'exclude-glob' };
      if (options.include.length > 0 && !included(path)) return { action: 'exclude', reason: 'not-included' };
      if (treeOnly(path)) return { action: 'tree-only', reason: 'keep-in-tree' };
      if (isLfsPointer(head)) return { action: 'tree-only', reason: 'lfs-pointer' };
      if (isBinary(path, head)) return { action: 'tree-only', reason: 'binary' };
      if (size > options.maxFileBytes) return { action: 'tree-only', reason: 'too-large' };
      return { action: 'include' };
    },
  };
}

export type Selection = ReturnType<typeof createSelection>;
