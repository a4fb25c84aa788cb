import { describe, expect, it } from 'vitest';
import { createSelection, isBinary, isLfsPointer, type SelectionOptions } from './selection.ts';

const text = (value = 'export const a = 1;\n') => new TextEncoder().encode(value);
const options: SelectionOptions = {
  include: [],
  exclude: [],
  keepInTree: [],
  useGitignore: true,
  useDefaultIgnores: true,
  maxFileBytes: 100_000,
};

/** The decision for each path (a small text file unless given), as `action reason`. */
function decisions(
  paths: string[],
  set: Partial<SelectionOptions> = {},
  ignoreFiles: Record<string, string> = {},
  files: Record<string, { size?: number; head?: Uint8Array }> = {},
) {
  const selection = createSelection({ ...options, ...set }, new Map(Object.entries(ignoreFiles)));
  return Object.fromEntries(
    paths.map((path) => {
      const decision = selection.decide(path, files[path]?.size ?? 100, files[path]?.head ?? text());
      return [path, 'reason' in decision ? `${decision.action} ${decision.reason}` : decision.action];
    }),
  );
}

describe('choosing a repository’s files', () => {
  it('leaves out dependencies, build output, lock files and minified files by default, unless told not to', () => {
    const paths = [
      'src/index.ts',
      'node_modules/react/index.js',
      'packages/app/node_modules/x/y.js',
      'dist/bundle.js',
      'package-lock.json',
      'web/yarn.lock',
      'public/app.min.js',
      '.git/config',
      'README.md',
    ];
    expect(decisions(paths)).toEqual({
      'src/index.ts': 'include',
      'node_modules/react/index.js': 'exclude default-ignore',
      'packages/app/node_modules/x/y.js': 'exclude default-ignore',
      'dist/bundle.js': 'exclude default-ignore',
      'package-lock.json': 'exclude default-ignore',
      'web/yarn.lock': 'exclude default-ignore',
      'public/app.min.js': 'exclude default-ignore',
      '.git/config': 'exclude default-ignore',
      'README.md': 'include',
    });
    expect(decisions(['dist/bundle.js'], { useDefaultIgnores: false })).toEqual({
      'dist/bundle.js': 'include',
    });
  });

  it('honours .gitignore and .ignore at every level, deeper files over shallower ones, as git does', () => {
    const ignoreFiles = {
      '.gitignore': '*.log\ngenerated/\n/secret.txt\n',
      'app/.gitignore': '!keep.log\ntmp\n',
      'app/sub/.ignore': 'notes.md\n',
    };
    const paths = [
      'server.log',
      'app/keep.log',
      'app/other.log',
      'generated/api.ts',
      'app/generated/api.ts',
      'secret.txt',
      'app/secret.txt',
      'app/tmp/cache.txt',
      'app/sub/notes.md',
      'notes.md',
    ];
    expect(decisions(paths, {}, ignoreFiles)).toEqual({
      'server.log': 'exclude gitignore',
      'app/keep.log': 'include',
      'app/other.log': 'exclude gitignore',
      'generated/api.ts': 'exclude gitignore',
      'app/generated/api.ts': 'exclude gitignore',
      // Anchored to the root of its own file.
      'secret.txt': 'exclude gitignore',
      'app/secret.txt': 'include',
      'app/tmp/cache.txt': 'exclude gitignore',
      'app/sub/notes.md': 'exclude gitignore',
      'notes.md': 'include',
    });
    expect(decisions(['server.log'], { useGitignore: false }, ignoreFiles)).toEqual({
      'server.log': 'include',
    });
  });

  it('takes include and exclude globs together, exclude first, and keeps some files in the tree only', () => {
    const set = {
      include: ['src/**', '*.md'],
      exclude: ['**/*.test.ts'],
      keepInTree: ['src/fixtures/**'],
    };
    expect(
      decisions(
        ['src/a.ts', 'src/a.test.ts', 'README.md', 'docs/guide.md', 'scripts/x.sh', 'src/fixtures/big.json'],
        set,
      ),
    ).toEqual({
      'src/a.ts': 'include',
      'src/a.test.ts': 'exclude exclude-glob',
      'README.md': 'include',
      'docs/guide.md': 'exclude not-included',
      'scripts/x.sh': 'exclude not-included',
      'src/fixtures/big.json': 'tree-only keep-in-tree',
    });
    // Dot files are files like any other for globs.
    expect(decisions(['.github/workflows/ci.yml'], { include: ['.github/**'] })).toEqual({
      '.github/workflows/ci.yml': 'include',
    });
  });

  it('keeps binary, oversized and Git LFS files in the tree without their content', () => {
    const lfs = text('version https://git-lfs.github.com/spec/v1\noid sha256:4d7a2146\nsize 12345\n');
    expect(
      decisions(
        ['logo.png', 'data.bin', 'blob', 'model.onnx', 'huge.ts'],
        {},
        {},
        {
          blob: { head: new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0, 1]) },
          'model.onnx': { head: lfs },
          'huge.ts': { size: 200_000 },
        },
      ),
    ).toEqual({
      'logo.png': 'tree-only binary',
      'data.bin': 'tree-only binary',
      blob: 'tree-only binary',
      'model.onnx': 'tree-only lfs-pointer',
      'huge.ts': 'tree-only too-large',
    });
  });
});

describe('telling binary files and LFS pointers', () => {
  it('reads a NUL byte in the first 8,000 bytes, or a binary extension, as binary', () => {
    expect(isBinary('a.ts', text('plain text\n'))).toBe(false);
    expect(isBinary('a.ts', new Uint8Array([65, 0, 66]))).toBe(true);
    const late = new Uint8Array(9000).fill(65);
    late[8500] = 0;
    expect(isBinary('a.txt', late)).toBe(false);
    expect(isBinary('photo.JPG', text('x'))).toBe(true);
    // A dot in a folder's name is not an extension.
    expect(isBinary('v1.png/readme', text('x'))).toBe(false);
  });

  it('knows a pointer by its first line, and nothing longer than a pointer is one', () => {
    expect(isLfsPointer(text('version https://git-lfs.github.com/spec/v1\noid sha256:abc\nsize 1\n'))).toBe(
      true,
    );
    expect(isLfsPointer(text('version 2 of the spec'))).toBe(false);
    expect(isLfsPointer(text(`version https://git-lfs.github.com/spec/v1\n${'x'.repeat(2000)}`))).toBe(false);
  });
});
