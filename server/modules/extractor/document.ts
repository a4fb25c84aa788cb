import type { DocumentFormat } from '../../../contracts/extractor.ts';

export type { DocumentFormat };

/** A file of the document: its text, or null when it is kept in the tree without content. */
export interface DocumentFile {
  path: string;
  content: string | null;
}

/** What the document is of. */
export interface DocumentSource {
  /** e.g. `facebook/react`. */
  name: string;
  ref: string;
  commit: string;
  folder: string;
}

export interface DocumentOptions {
  format: DocumentFormat;
  /** `  12 | ` before each line. */
  lineNumbers: boolean;
  /** Lines with nothing but white space left out. */
  removeBlankLines: boolean;
  /** Parts of at most this many tokens, never cutting a file (a larger file is a part of its own); 0: one part. */
  maxTokensPerPart: number;
}

/** One part of the document, self-describing: which part of what, and which files it holds. */
export interface DocumentPart {
  index: number;
  count: number;
  text: string;
  tokens: number;
  files: string[];
}

/** Counts the tokens of a text, exactly or as an estimate. */
export type TokenCounter = (text: string) => number;

// Read first: what a reader needs before the code, in this order, each a path from the folder's root.
const readmeName = /^readme(\.[a-z]+)?$/i;
const manifestNames = new Set([
  'package.json',
  'pyproject.toml',
  'setup.py',
  'requirements.txt',
  'Cargo.toml',
  'go.mod',
  'pom.xml',
  'build.gradle',
  'build.gradle.kts',
  'Gemfile',
  'composer.json',
  'mix.exs',
  'Makefile',
  'Dockerfile',
  'docker-compose.yml',
  'compose.yaml',
]);
const entryPoint = /^(src\/)?(index|main|app|server|cli|lib|mod)\.[a-z]+$/i;
const configName = /^(tsconfig(\.[a-z]+)?\.json|[a-z.]*\.config\.[a-z]+|\.[a-z]+rc(\.[a-z]+)?)$/i;

/** Where a file goes: the README, then manifests, entry points and configuration, then the rest by path. */
function rankOf(path: string, folder: string): number {
  const relative = folder && path.startsWith(`${folder}/`) ? path.slice(folder.length + 1) : path;
  if (readmeName.test(relative)) return 0;
  if (manifestNames.has(relative)) return 1;
  if (entryPoint.test(relative)) return 2;
  if (!relative.includes('/') && configName.test(relative)) return 3;
  return 4;
}

/** The files in reading order (see `rankOf`). */
export function orderFiles<T extends { path: string }>(files: readonly T[], folder = ''): T[] {
  return [...files].sort(
    (a, b) =>
      rankOf(a.path, folder) - rankOf(b.path, folder) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
  );
}

/** The files as an indented tree of folders and files; those without content marked. */
export function treeOf(files: readonly DocumentFile[]): string {
  type Folder = { folders: Map<string, Folder>; files: { name: string; treeOnly: boolean }[] };
  const root: Folder = { folders: new Map(), files: [] };
  for (const file of files) {
    const parts = file.path.split('/');
    let folder = root;
    for (const part of parts.slice(0, -1)) {
      let next = folder.folders.get(part);
      if (!next) folder.folders.set(part, (next = { folders: new Map(), files: [] }));
      folder = next;
    }
    folder.files.push({ name: parts.at(-1)!, treeOnly: file.content === null });
  }
  const lines: string[] = [];
  const walk = (folder: Folder, depth: number) => {
    const indent = '  '.repeat(depth);
    for (const [name, child] of [...folder.folders].sort(([a], [b]) => (a < b ? -1 : 1))) {
      lines.push(`${indent}${name}/`);
      walk(child, depth + 1);
    }
    for (const file of [...folder.files].sort((a, b) => (a.name < b.name ? -1 : 1)))
      lines.push(`${indent}${file.name}${file.treeOnly ? ' (content left out)' : ''}`);
  };
  walk(root, 0);
  return lines.join('\n');
}

const languages: Record<string, string> = {
  ts: 'typescript',
  tsx: 'tsx',
  js: 'javascript',
  jsx: 'jsx',
  mjs: 'javascript',
  cjs: 'javascript',
  py: 'python',
  rb: 'ruby',
  go: 'go',
  rs: 'rust',
  java: 'java',
  kt: 'kotlin',
  c: 'c',
  h: 'c',
  cpp: 'cpp',
  cc: 'cpp',
  hpp: 'cpp',
  cs: 'csharp',
  php: 'php',
  swift: 'swift',
  sh: 'bash',
  md: 'markdown',
  json: 'json',
  yml: 'yaml',
  yaml: 'yaml',
  toml: 'toml',
  html: 'html',
  css: 'css',
  sql: 'sql',
  xml: 'xml',
};

