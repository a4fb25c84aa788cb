import { describe, expect, it } from 'vitest';
import type { PreviewFile } from '../../../contracts/extractor.ts';
import {
  buildTree,
  escapeGlob,
  estimatedTotal,
  evaluate,
  excludingFolder,
  fileGlob,
  folderGlob,
  folderToggleState,
  sortedChildren,
  withExcludeGlob,
} from './preview-model.ts';
import { defaults, previewFixture } from './test-fixtures.ts';

const preview = previewFixture();
const tree = buildTree(preview.files);
const folderAt = (path: string) => {
  const folder = tree.folders.find((candidate) => candidate.path === path);
  if (!folder) throw new Error(`No folder ${path}`);
  return folder;
};

describe('the preview tree', () => {
  it('sums files and tokens into every folder above them', () => {
    expect(folderAt('').fileCount).toBe(8);
    expect(folderAt('src')).toMatchObject({ fileCount: 4, tokens: 13_500 });
    expect(folderAt('src/generated')).toMatchObject({ name: 'generated', fileCount: 2, tokens: 12_000 });
    expect(folderAt('src/generated').parent).toBe(folderAt('src').id);
  });

  it('applies the choices as the server does, keeping what only a new preview can tell', () => {
    const base = evaluate(preview.files, tree, defaults);
    expect(base.includedTokens[0]).toBe(15_800);
    expect(estimatedTotal(preview, base)).toBe(16_000);
    // The lock file stays out (default ignore) and the image in the tree only (binary).
    expect(base.verdicts[6]).toMatchObject({ decision: 'exclude', reason: 'default-ignore' });
    expect(base.verdicts[7]).toMatchObject({ decision: 'tree-only', reason: 'binary' });

    const narrowed = evaluate(preview.files, tree, {
      ...defaults,
      exclude: ['src/generated/**'],
      keepInTree: ['README.md'],
      maxFileKb: 5,
    });
    expect(narrowed.verdicts.map((verdict) => verdict.reason)).toEqual([
      null,
      null,
      'exclude-glob',
      'exclude-glob',
      // 2,000 tokens × 4 bytes is over 5 KB.
      'too-large',
      'keep-in-tree',
      'default-ignore',
      'binary',
    ]);
    expect(estimatedTotal(preview, narrowed)).toBe(200 + 1_000 + 500);
    expect(narrowed.includedFiles[folderAt('src').id]).toBe(2);
    expect(narrowed.excludedFiles[folderAt('src').id]).toBe(2);

    const onlyTests = evaluate(preview.files, tree, { ...defaults, include: ['test/**'] });
    expect(onlyTests.includedTokens[0]).toBe(2_000);
  });

  it('gives folders a checked, mixed or clear toggle and names the folder that leaves one out', () => {
    const exclude = [folderGlob('src/generated')];
    const evaluation = evaluate(preview.files, tree, { ...defaults, exclude });
    expect(folderToggleState(evaluation, folderAt('src/generated'))).toBe('checked');
    expect(folderToggleState(evaluation, folderAt('src'))).toBe('mixed');
    expect(folderToggleState(evaluation, folderAt('test'))).toBe('unchecked');
    expect(excludingFolder(tree, exclude, folderAt('src/generated').id)?.path).toBe('src/generated');
    expect(excludingFolder(tree, exclude, folderAt('src').id)).toBeNull();
  });

  it('writes toggles as globs that match exactly their path, and drops those a folder now covers', () => {
    expect(escapeGlob('app/[id]/(group)/page+1.tsx')).toBe('app/\\[id\\]/\\(group\\)/page\\+1.tsx');
    const files: PreviewFile[] = [
      { path: 'app/[id]/page.tsx', bytes: 10, tokens: 5, decision: 'include', reason: null },
      { path: 'app/id/page.tsx', bytes: 10, tokens: 7, decision: 'include', reason: null },
    ];
    const bracketTree = buildTree(files);
    const evaluation = evaluate(files, bracketTree, { ...defaults, exclude: [folderGlob('app/[id]')] });
    expect(evaluation.verdicts.map((verdict) => verdict.decision)).toEqual(['exclude', 'include']);

    const typed = ['**/*.snap', fileGlob('src/a.ts'), folderGlob('src/b'), 'src/**/*.md'];
    expect(withExcludeGlob(typed, folderGlob('src'), true)).toEqual(['**/*.snap', 'src/**/*.md', 'src/**']);
    expect(withExcludeGlob(['src/**', 'x'], 'src/**', false)).toEqual(['x']);
    expect(withExcludeGlob(['x'], 'x', true)).toEqual(['x']);
  });

  it('sorts a folder’s children, folders first, by tokens or by name', () => {
    const root = folderAt('');
    const byTokens = sortedChildren(preview.files, tree, root, 'tokens');
    expect(byTokens.folders.map((folder) => folder.name)).toEqual(['src', 'test', 'assets']);
    expect(byTokens.files.map((index) => tree.names[index])).toEqual(['package-lock.json', 'README.md']);
    const byName = sortedChildren(preview.files, tree, root, 'name');
    expect(byName.folders.map((folder) => folder.name)).toEqual(['assets', 'src', 'test']);
  });

  it('handles 50,000 files', () => {
    const many: PreviewFile[] = Array.from({ length: 50_000 }, (_, index) => ({
      path: `packages/p${index % 50}/src/dir${index % 20}/file${index}.ts`,
      bytes: 400,
      tokens: 100,
      decision: 'include',
      reason: null,
    }));
    const bigTree = buildTree(many);
    const evaluation = evaluate(many, bigTree, { ...defaults, exclude: ['packages/p1/**'] });
    expect(evaluation.includedFiles[0]).toBe(49_000);
    expect(evaluation.includedTokens[0]).toBe(4_900_000);
  });
});
