import { describe, expect, it } from 'vitest';
import {
  languageOf,
  orderFiles,
  treeOf,
  writeDocument,
  type DocumentFile,
  type DocumentOptions,
} from './document.ts';

const source = {
  name: 'team/tool',
  ref: 'main',
  commit: '0123456789abcdef0123456789abcdef01234567',
  folder: '',
};
const options: DocumentOptions = {
  format: 'markdown',
  lineNumbers: false,
  removeBlankLines: false,
  maxTokensPerPart: 0,
};
// A stand-in counter: one token per character keeps the arithmetic of the parts plain to read.
const characters = (text: string) => text.length;

const files: DocumentFile[] = [
  { path: 'src/z.ts', content: 'export const z = 26;\n' },
  { path: 'package.json', content: '{ "name": "tool" }\n' },
  { path: 'README.md', content: '# Tool\n\nDoes things.\n' },
  { path: 'src/index.ts', content: 'export * from "./z";\n' },
  { path: 'tsconfig.json', content: '{}\n' },
  { path: 'assets/logo.png', content: null },
  { path: 'docs/a.md', content: 'A\n' },
];

describe('the repository’s document', () => {
  it('puts the README, manifests, entry points and configuration first, then the rest by path', () => {
    expect(orderFiles(files).map((file) => file.path)).toEqual([
      'README.md',
      'package.json',
      'src/index.ts',
      'tsconfig.json',
      'assets/logo.png',
      'docs/a.md',
      'src/z.ts',
    ]);
  });

  it('draws the tree with folders first, marking files kept without their content', () => {
    expect(treeOf(files)).toBe(
      [
        'assets/',
        '  logo.png (content left out)',
        'docs/',
        '  a.md',
        'src/',
        '  index.ts',
        '  z.ts',
        'README.md',
        'package.json',
        'tsconfig.json',
      ].join('\n'),
    );
  });

  it('writes Markdown with a fence no file can close, and its language', () => {
    const tricky = [{ path: 'guide.md', content: 'Use:\n````\n```js\nx\n```\n````\n' }];
    const [part] = writeDocument(source, tricky, 'Summary.', options, characters);
    expect(part!.text).toContain('# team/tool at main (0123456789ab)');
    expect(part!.text).toContain('## Tree\n\n```text\nguide.md\n```');
    expect(part!.text).toContain('### guide.md\n\n`````markdown\nUse:\n````\n```js\nx\n```\n````\n`````');
    expect(languageOf('src/app.tsx')).toBe('tsx');
    expect(languageOf('Makefile')).toBe('');
  });

  it('writes XML whose file texts cannot break it, and JSON that parses', () => {
    const hostile = [{ path: 'a"<b>.ts', content: 'if (a < b && c > d) {} </file> ]]>' }];
    const [xml] = writeDocument(source, hostile, 'S', { ...options, format: 'xml' }, characters);
    expect(xml!.text).toContain(
      '<file path="a&quot;&lt;b&gt;.ts">\nif (a &lt; b &amp;&amp; c &gt; d) {} &lt;/file&gt; ]]&gt;\n</file>',
    );
    expect(xml!.text.match(/<file /g)).toHaveLength(1);
    const [json] = writeDocument(source, files, 'S', { ...options, format: 'json' }, characters);
    const parsed = JSON.parse(json!.text) as { files: { path: string; content: string }[]; tree: string };
    expect(parsed.files.map((file) => file.path)).toEqual([
      'README.md',
      'package.json',
      'src/index.ts',
      'tsconfig.json',
      'docs/a.md',
      'src/z.ts',
    ]);
    expect(parsed.tree).toContain('logo.png (content left out)');
  });

  it('numbers lines as in the file, also when blank lines are left out', () => {
    const code = [{ path: 'a.py', content: 'def f():\n\n    return 1\n\n\n\n\n\n\n\n\nx = f()\n' }];
    const [part] = writeDocument(
      source,
      code,
      'S',
      { ...options, format: 'plain', lineNumbers: true, removeBlankLines: true },
      characters,
    );
    expect(part!.text).toContain(
      'File: a.py\n================\n 1 | def f():\n 3 |     return 1\n12 | x = f()\n',
    );
  });

  it('splits at the token limit between files, never inside one, each part saying what it is', () => {
    const many = Array.from({ length: 12 }, (_, n) => ({
      path: `src/f${String(n).padStart(2, '0')}.ts`,
      content: `export const v${n} = ${'1'.repeat(n === 7 ? 3000 : 100)};\n`,
    }));
    const parts = writeDocument(
      source,
      many,
      'Twelve files.',
      { ...options, maxTokensPerPart: 1200 },
      characters,
    );
    expect(parts.length).toBeGreaterThan(2);
    // Every file in exactly one part, in order.
    expect(parts.flatMap((part) => part.files)).toEqual(many.map((file) => file.path));
    for (const part of parts) {
      expect(part.count).toBe(parts.length);
      expect(part.tokens).toBe(part.text.length);
      // Within the limit, heading and all; only the one file larger than the limit may pass it, alone.
      if (part.tokens > 1200) expect(part.files).toEqual(['src/f07.ts']);
      for (const path of part.files) expect(part.text).toContain(`### ${path}`);
    }
    expect(parts[1]!.text.split('\n')[0]).toMatch(
      /^# Part 2 of \d+ of team\/tool at main \(0123456789ab\): \d+ files?, src\/f\d+\.ts to src\/f\d+\.ts$/,
    );
    // The summary and tree open the first part only.
    expect(parts[0]!.text).toContain('## Tree');
    expect(parts[1]!.text).not.toContain('## Tree');
  });
});