/** The language a fence is marked with, by the file's extension; '' when unknown. */
export function languageOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? (languages[name.slice(dot + 1).toLowerCase()] ?? '') : '';
}

/** The text as it is written out: blank lines left out and line numbers added, when asked. */
function shaped(content: string, options: DocumentOptions): string {
  // Most runs change nothing but the line ends: no need to take the text apart into lines.
  if (!options.removeBlankLines && !options.lineNumbers)
    return content.replace(/\r\n?/g, '\n').replace(/\n$/, '');
  let lines = content.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
  const numbers = lines.map((_line, index) => index + 1);
  if (options.removeBlankLines) {
    const kept = lines
      .map((line, index) => ({ line, number: numbers[index]! }))
      .filter(({ line }) => line.trim());
    lines = kept.map(({ line }) => line);
    numbers.splice(0, numbers.length, ...kept.map(({ number }) => number));
  }
  if (!options.lineNumbers) return lines.join('\n');
  const width = String(numbers.at(-1) ?? 1).length;
  return lines.map((line, index) => `${String(numbers[index]).padStart(width)} | ${line}`).join('\n');
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeXml(text).replace(/"/g, '&quot;');

/** A Markdown fence longer than any run of backticks in the text, so the text cannot close it. */
function fenceFor(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  return '`'.repeat(Math.max(3, longest + 1));
}

/** What a section of the document holds: a file's text, or (diff mode) its unified diff. */
export type SectionKind = 'file' | 'diff';

/** A diff's section, in each format: never numbered or shaped, since its lines are the diff's own. */
function diffSection(path: string, diff: string, options: DocumentOptions): string {
  switch (options.format) {
    case 'markdown': {
      const fence = fenceFor(diff);
      return `### ${path} (diff)\n\n${fence}diff\n${diff}\n${fence}\n`;
    }
    case 'xml':
      return `<diff path="${escapeAttribute(path)}">\n${escapeXml(diff)}\n</diff>\n`;
    case 'plain':
      return `${'='.repeat(16)}\nDiff: ${path}\n${'='.repeat(16)}\n${diff}\n`;
    case 'json':
      return JSON.stringify({ path, diff });
  }
}

/** How a section is named in a part's heading and list of files. */
export const sectionLabel = (section: { file: { path: string }; kind: SectionKind }) =>
  section.kind === 'diff' ? `${section.file.path} (diff)` : section.file.path;

/** A file's section of the document: its path and its text (or its diff), as the format writes them. */
export function sectionText(
  file: DocumentFile & { content: string },
  options: DocumentOptions,
  kind: SectionKind = 'file',
): string {
  if (kind === 'diff') return diffSection(file.path, file.content, options);
  const text = shaped(file.content, options);
  switch (options.format) {
    case 'markdown': {
      const fence = fenceFor(text);
      return `### ${file.path}\n\n${fence}${languageOf(file.path)}\n${text}\n${fence}\n`;
    }
    case 'xml':
      return `<file path="${escapeAttribute(file.path)}">\n${escapeXml(text)}\n</file>\n`;
    case 'plain':
      return `${'='.repeat(16)}\nFile: ${file.path}\n${'='.repeat(16)}\n${text}\n`;
    case 'json':
      return JSON.stringify({ path: file.path, content: text });
  }
}

/** The heading of a part: what it is part of, which part, and its files. */
function partHeading(source: DocumentSource, index: number, count: number, files: string[]): string {
  const what = `${source.name}${source.folder ? `/${source.folder}` : ''} at ${source.ref} (${source.commit.slice(0, 12)})`;
  return count === 1
    ? what
    : `Part ${index} of ${count} of ${what}: ${files.length} ${files.length === 1 ? 'file' : 'files'}, ${files[0]} to ${files.at(-1)}`;
}

function assemble(
  source: DocumentSource,
  options: DocumentOptions,
  head: { summary: string; tree: string } | null,
  sections: string[],
  files: string[],
  index: number,
  count: number,
): string {
  const heading = partHeading(source, index, count, files);
  switch (options.format) {
    case 'markdown':
      return [
        `# ${heading}`,
        ...(head ? [`## Summary\n\n${head.summary}`, `## Tree\n\n\`\`\`text\n${head.tree}\n\`\`\``] : []),
        `## Files\n\n${sections.join('\n')}`,
      ].join('\n\n');
    case 'xml':
      return [
        `<repository name="${escapeAttribute(source.name)}" ref="${escapeAttribute(source.ref)}" commit="${source.commit}" part="${index}" parts="${count}">`,
        `<heading>${escapeXml(heading)}</heading>`,
        ...(head
          ? [`<summary>\n${escapeXml(head.summary)}\n</summary>`, `<tree>\n${escapeXml(head.tree)}\n</tree>`]
          : []),
        `<files>\n${sections.join('')}</files>`,
        '</repository>',
      ].join('\n');
    case 'plain':
      return [
        heading,
        ...(head ? [`Summary\n\n${head.summary}`, `Tree\n\n${head.tree}`] : []),
        sections.join('\n'),
      ].join('\n\n');
    case 'json':
      return `{"heading":${JSON.stringify(heading)},"repository":${JSON.stringify(source)},"part":${index},"parts":${count},${
        head ? `"summary":${JSON.stringify(head.summary)},"tree":${JSON.stringify(head.tree)},` : ''
      }"files":[${sections.join(',')}]}`;
  }
}

/** One file of the document, with the tokens its section takes (counted once; its text is made again when written). */
export interface DocumentSection {
  file: DocumentFile & { content: string };
  kind: SectionKind;
  tokens: number;
}

/**
 * The files with content in reading order, each with the tokens of its section (`tokensOf`, the only count of
 * it). The section's text is not kept: a large repository's would be a second copy of its code.
 */
export function sectionsOf(
  files: readonly DocumentFile[],
  folder: string,
  tokensOf: (file: DocumentFile & { content: string }) => number,
): DocumentSection[] {
  const withContent = orderFiles(
    files.filter((file): file is DocumentFile & { content: string } => file.content !== null),
    folder,
  );
  return withContent.map((file) => ({ file, kind: 'file' as const, tokens: tokensOf(file) }));
}

/**
 * The repository as one document, or as parts of at most `maxTokensPerPart` tokens: a heading that says what
 * it is (and which part), then in the first part `summary` and the tree, then each file in reading order (the
 * README, manifests, entry points, configuration, the rest by path). A file is never cut; one larger than the
 * limit is a part of its own.
 */
export function writeDocument(
  source: DocumentSource,
  files: readonly DocumentFile[],
  summary: string,
  options: DocumentOptions,
  count: TokenCounter,
  sections: readonly DocumentSection[] = sectionsOf(files, source.folder, (file) =>
    count(sectionText(file, options)),
  ),
): DocumentPart[] {
  const head = { summary, tree: treeOf(files) };
  // Group sections into parts by their own tokens plus the part's frame (heading, and summary and tree first).
  const frame = count(assemble(source, options, head, [], [], 1, 1));
  // A later part's frame is its heading, which names its first and last files: priced with the longest path.
  const longest = sections.reduce(
    (path, section) => (sectionLabel(section).length > path.length ? sectionLabel(section) : path),
    '',
  );
  const laterFrame = count(assemble(source, options, null, [], [longest, longest], 999, 999));
  const groups: { sections: DocumentSection[]; sectionTokens: number; tokens: number }[] = [];
  let current = { sections: [] as DocumentSection[], sectionTokens: 0, tokens: frame };
  for (const section of sections) {
    const tokens = section.tokens;
    if (
      options.maxTokensPerPart > 0 &&
      current.sections.length > 0 &&
      current.tokens + tokens > options.maxTokensPerPart
    ) {
      groups.push(current);
      current = { sections: [], sectionTokens: 0, tokens: laterFrame };
    }
    current.sections.push(section);
    current.sectionTokens += tokens;
    current.tokens += tokens;
  }
  groups.push(current);
  const separator = count(SEPARATORS[options.format]);
  return groups.map((group, position) => {
    const index = position + 1;
    const frameOfPart = position === 0 ? head : null;
    const paths = group.sections.map(sectionLabel);
    const texts = group.sections.map((section) => sectionText(section.file, options, section.kind));
    const text = assemble(source, options, frameOfPart, texts, paths, index, groups.length);
    // Counted as its frame, its files' sections and what joins them, each already counted once: the
    // whole text is never counted again (with a byte-pair tokenizer, merges across a join can differ by a
    // token or so from counting it at once).
    const tokens =
      count(assemble(source, options, frameOfPart, [], paths, index, groups.length)) +
      group.sectionTokens +
      separator * Math.max(0, texts.length - 1);
    return { index, count: groups.length, text, tokens, files: paths };
  });
}

/** What `assemble` puts between two files' sections, by format. */
const SEPARATORS: Record<DocumentFormat, string> = { markdown: '\n', xml: '', plain: '\n', json: ',' };
