/**
 * A repository's modules, for the extractor's module cards: where they are, what they are called and are for,
 * what they export and which of the others they import. Pure: the files come in with their content, nothing is
 * read or parsed by a compiler. Everything is found with regular expressions over text whose comments are
 * stripped (strings kept, since import specifiers are strings): no parser per language to ship, tens of
 * thousands of files in a second or two, and good enough for cards.
 */

/** A file of the repository as the extractor holds it. */
export interface ModuleFile {
  path: string;
  /** null: the file is kept in the tree without its content. */
  content: string | null;
}

/** One module of a repository: a package, or a meaningful folder of a single-package repository. */
export interface RepositoryModule {
  /** The module's folder from the repository root ('' for a repository that is one module). */
  path: string;
  /** Its name: the manifest's package name when there is one, else the folder name. */
  name: string;
  /** What it is for, in at most ~400 characters of plain text; null when nothing says. */
  purpose: string | null;
  /** Its files (paths from the root), sorted. */
  files: string[];
  /** Its public exports, at most 50, sorted by name. */
  exports: { name: string; kind: string; file: string }[];
  /** Paths of other modules this one imports, sorted, without itself. */
  imports: string[];
  /** Lines of code (files of a programming language only). */
  lines: number;
  /** The main language by lines. */
  language: string | null;
}

const DEFAULT_MAX_MODULES = 60;
const MAX_EXPORTS = 50;
const MAX_PURPOSE = 400;

type ModuleExport = RepositoryModule['exports'][number];

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const folderOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf('/')));
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** Joins a relative path to a folder, resolving `.` and `..`; null when it climbs out of the repository. */
function joinPath(folder: string, relative: string): string | null {
  const parts = folder ? folder.split('/') : [];
  for (const part of relative.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}

function countLines(content: string): number {
  if (content === '') return 0;
  let lines = content.endsWith('\n') ? 0 : 1;
  for (let at = content.indexOf('\n'); at !== -1; at = content.indexOf('\n', at + 1)) lines += 1;
  return lines;
}

// ---------------------------------------------------------------------------------------------------------
// Languages

/** Programming languages by extension. Markup, data and prose are not code: they make no module. */
const CODE_LANGUAGES: Record<string, string> = {
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  vue: 'vue',
  svelte: 'svelte',
  astro: 'astro',
  py: 'python',
  pyi: 'python',
  go: 'go',
  rs: 'rust',
  java: 'java',
  kt: 'kotlin',
  kts: 'kotlin',
  scala: 'scala',
  groovy: 'groovy',
  gradle: 'groovy',
  cs: 'csharp',
  fs: 'fsharp',
  c: 'c',
  h: 'c',
  cc: 'cpp',
  cpp: 'cpp',
  cxx: 'cpp',
  hpp: 'cpp',
  hh: 'cpp',
  hxx: 'cpp',
  m: 'objective-c',
  mm: 'objective-c',
  swift: 'swift',
  rb: 'ruby',
  rake: 'ruby',
  php: 'php',
  ex: 'elixir',
  exs: 'elixir',
  erl: 'erlang',
  hs: 'haskell',
  ml: 'ocaml',
  clj: 'clojure',
  cljs: 'clojure',
  lua: 'lua',
  dart: 'dart',
  r: 'r',
  jl: 'julia',
  pl: 'perl',
  pm: 'perl',
  sh: 'bash',
  bash: 'bash',
  zsh: 'bash',
  ps1: 'powershell',
  sql: 'sql',
  css: 'css',
  scss: 'scss',
  sass: 'scss',
  less: 'less',
  zig: 'zig',
  nim: 'nim',
  sol: 'solidity',
  tf: 'hcl',
};

function codeLanguage(path: string): string | null {
  const name = baseName(path);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? (CODE_LANGUAGES[name.slice(dot + 1).toLowerCase()] ?? null) : null;
}

/** Tests are code (a tests folder is a module), but what they export is nobody's API. */
const TEST_FILE =
  /(?:^|\/)(?:__tests__|tests?|specs?)\/|\.(?:test|spec)\.[^/]+$|_test\.go$|(?:^|\/)(?:test_[^/]*|[^/]*_test|conftest)\.py$/;

// ---------------------------------------------------------------------------------------------------------
// Comment stripping: one regular expression per family, strings matched first so a `//` or `#` inside a
// string is not a comment. A comment becomes a space; the line breaks around it stay, so line-anchored
// patterns still work.

const SQ = String.raw`'[^'\\\n]*(?:\\.[^'\\\n]*)*'`;
const DQ = String.raw`"[^"\\\n]*(?:\\.[^"\\\n]*)*"`;
const LINE_COMMENT = String.raw`\/\/[^\n]*`;
const BLOCK_COMMENT = String.raw`\/\*[\s\S]*?(?:\*\/|$)`;

const STRIPPERS = {
  // Template literals may span lines; an unterminated one runs to the end rather than being retried.
  js: new RegExp(
    String.raw`(${SQ}|${DQ}|\`[^\`\\]*(?:\\[\s\S][^\`\\]*)*(?:\`|$))|${LINE_COMMENT}|${BLOCK_COMMENT}`,
    'g',
  ),
  go: new RegExp(
    String.raw`(${DQ}|\`[^\`]*(?:\`|$)|'(?:[^'\\\n]|\\[^'\n]{1,9})')|${LINE_COMMENT}|${BLOCK_COMMENT}`,
    'g',
  ),
  // Rust: raw strings r#"…"#, and char literals kept short so a lifetime ('a) is not read as a string.
  rust: new RegExp(
    String.raw`(r(#*)"[\s\S]*?"\2|"[^"\\]*(?:\\[\s\S][^"\\]*)*(?:"|$)|'(?:[^'\\\n]|\\(?:x[0-9a-fA-F]{2}|u\{[0-9a-fA-F]{1,6}\}|.))')|${LINE_COMMENT}|${BLOCK_COMMENT}`,
    'g',
  ),
  c: new RegExp(
    String.raw`("""[\s\S]*?(?:"""|$)|@"(?:[^"]|"")*"|${DQ}|'(?:[^'\\\n]|\\[^'\n]{1,6})')|${LINE_COMMENT}|${BLOCK_COMMENT}`,
    'g',
  ),
  // Python: triple-quoted strings go too (docstrings hold example imports), and are matched first so that """ is
  // not read as an empty string; single-line strings stay, for __all__.
  python: new RegExp(
    String.raw`[rRbBuUfF]{0,2}(?:"""[\s\S]*?(?:"""|$)|'''[\s\S]*?(?:'''|$))|(${SQ}|${DQ})|#[^\n]*`,
    'g',
  ),
} satisfies Record<string, RegExp>;

const FAMILY: Record<string, keyof typeof STRIPPERS> = {
  typescript: 'js',
  javascript: 'js',
  go: 'go',
  rust: 'rust',
  java: 'c',
  csharp: 'c',
  python: 'python',
};

function stripComments(content: string, family: keyof typeof STRIPPERS): string {
  // A replacement string, not a callback: the engine does it without calling back, several times faster.
  // Strings get a trailing space, harmless; a block comment's inner line breaks go, which only matters to
  // code written after a comment on its closing line.
  return content.replace(STRIPPERS[family], '$1 ');
}

// ---------------------------------------------------------------------------------------------------------
// Manifests

const MANIFEST_FILE =
  /^(?:package\.json|pyproject\.toml|setup\.py|Cargo\.toml|go\.mod|pom\.xml|build\.gradle(?:\.kts)?|composer\.json|Gemfile|mix\.exs|.+\.csproj|.+\.gemspec)$/;
/** The order a folder's manifests are read in: the first to name the package names the module. */
const MANIFEST_ORDER = [
  'package.json',
  'Cargo.toml',
  'pyproject.toml',
  'setup.py',
  'go.mod',
  'composer.json',
  'pom.xml',
  'build.gradle',
  'build.gradle.kts',
  '.csproj',
  '.gemspec',
  'mix.exs',
  'Gemfile',
];
const manifestRank = (file: string) => {
  const rank = MANIFEST_ORDER.findIndex((name) =>
    name.startsWith('.') ? file.endsWith(name) : file === name,
  );
  return rank === -1 ? MANIFEST_ORDER.length : rank;
};
/** Manifests here belong to dependencies or test fixtures, not to the repository's own modules. */
const NOT_A_MODULE_ROOT = /(?:^|\/)(?:node_modules|vendor|fixtures|__fixtures__|testdata|\.git)(?:\/|$)/;
const WORKSPACE_FILES = ['pnpm-workspace.yaml', 'lerna.json', 'rush.json'];

interface Manifest {
  folder: string;
  name: string | null;
  description: string | null;
  /** A package of its own (not a package.json that only sets `type`, nor a bare workspace list). */
  isPackage: boolean;
  /** A monorepo root: its packages are modules, the root only holds what is left. */
  isWorkspace: boolean;
  npmName: string | null;
  /** The crate name as code writes it (`-` becomes `_`). */
  crateName: string | null;
  goModule: string | null;
  /** package.json's entry points, relative to the folder. */
  entries: string[];
  cargoDependencies: { name: string; path: string | null }[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const stringOr = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** JSON with comments and trailing commas (tsconfig, sometimes package.json); undefined when unreadable. */
function parseJsonc(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    try {
      return JSON.parse(stripComments(text, 'js').replace(/,(\s*[}\]])/g, '$1'));
    } catch {
      return undefined;
    }
  }
}

/** The tables of a TOML file, each a map of its keys to their raw values; enough for manifests. */
function readToml(text: string): Map<string, Map<string, string>> {
  const tables = new Map<string, Map<string, string>>([['', new Map()]]);
  let current = tables.get('')!;
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    const header = /^\[\[?\s*([^\]]+?)\s*\]\]?/.exec(trimmed);
    if (header) {
      const name = header[1]!.replace(/\s*\.\s*/g, '.').replace(/["']/g, '');
      current = tables.get(name) ?? new Map<string, string>();
      tables.set(name, current);
      continue;
    }
    const pair = /^("[^"]*"|'[^']*'|[\w.-]+)\s*=\s*(.*)$/.exec(trimmed);
    if (pair) current.set(pair[1]!.replace(/["']/g, ''), pair[2]!);
  }
  return tables;
}

function tomlString(raw: string | undefined): string | null {
  const match = raw === undefined ? null : /^(?:"((?:[^"\\]|\\.)*)"|'([^']*)')/.exec(raw);
  return match ? stringOr(match[1] ?? match[2]) : null;
}

const firstMatch = (pattern: RegExp, text: string) => stringOr(pattern.exec(text)?.[1]);

function readManifest(folder: string, fileNames: string[], read: (path: string) => string | null): Manifest {
  const manifest: Manifest = {
    folder,
    name: null,
    description: null,
    isPackage: folder === '',
    isWorkspace: false,
    npmName: null,
    crateName: null,
    goModule: null,
    entries: [],
    cargoDependencies: [],
  };
  const prefix = folder ? `${folder}/` : '';
  const take = (name: string | null, description: string | null) => {
    manifest.name ??= name;
    manifest.description ??= description;
  };
  for (const file of [...fileNames].sort((a, b) => manifestRank(a) - manifestRank(b) || compare(a, b))) {
    const text = read(prefix + file) ?? '';
    if (file === 'package.json') {
      const json = parseJsonc(text);
      if (json === undefined) manifest.isPackage = true;
      if (!isRecord(json)) continue;
      const name = stringOr(json.name);
      manifest.npmName = name;
      take(name, stringOr(json.description));
      if (name || json.dependencies || json.devDependencies || json.scripts || json.workspaces)
        manifest.isPackage = true;
      if (json.workspaces) manifest.isWorkspace = true;
      for (const key of ['source', 'types', 'typings', 'module', 'main']) {
        const entry = stringOr(json[key]);
        if (entry) manifest.entries.push(entry);
      }
    } else if (file === 'Cargo.toml') {
      readCargo(manifest, text, take);
    } else if (file === 'pyproject.toml') {
      const tables = readToml(text);
      const project = tables.get('project') ?? tables.get('tool.poetry');
      take(tomlString(project?.get('name')), tomlString(project?.get('description')));
      manifest.isPackage = true;
    } else if (file === 'setup.py') {
      const config = read(`${prefix}setup.cfg`) ?? '';
      take(
        firstMatch(/\bname\s*=\s*['"]([^'"]+)['"]/, text) ?? firstMatch(/^name\s*=\s*(\S+)/m, config),
        firstMatch(/\bdescription\s*=\s*['"]([^'"]+)['"]/, text) ??
          firstMatch(/^description\s*=\s*(.+)$/m, config),
      );
      manifest.isPackage = true;
    } else if (file === 'go.mod') {
      manifest.goModule = firstMatch(/^module\s+"?([^\s"]+)"?/m, text);
      // The last segment names the package, but not a major-version suffix: example.com/tool/v2 is "tool".
      take(
        manifest.goModule
          ?.split('/')
          .filter((part) => !/^v\d+$/.test(part))
          .pop() ?? null,
        null,
      );
      manifest.isPackage = true;
    } else if (file === 'composer.json') {
      const json = parseJsonc(text);
      if (isRecord(json)) take(stringOr(json.name), stringOr(json.description));
      manifest.isPackage = true;
    } else if (file === 'pom.xml') {
      // The project's own artifactId, not its parent's, dependencies' or plugins'.
      const own = text.replace(
        /<(parent|dependencies|dependencyManagement|build|profiles|plugins|reporting)\b[\s\S]*?<\/\1>/g,
        '',
      );
      take(
        firstMatch(/<artifactId>\s*([^<]+?)\s*<\/artifactId>/, own),
        firstMatch(/<description>\s*([^<]+?)\s*</, own),
      );
      manifest.isPackage = true;
    } else if (file.startsWith('build.gradle')) {
      const settings = read(`${prefix}settings.gradle`) ?? read(`${prefix}settings.gradle.kts`) ?? '';
      take(
        firstMatch(/rootProject\.name\s*=\s*['"]([^'"]+)['"]/, settings),
        firstMatch(/^\s*description\s*=\s*['"]([^'"]+)['"]/m, text),
      );
      manifest.isPackage = true;
    } else if (file.endsWith('.csproj')) {
      take(
        firstMatch(/<(?:PackageId|AssemblyName)>\s*([^<]+?)\s*</, text) ?? file.slice(0, -'.csproj'.length),
        firstMatch(/<Description>\s*([^<]+?)\s*</, text),
      );
      manifest.isPackage = true;
    } else if (file.endsWith('.gemspec')) {
      take(
        firstMatch(/\.name\s*=\s*['"]([^'"]+)['"]/, text) ?? file.slice(0, -'.gemspec'.length),
        firstMatch(/\.summary\s*=\s*['"]([^'"]+)['"]/, text) ??
          firstMatch(/\.description\s*=\s*['"]([^'"]+)['"]/, text),
      );
      manifest.isPackage = true;
    } else if (file === 'mix.exs') {
      take(firstMatch(/\bapp:\s*:(\w+)/, text), firstMatch(/\bdescription:\s*"([^"]+)"/, text));
      manifest.isPackage = true;
    } else {
      manifest.isPackage = true; // a Gemfile: a package, with nothing to name it
    }
  }
  return manifest;
}

const CARGO_DEPENDENCIES = /^(?:(?!workspace\.).+\.)?(?:dev-|build-)?dependencies$/;
const CARGO_DEPENDENCY_TABLE = /^(?:(?!workspace\.).+\.)?(?:dev-|build-)?dependencies\.([^.]+)$/;

function readCargo(
  manifest: Manifest,
  text: string,
  take: (name: string | null, description: string | null) => void,
) {
  const tables = readToml(text);
  const pkg = tables.get('package');
  if (pkg) {
    const name = tomlString(pkg.get('name'));
    take(name, tomlString(pkg.get('description')));
    manifest.crateName = (tomlString(tables.get('lib')?.get('name')) ?? name)?.replace(/-/g, '_') ?? null;
    manifest.isPackage = true;
  } else if (tables.has('workspace')) {
    manifest.isWorkspace = true;
  }
  for (const [table, entries] of tables) {
    if (CARGO_DEPENDENCIES.test(table)) {
      for (const [key, raw] of entries) {
        // `x = { path = "…" }`, or dotted keys: `x.path = "…"`, `x.workspace = true`.
        const [name, attribute] = key.split('.');
        const inline = attribute === undefined;
        manifest.cargoDependencies.push({
          name: (inline ? firstMatch(/\bpackage\s*=\s*"([^"]+)"/, raw) : null) ?? name!,
          path: inline
            ? firstMatch(/\bpath\s*=\s*"([^"]+)"/, raw)
            : attribute === 'path'
              ? tomlString(raw)
              : null,
        });
      }
    }
    const single = CARGO_DEPENDENCY_TABLE.exec(table);
    if (single)
      manifest.cargoDependencies.push({
        name: tomlString(entries.get('package')) ?? single[1]!,
        path: tomlString(entries.get('path')),
      });
  }
}

// ---------------------------------------------------------------------------------------------------------
// Purpose: a README's first paragraph, or a doc comment, as plain text.

function clip(text: string): string {
  if (text.length <= MAX_PURPOSE) return text;
  const cut = text.slice(0, MAX_PURPOSE - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > MAX_PURPOSE / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** A paragraph's lines as plain text: headings, rules, tables, badges, images and HTML left out. */
function paragraphText(lines: string[]): string | null {
  const kept: string[] = [];
  let previous = -2;
  for (const [index, line] of lines.entries()) {
    if (/^\s{0,3}#{1,6}(?:\s|$)/.test(line)) continue;
    if (/^\s*\.\.\s/.test(line)) break; // a reStructuredText directive (image, badge, toctree) runs to the end
    if (/^([=\-~^*+#_`])\1+$/.test(line.replace(/\s/g, ''))) {
      // An underline (Setext or reStructuredText title) takes its title with it; alone, it is a rule.
      if (previous === index - 1) kept.pop();
      continue;
    }
    if (/^\s*\[[^\]]+\]:\s*\S/.test(line) || /^\s*\|/.test(line)) continue;
    kept.push(line.replace(/^\s*>\s?/, '').replace(/^\s*(?:[-*+]|\d+[.)])\s+/, ''));
    previous = index;
  }
  // Code spans are set aside first, so that `<meta>` in one is not taken for HTML nor `a_b_c` for emphasis.
  const spans: string[] = [];
  const text = kept
    .join(' ')
    .replace(/`([^`<]+?)\s*<[^>`]*>`_{1,2}/g, '$1')
    .replace(/(`+)([^`]+?)\1(?!`)/g, (_match, _ticks, code: string) => `\0${spans.push(code.trim()) - 1}\0`)
    .replace(/<h([1-6])\b[^>]*>[\s\S]*?<\/h\1\s*>/gi, ' ')
    .replace(/<((?:https?|mailto):[^>\s]+)>/g, '$1')
    .replace(
      /<\/?(?:br|p|div|h[1-6]|li|ul|ol|table|tr|td|th|section|details|summary|picture|center|hr)\b[^>]*>/gi,
      ' ',
    )
    .replace(/<\/?[A-Za-z][^>]*>/g, '')
    .replace(/!\[[^\]]*\](?:\([^)]*\)|\[[^\]]*\])/g, '')
    .replace(/\[\s*\](?:\([^)]*\)|\[[^\]]*\])/g, '')
    .replace(/\[([^\]]+)\](?:\([^)]*\)|\[[^\]]*\])/g, '$1')
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(?<![\w*])\*(?=\S)([^*]*?\S)\*(?![\w*])/g, '$1')
    .replace(/(?<![\w_])_(?=\S)([^_]*?\S)_(?![\w_])/g, '$1')
    .replace(/~~([^~]+)~~/g, '$1')
    .replace(/&(?:#(\d+)|#x([0-9a-f]+)|(\w+));/gi, (entity, decimal?: string, hex?: string, name?: string) =>
      decimal
        ? String.fromCodePoint(Number(decimal))
        : hex
          ? String.fromCodePoint(parseInt(hex, 16))
          : (ENTITIES[name!.toLowerCase()] ?? entity),
    )
    .replace(/\0(\d+)\0/g, (_match, index: string) => spans[Number(index)]!)
    .replace(/\s+/g, ' ')
    .trim();
  return /\p{L}/u.test(text) ? clip(text) : null;
}

/** The first paragraph of Markdown (or reStructuredText, or a doc comment) that says something. */
export function firstParagraph(markdown: string): string | null {
  const lines = markdown
    .replace(/\r\n?/g, '\n')
    .replace(/^\uFEFF/, '')
    .replace(/^---\n[\s\S]*?\n---(?:\n|$)/, '')
    .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
    .split('\n');
  let block: string[] = [];
  let fence: string | null = null;
  for (const line of [...lines, '']) {
    if (fence !== null) {
      if (line.trimStart().startsWith(fence)) fence = null;
      continue;
    }
    const opening = /^\s*(`{3,}|~{3,})/.exec(line);
    if (opening || line.trim() === '') {
      const text = block.length > 0 ? paragraphText(block) : null;
      if (text) return text;
      block = [];
      if (opening) fence = opening[1]!;
    } else block.push(line);
  }
  return null;
}

const DESCRIBING_TAGS = new Set(['file', 'fileoverview', 'overview', 'description', 'desc', 'summary']);

/** A doc comment's text up to its first block tag, inline `{@link x}` reduced to x. */
function docText(comment: string): string | null {
  const lines: string[] = [];
  for (const line of comment.split('\n')) {
    const tag = /^\s*@(\w+)\s*(.*)$/.exec(line);
    if (!tag) lines.push(line);
    else if (DESCRIBING_TAGS.has(tag[1]!.toLowerCase())) lines.push(tag[2]!);
    else if (!/^(?:module|packageDocumentation|remarks)$/i.test(tag[1]!)) break;
  }
  return firstParagraph(
    lines
      .join('\n')
      .replace(/\{@\w+\s+([^}|\s]+)(?:\s*\|\s*([^}]+))?\}/g, (_m, target: string, label?: string) =>
        (label ?? target).trim(),
      ),
  );
}

const LICENCE = /@license|@preserve|^\s*(?:\(c\)|copyright)\b/i;

/** The first `/** … *\/` before any code, past a shebang, line comments, directives and licences. */
function leadingJsDoc(content: string): string | null {
  let rest = content.replace(/^\uFEFF/, '').replace(/^#![^\n]*\n/, '');
  for (;;) {
    rest = rest.trimStart();
    if (rest.startsWith('//')) {
      const end = rest.indexOf('\n');
      if (end === -1) return null;
      rest = rest.slice(end + 1);
      continue;
    }
    const directive = /^(['"])use [\w ]+\1;?/.exec(rest);
    if (directive) {
      rest = rest.slice(directive[0].length);
      continue;
    }
    if (!rest.startsWith('/*')) return null;
    const end = rest.indexOf('*/', 2);
    if (end === -1) return null;
    const body = rest.slice(2, end);
    rest = rest.slice(end + 2);
    if (!body.startsWith('*') || body === '*') continue; // a plain block comment is a licence or a note
    const text = body
      .slice(1)
      .split('\n')
      .map((line) => line.replace(/^\s*\*? ?/, ''))
      .join('\n');
    if (LICENCE.test(text)) continue;
    const purpose = docText(text);
    if (purpose) return purpose;
  }
}

function pythonDocstring(content: string): string | null {
  const match =
    /^\uFEFF?(?:[ \t]*(?:#[^\n]*)?\r?\n)*[ \t]*[rRuU]?(?:"""([\s\S]*?)"""|'''([\s\S]*?)'''|"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)')/.exec(
      content,
    );
  const text = match ? (match[1] ?? match[2] ?? match[3] ?? match[4]!) : null;
  return text === null ? null : firstParagraph(text);
}

/** Go's package comment: the comment right above `package x`, build constraints left out. */
function goPackageComment(content: string): string | null {
  const lines = content.replace(/\r\n?/g, '\n').split('\n');
  const at = lines.findIndex((line) => /^package\s+\w+/.test(line));
  if (at <= 0) return null;
  const comment: string[] = [];
  let index = at - 1;
  if (lines[index]!.trim().endsWith('*/')) {
    while (index >= 0 && !lines[index]!.includes('/*')) comment.unshift(lines[index--]!);
    if (index < 0) return null;
    comment.unshift(lines[index]!);
    const text = comment.join('\n');
    return firstParagraph(text.slice(text.indexOf('/*') + 2, text.lastIndexOf('*/')));
  }
  for (; index >= 0 && /^\s*\/\//.test(lines[index]!); index -= 1) {
    const line = lines[index]!.replace(/^\s*\/\/ ?/, '');
    if (!/^(?:go:|\+build)/.test(line)) comment.unshift(line);
  }
  return comment.length > 0 && !LICENCE.test(comment.join('\n')) ? firstParagraph(comment.join('\n')) : null;
}

/** Rust's crate or module documentation: the leading `//!` lines or `/*! … *\/`. */
function rustInnerDoc(content: string): string | null {
  const doc: string[] = [];
  const lines = content
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!.trim();
    if (line.startsWith('//!')) doc.push(line.slice(3).replace(/^ /, ''));
    else if (line.startsWith('/*!')) {
      const block: string[] = [line.slice(3)];
      while (!block.at(-1)!.includes('*/') && index + 1 < lines.length) block.push(lines[++index]!);
      const text = block.join('\n');
      doc.push(...text.slice(0, text.indexOf('*/') === -1 ? undefined : text.indexOf('*/')).split('\n'));
    } else if (line === '' || line.startsWith('#![') || line.startsWith('//')) {
      if (line === '' && doc.length > 0) doc.push('');
    } else break;
  }
  return doc.length > 0 ? firstParagraph(doc.join('\n')) : null;
}

function docComment(path: string, content: string): string | null {
  switch (codeLanguage(path)) {
    case 'typescript':
    case 'javascript':
      return leadingJsDoc(content);
    case 'python':
      return pythonDocstring(content);
    case 'go':
      return goPackageComment(content);
    case 'rust':
      return rustInnerDoc(content);
    default:
      return null;
  }
}

/** Where a module's documentation is read from when it has no README nor description, most likely first. */
const ENTRY_FILES = [
  'index.ts',
  'index.tsx',
  'index.mts',
  'index.js',
  'index.mjs',
  'index.cjs',
  'index.jsx',
  'mod.ts',
  'main.ts',
  'main.tsx',
  'main.js',
  'src/index.ts',
  'src/index.tsx',
  'src/index.js',
  'src/index.mjs',
  'src/main.ts',
  'src/main.tsx',
  'src/main.js',
  'lib/index.ts',
  'lib/index.js',
  '__init__.py',
  '__main__.py',
  'main.py',
  'src/lib.rs',
  'src/main.rs',
  'lib.rs',
  'main.rs',
  'mod.rs',
  'doc.go',
];
const README = /^readme(?:\.(md|markdown|mdx|rst|txt))?$/i;
const README_ORDER = ['md', 'markdown', 'mdx', '', 'rst', 'txt'];

// ---------------------------------------------------------------------------------------------------------
// Exports

const JS_IDENTIFIER = String.raw`[A-Za-z_$][\w$]*`;
/**
 * Every form of export, tried where each word `export` starts (found with indexOf: one cheap scan instead of a
 * regular expression per form). Groups: 1 `exports.x =`; 2 `default`, named by 3, 4 or 5; 6 `* as x`;
 * 7 a `{ list }`, 8 its `from`; 9 `function` or 10 another keyword, named by 11.
 */
const JS_EXPORT_AT = new RegExp(
  [
    String.raw`export(?:s\.(${JS_IDENTIFIER})\s*=(?!=)`,
    String.raw`\s+(default)\b\s*(?:(?:async\s+)?function\b\s*(?:\*\s*)?(${JS_IDENTIFIER})?|(?:abstract\s+)?(?:class|interface)\b\s*(${JS_IDENTIFIER})?|(${JS_IDENTIFIER})\s*(?:;|\n|$))?`,
    String.raw`\s*\*\s*as\s+(${JS_IDENTIFIER})`,
    String.raw`\s+(?:type\s+)?\{([^}]*)\}(\s*from\b)?`,
    String.raw`\s+(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:(function)\s*(?:\*\s*)?|(const\s+enum|class|interface|type|enum|const|let|var|namespace|module)\s+)(${JS_IDENTIFIER}))`,
  ].join('|'),
  'y',
);
const JS_LOCAL = new RegExp(
  String.raw`\b(?:(?:async\s+)?(function)\s*(?:\*\s*)?|(class|interface|type|enum|namespace|const|let|var)\s+)(${JS_IDENTIFIER})`,
  'g',
);
const IDENTIFIER_ONLY = new RegExp(`^${JS_IDENTIFIER}$`);
const JS_KINDS: Record<string, string> = {
  function: 'function',
  class: 'class',
  interface: 'interface',
  type: 'type',
  enum: 'enum',
  namespace: 'namespace',
  module: 'namespace',
  const: 'const',
  let: 'variable',
  var: 'variable',
};
const JS_NOT_NAMES = new Set(['extends', 'implements', 'new', 'function', 'class', 'async', 'await', 'this']);

const isIdentifierCode = (code: number) =>
  (code >= 48 && code <= 57) ||
  (code >= 65 && code <= 90) ||
  (code >= 97 && code <= 122) ||
  code === 95 ||
  code === 36;

/** Whether only spaces separate this point from the start of a statement (or a decorator's call). */
function startsStatement(text: string, at: number): boolean {
  let index = at - 1;
  while (index >= 0 && (text[index] === ' ' || text[index] === '\t')) index -= 1;
  return index < 0 || '\n\r;{})'.includes(text[index]!);
}

function jsExports(text: string, add: (name: string, kind: string) => void) {
  let locals: Map<string, string> | null = null;
  for (let at = text.indexOf('export'); at !== -1; at = text.indexOf('export', at + 6)) {
    const before = at > 0 ? text.charCodeAt(at - 1) : 32;
    if (isIdentifierCode(before)) continue;
    JS_EXPORT_AT.lastIndex = at;
    const match = JS_EXPORT_AT.exec(text);
    if (!match) continue;
    // exports.x = or module.exports.x =; any other form starts a statement (not x.export…, nor a string).
    if (match[1]) add(match[1], 'value');
    else if (!startsStatement(text, at)) continue;
    else if (match[2]) {
      const name = match[3] ?? match[4] ?? match[5];
      add(name && !JS_NOT_NAMES.has(name) ? name : 'default', 'default');
    } else if (match[6]) add(match[6], 'namespace');
    else if (match[11])
      add(
        match[11],
        match[9] ? 'function' : match[10]!.startsWith('const ') ? 'enum' : JS_KINDS[match[10]!]!,
      );
    else if (match[7] !== undefined) {
      for (const item of match[7].split(',')) {
        const typeOnly = /^\s*type\s/.test(item);
        const parts = item
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/);
        const local = parts[0]!;
        const exported = parts[1] ?? local;
        if (!IDENTIFIER_ONLY.test(local)) continue;
        if (match[8]) {
          add(exported, 're-export');
          continue;
        }
        // A local list: the kind is the declaration's, found once per file.
        if (!locals) {
          locals = new Map();
          for (const declaration of text.matchAll(JS_LOCAL))
            if (!locals.has(declaration[3]!))
              locals.set(declaration[3]!, JS_KINDS[declaration[1] ?? declaration[2]!]!);
        }
        if (exported === 'default') add(local, 'default');
        else add(exported, locals.get(local) ?? (typeOnly ? 'type' : 'value'));
      }
    }
  }
}

function pythonExports(text: string, add: (name: string, kind: string) => void) {
  const declared = new Map<string, string>();
  for (const match of text.matchAll(/^(?:async[ \t]+)?(def|class)[ \t]+([A-Za-z_]\w*)/gm))
    if (!declared.has(match[2]!)) declared.set(match[2]!, match[1] === 'def' ? 'function' : 'class');
  const all = /^__all__\s*(?::[^=\n]*)?=\s*[[(]([^\])]*)[\])]/m.exec(text);
  if (all) {
    // A name __all__ lists but the file does not define is imported into it: a re-export.
    for (const name of all[1]!.matchAll(/['"]([A-Za-z_]\w*)['"]/g))
      add(name[1]!, declared.get(name[1]!) ?? 're-export');
    return;
  }
  for (const [name, kind] of declared) if (!name.startsWith('_')) add(name, kind);
}

function goExports(text: string, add: (name: string, kind: string) => void) {
  for (const match of text.matchAll(/^func[ \t]+([A-Z]\w*)/gm)) add(match[1]!, 'function');
  for (const match of text.matchAll(
    /^(type|var|const)[ \t]+([A-Z]\w*)(?:\[[^\]\n]*\])?[ \t]*(struct|interface)?/gm,
  ))
    add(match[2]!, match[3] ?? (match[1] === 'var' ? 'variable' : match[1]!));
  // Grouped declarations: gofmt indents the entries with one tab, and struct fields with two.
  for (const block of text.matchAll(/^(type|var|const)[ \t]*\(([\s\S]*?)^\)/gm))
    for (const entry of block[2]!.matchAll(/^\t([A-Z]\w*)(?:\[[^\]\n]*\])?[ \t]*(struct|interface)?/gm))
      add(entry[1]!, entry[2] ?? (block[1] === 'var' ? 'variable' : block[1]!));
}

const RUST_KINDS: Record<string, string> = { fn: 'function', mod: 'module' };

function rustExports(text: string, add: (name: string, kind: string) => void) {
  // Items at column 0 only: rustfmt indents the methods of an `impl`, which are not the crate's items.
  for (const match of text.matchAll(
    /^pub[ \t]+(?:(?:async|unsafe|const|extern[ \t]*(?:"[^"\n]*")?)[ \t]+)*(fn|struct|enum|trait|type|const|static|mod|union)[ \t]+(?:mut[ \t]+)?([A-Za-z_]\w*)/gm,
  ))
    add(match[2]!, RUST_KINDS[match[1]!] ?? match[1]!);
  for (const match of text.matchAll(/#\[macro_export\][\s\S]{0,200}?macro_rules!\s*(\w+)/g))
    add(match[1]!, 'macro');
  for (const match of text.matchAll(/^pub[ \t]+use[ \t]+[\w:]*::(\w+)(?:[ \t]+as[ \t]+(\w+))?[ \t]*;/gm))
    add(match[2] ?? match[1]!, 're-export');
}

function classExports(text: string, add: (name: string, kind: string) => void) {
  for (const match of text.matchAll(
    /\bpublic\s+(?:(?:abstract|final|static|sealed|non-sealed|strictfp|partial|readonly|unsafe|new|ref)\s+)*(class|interface|enum|record|struct|@interface)\s+(?:(?:class|struct)\s+)?([A-Za-z_$][\w$]*)/g,
  ))
    add(match[2]!, match[1] === '@interface' ? 'annotation' : match[1]!);
}

const EXPORTERS: Record<string, (text: string, add: (name: string, kind: string) => void) => void> = {
  typescript: jsExports,
  javascript: jsExports,
  python: pythonExports,
  go: goExports,
  rust: rustExports,
  java: classExports,
  csharp: classExports,
};

// ---------------------------------------------------------------------------------------------------------
// Imports: the specifiers a file names, as written.

const JS_IMPORT = /\b(?:from|import\s*\(?|require\s*\()\s*(['"`])([^'"`\n]+)\1/g;
const PY_FROM = /^[ \t]*from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]*(?:\(([^)]*)\)|([^\n]*))/gm;
const PY_IMPORT = /^[ \t]*import[ \t]+([\w., \t]+)/gm;
const GO_IMPORT = /(?:^|\n)[ \t]*import[ \t]*(?:\(([^)]*)\)|(?:[\w.]+[ \t]+)?"([^"]+)")/g;
const RUST_USE = /(?<![\w:])(?:use\s+(?:::)?|extern\s+crate\s+)(\w+)(?:::(\{[^;]*\}|\w+))?/g;
const RUST_MOD = /(?:^|\n)[ \t]*(?:pub(?:\([^)]*\))?[ \t]+)?mod[ \t]+(\w+)[ \t]*;/g;

type Specifier =
  | { language: 'js'; spec: string }
  | { language: 'python'; level: number; dotted: string; names: string[] }
  | { language: 'go'; spec: string }
  | { language: 'rust-crate'; crate: string }
  | { language: 'rust-internal'; name: string }
  | { language: 'rust-mod'; name: string };

/** The names at the top level of a Rust use-group: `{a, b::c, d::{e}}` gives a, b, d. */
function topLevelNames(group: string): string[] {
  const names: string[] = [];
  let depth = 0;
  let expecting = false;
  for (const token of group.matchAll(/[{},]|\w+/g)) {
    const value = token[0];
    if (value === '{') {
      depth += 1;
      expecting = depth === 1;
    } else if (value === '}') depth -= 1;
    else if (value === ',') expecting = depth === 1;
    else if (expecting) {
      names.push(value);
      expecting = false;
    }
  }
  return names;
}

function importsOf(language: string, text: string): Specifier[] {
  const found: Specifier[] = [];
  if (language === 'typescript' || language === 'javascript') {
    if (!/\b(?:from|import|require)\b/.test(text)) return found;
    for (const match of text.matchAll(JS_IMPORT))
      if (!match[2]!.includes('${')) found.push({ language: 'js', spec: match[2]! });
  } else if (language === 'python') {
    for (const match of text.matchAll(PY_FROM)) {
      const names = (match[3] ?? match[4] ?? '')
        .split(',')
        .map((name) => /^\s*([A-Za-z_]\w*)/.exec(name)?.[1])
        .filter((name): name is string => name !== undefined);
      found.push({ language: 'python', level: match[1]!.length, dotted: match[2]!, names });
    }
    for (const match of text.matchAll(PY_IMPORT))
      for (const part of match[1]!.split(',')) {
        const dotted = /^\s*([A-Za-z_][\w.]*)/.exec(part)?.[1];
        if (dotted) found.push({ language: 'python', level: 0, dotted, names: [] });
      }
  } else if (language === 'go') {
    for (const match of text.matchAll(GO_IMPORT)) {
      if (match[2]) found.push({ language: 'go', spec: match[2] });
      else
        for (const spec of match[1]!.matchAll(/"([^"]+)"/g)) found.push({ language: 'go', spec: spec[1]! });
    }
  } else if (language === 'rust') {
    for (const match of text.matchAll(RUST_USE)) {
      const [, head, tail] = match;
      if (head === 'crate') {
        const names = tail === undefined ? [] : tail.startsWith('{') ? topLevelNames(tail) : [tail];
        for (const name of names) found.push({ language: 'rust-internal', name });
      } else if (!['self', 'super', 'std', 'core', 'alloc'].includes(head!))
        found.push({ language: 'rust-crate', crate: head! });
    }
    for (const match of text.matchAll(RUST_MOD)) found.push({ language: 'rust-mod', name: match[1]! });
  }
  return found;
}

// ---------------------------------------------------------------------------------------------------------
// The repository: which files belong to which module.

interface Layout {
  /** The module a path belongs to (for a file that does not exist, the one it would belong to). */
  keyOf: (path: string) => string;
  manifests: Map<string, Manifest>;
}

/**
 * Each file belongs to its nearest folder with a package manifest. What no package holds (everything, in a
 * single-package repository) is grouped by top-level folder, with `src/` split into its subfolders when it holds
 * most of the code; the loose files at the top make the root module.
 */
function planLayout(
  files: readonly ModuleFile[],
  read: (path: string) => string | null,
  paths: ReadonlySet<string>,
  language: (path: string) => string | null,
  linesOf: (path: string) => number,
): Layout {
  const manifestFiles = new Map<string, string[]>();
  for (const file of files) {
    const name = baseName(file.path);
    if (!MANIFEST_FILE.test(name) || NOT_A_MODULE_ROOT.test(file.path)) continue;
    const folder = folderOf(file.path);
    manifestFiles.set(folder, [...(manifestFiles.get(folder) ?? []), name]);
  }
  const manifests = new Map<string, Manifest>();
  for (const [folder, names] of manifestFiles) {
    const manifest = readManifest(folder, names, read);
    if (manifest.isPackage || folder === '') manifests.set(folder, manifest);
  }
  const root = manifests.get('');
  const rootIsWorkspace =
    (root?.isWorkspace ?? false) ||
    WORKSPACE_FILES.some((name) => paths.has(name)) ||
    (paths.has('go.work') && !paths.has('go.mod'));
  const roots = new Set([...manifests.keys()].filter((folder) => folder !== ''));
  if (root && !rootIsWorkspace && roots.size > 0) roots.add('');

  const nearestRoot = (path: string): string | null => {
    for (let folder = folderOf(path); ; folder = folderOf(folder)) {
      if (roots.has(folder)) return folder;
      if (folder === '') return null;
    }
  };
  const topKey = (path: string, splitSrc: boolean) => {
    const slash = path.indexOf('/');
    if (slash === -1) return '';
    const top = path.slice(0, slash);
    if (!splitSrc || top !== 'src') return top;
    const inner = path.indexOf('/', slash + 1);
    return inner === -1 ? 'src' : path.slice(0, inner);
  };

  // Split src/ when it holds at least half of the code no package holds, and has a subfolder with code.
  let leftover = 0;
  let inSrc = 0;
  let srcHasFolders = false;
  for (const file of files) {
    if (language(file.path) === null || nearestRoot(file.path) !== null) continue;
    const lines = linesOf(file.path);
    leftover += lines;
    if (file.path.startsWith('src/')) {
      inSrc += lines;
      srcHasFolders ||= file.path.indexOf('/', 4) !== -1;
    }
  }
  const splitSrc = srcHasFolders && inSrc * 2 >= leftover;
  return { keyOf: (path) => nearestRoot(path) ?? topKey(path, splitSrc), manifests };
}

// ---------------------------------------------------------------------------------------------------------
// Resolving imports to modules.

const JS_EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.mjs', '.cjs', '.mts', '.cts'];
const JS_WRITTEN_FOR: Record<string, string[]> = {
  '.js': ['.ts', '.tsx'],
  '.jsx': ['.tsx'],
  '.mjs': ['.mts'],
  '.cjs': ['.cts'],
};

interface Aliases {
  baseUrl: string | null;
  paths: { prefix: string; suffix: string; wildcard: boolean; targets: string[] }[];
}

/** tsconfig.json's (or jsconfig.json's) `baseUrl` and `paths`, longest prefix first as TypeScript picks. */
function readAliases(read: (path: string) => string | null): Aliases {
  const json = parseJsonc(read('tsconfig.json') ?? read('jsconfig.json') ?? '');
  const options = isRecord(json) && isRecord(json.compilerOptions) ? json.compilerOptions : {};
  const baseUrl = stringOr(options.baseUrl);
  const base = baseUrl === null ? '' : (joinPath('', baseUrl) ?? '');
  const paths = Object.entries(isRecord(options.paths) ? options.paths : {})
    .map(([pattern, targets]) => {
      const star = pattern.indexOf('*');
      return {
        prefix: star === -1 ? pattern : pattern.slice(0, star),
        suffix: star === -1 ? '' : pattern.slice(star + 1),
        wildcard: star !== -1,
        targets: (Array.isArray(targets) ? targets : []).filter((target) => typeof target === 'string'),
      };
    })
    .sort((a, b) => b.prefix.length - a.prefix.length || compare(a.prefix, b.prefix));
  return {
    baseUrl: baseUrl === null ? null : base,
    paths: paths.map((entry) => ({
      ...entry,
      targets: entry.targets.map((target) => joinPath(base, target) ?? ''),
    })),
  };
}

class Resolver {
  private readonly packages = new Map<string, string>();
  private readonly crates = new Map<string, string>();
  private readonly goModules: { module: string; folder: string }[] = [];
  private readonly pythonRoots: string[];
  private readonly pythonCache = new Map<string, string | null>();
  private readonly jsCache = new Map<string, string | null>();
  private readonly aliases: Aliases;
  private readonly paths: ReadonlySet<string>;
  private readonly folders: ReadonlySet<string>;
  private readonly layout: Layout;

  constructor(
    paths: ReadonlySet<string>,
    folders: ReadonlySet<string>,
    layout: Layout,
    read: (path: string) => string | null,
  ) {
    this.paths = paths;
    this.folders = folders;
    this.layout = layout;
    const roots = new Set(['', 'src']);
    for (const [folder, manifest] of [...layout.manifests].sort(([a], [b]) => compare(a, b))) {
      if (manifest.npmName) this.packages.set(manifest.npmName, folder);
      if (manifest.crateName) this.crates.set(manifest.crateName, folder);
      if (manifest.goModule) this.goModules.push({ module: manifest.goModule, folder });
      if (folder) roots.add(folder).add(`${folder}/src`);
    }
    this.goModules.sort((a, b) => b.module.length - a.module.length || compare(a.module, b.module));
    this.pythonRoots = [...roots];
    this.aliases = readAliases(read);
  }

  private keyOfFolder(folder: string): string | null {
    return this.folders.has(folder) ? this.layout.keyOf(folder ? `${folder}/\0` : '\0') : null;
  }

  /** A file that exists, else the folder's module; null when neither is in the repository. */
  private keyOfTarget(path: string | null): string | null {
    if (path === null) return null;
    return this.paths.has(path) ? this.layout.keyOf(path) : this.keyOfFolder(path);
  }

  /** The file a JS/TS specifier names, as TypeScript and bundlers find it. */
  private jsFile(base: string): string | null {
    if (this.paths.has(base)) return base;
    const written = /\.(?:m|c)?jsx?$/.exec(base)?.[0];
    for (const extension of written ? JS_WRITTEN_FOR[written]! : []) {
      const candidate = base.slice(0, -written!.length) + extension;
      if (this.paths.has(candidate)) return candidate;
    }
    for (const extension of JS_EXTENSIONS) if (this.paths.has(base + extension)) return base + extension;
    for (const extension of JS_EXTENSIONS)
      if (this.paths.has(`${base}/index${extension}`)) return `${base}/index${extension}`;
    return null;
  }

  private js(from: string, written: string): string | null {
    const spec = written.replace(/[?#].*$/, '');
    if (spec.startsWith('.')) {
      const base = joinPath(folderOf(from), spec);
      return base === null ? null : this.keyOfTarget(this.jsFile(base) ?? base);
    }
    if (spec.startsWith('/') || /^[\w+-]+:/.test(spec)) return null; // absolute, node:, http:, virtual:…
    for (const alias of this.aliases.paths) {
      const matches = alias.wildcard
        ? spec.startsWith(alias.prefix) &&
          spec.endsWith(alias.suffix) &&
          spec.length >= alias.prefix.length + alias.suffix.length
        : spec === alias.prefix;
      if (!matches) continue;
      const star = spec.slice(alias.prefix.length, spec.length - alias.suffix.length);
      const targets = alias.targets.map((target) => target.replace('*', star));
      const file = targets.map((target) => this.jsFile(target)).find((found) => found !== null);
      const key = this.keyOfTarget(file ?? targets[0] ?? null);
      // An alias that names nothing here falls through, as TypeScript then looks in node_modules.
      if (key !== null) return key;
    }
    if (this.aliases.baseUrl !== null) {
      const file = this.jsFile(joinPath(this.aliases.baseUrl, spec) ?? '');
      if (file) return this.layout.keyOf(file);
    }
    const parts = spec.split('/');
    const name = spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
    return this.packages.get(name) ?? null;
  }

  /** A dotted Python module under a folder: a .py file, a package's __init__.py, or a namespace folder. */
  private pythonUnder(folder: string, dotted: string[]): string | null {
    for (let length = dotted.length; length > 0; length -= 1) {
      const base = (folder ? `${folder}/` : '') + dotted.slice(0, length).join('/');
      for (const candidate of [`${base}.py`, `${base}.pyi`, `${base}/__init__.py`])
        if (this.paths.has(candidate)) return this.layout.keyOf(candidate);
      if (length === dotted.length && this.folders.has(base)) return this.keyOfFolder(base);
    }
    return null;
  }

  private python(from: string, level: number, dotted: string, names: string[]): string[] {
    const parts = dotted ? dotted.split('.') : [];
    if (level > 0) {
      let folder: string | null = folderOf(from);
      for (let up = 1; up < level && folder !== null; up += 1) folder = folder ? folderOf(folder) : null;
      if (folder === null) return [];
      if (parts.length > 0)
        return [this.pythonUnder(folder, parts) ?? this.keyOfFolder(folder)].filter((key) => key !== null);
      const found = names.map((name) => this.pythonUnder(folder, [name]));
      return [...found, this.keyOfFolder(folder)].filter((key) => key !== null);
    }
    if (!this.pythonCache.has(dotted)) {
      let key: string | null = null;
      for (const root of this.pythonRoots) if ((key = this.pythonUnder(root, parts)) !== null) break;
      this.pythonCache.set(dotted, key);
    }
    const key = this.pythonCache.get(dotted);
    return key == null ? [] : [key];
  }

  private go(spec: string): string | null {
    for (const { module, folder } of this.goModules)
      if (spec === module || spec.startsWith(`${module}/`))
        return this.keyOfFolder(joinPath(folder, spec.slice(module.length + 1)) ?? '\0');
    return null;
  }

  /** `crate::name` (the crate's src/name.rs or src/name/mod.rs), or `mod name;` (beside the declaring file). */
  private rustPath(from: string, name: string, mod: boolean): string | null {
    let folder: string;
    if (mod) {
      const file = baseName(from);
      folder = ['main.rs', 'lib.rs', 'mod.rs'].includes(file)
        ? folderOf(from)
        : `${folderOf(from) ? `${folderOf(from)}/` : ''}${file.replace(/\.rs$/, '')}`;
    } else {
      let crate: string | null = null;
      for (let at = folderOf(from); crate === null; at = folderOf(at)) {
        if (this.layout.manifests.get(at)?.crateName) crate = at;
        if (at === '') break;
      }
      if (crate === null) return null;
      folder = crate ? `${crate}/src` : 'src';
    }
    const base = folder ? `${folder}/${name}` : name;
    for (const candidate of [`${base}.rs`, `${base}/mod.rs`])
      if (this.paths.has(candidate)) return this.layout.keyOf(candidate);
    return null;
  }

  /** The modules a specifier reaches (none, one, or for `from . import a, b` a few). */
  resolve(from: string, specifier: Specifier): string[] {
    let key: string | null;
    switch (specifier.language) {
      case 'js': {
        // Files of a folder import the same few specifiers: resolve each once per folder.
        const cacheKey = specifier.spec.startsWith('.')
          ? `${folderOf(from)}\0${specifier.spec}`
          : specifier.spec;
        key = this.jsCache.get(cacheKey) ?? null;
        if (!this.jsCache.has(cacheKey)) this.jsCache.set(cacheKey, (key = this.js(from, specifier.spec)));
        break;
      }
      case 'python':
        return this.python(from, specifier.level, specifier.dotted, specifier.names);
      case 'go':
        key = this.go(specifier.spec);
        break;
      case 'rust-crate':
        key = this.crates.get(specifier.crate) ?? null;
        break;
      case 'rust-internal':
        key = this.rustPath(from, specifier.name, false);
        break;
      case 'rust-mod':
        key = this.rustPath(from, specifier.name, true);
        break;
    }
    return key === null ? [] : [key];
  }

  /** The workspace crates a Cargo.toml depends on, by path or by name. */
  cargo(manifest: Manifest): string[] {
    return manifest.cargoDependencies
      .map(({ name, path }) => {
        const folder = path === null ? null : joinPath(manifest.folder, path);
        return folder !== null && this.layout.manifests.has(folder)
          ? this.layout.keyOf(`${folder}/Cargo.toml`)
          : (this.crates.get(name.replace(/-/g, '_')) ?? null);
      })
      .filter((key) => key !== null);
  }
}

// ---------------------------------------------------------------------------------------------------------

/** Finds a repository's modules: packages by their manifests, else its meaningful folders (pure, no I/O). */
export function findModules(
  files: readonly ModuleFile[],
  options: { maxModules?: number } = {},
): RepositoryModule[] {
  const maxModules = Math.max(0, Math.floor(options.maxModules ?? DEFAULT_MAX_MODULES));
  const contents = new Map<string, string | null>();
  const folders = new Set<string>(['']);
  for (const file of files) {
    contents.set(file.path, file.content);
    for (let folder = folderOf(file.path); folder && !folders.has(folder); folder = folderOf(folder))
      folders.add(folder);
  }
  const paths = new Set(contents.keys());
  const read = (path: string) => contents.get(path) ?? null;
  const languages = new Map<string, string | null>();
  const lineCounts = new Map<string, number>();
  for (const path of paths) {
    const language = codeLanguage(path);
    languages.set(path, language);
    const content = contents.get(path);
    lineCounts.set(path, language !== null && content ? countLines(content) : 0);
  }
  const languageOf = (path: string) => languages.get(path) ?? null;
  const linesOf = (path: string) => lineCounts.get(path) ?? 0;
  const layout = planLayout(files, read, paths, languageOf, linesOf);

  const groups = new Map<string, string[]>();
  for (const path of [...paths].sort(compare)) {
    const key = layout.keyOf(path);
    const group = groups.get(key);
    if (group) group.push(path);
    else groups.set(key, [path]);
  }
  const sized = [...groups]
    .filter(([, group]) => group.some((path) => languageOf(path) !== null))
    .map(([key, group]) => ({ key, group, lines: group.reduce((sum, path) => sum + linesOf(path), 0) }));
  // The cap keeps the largest; ties go to the one with more files, then to the first path, so it is stable.
  const kept = sized
    .sort((a, b) => b.lines - a.lines || b.group.length - a.group.length || compare(a.key, b.key))
    .slice(0, maxModules)
    .sort((a, b) => compare(a.key, b.key));
  const keptKeys = new Set(kept.map(({ key }) => key));
  const resolver = new Resolver(paths, folders, layout, read);

  return kept.map(({ key, group, lines }) => {
    const manifest = layout.manifests.get(key);
    const imports = new Set<string>();
    const exports = new Map<string, ModuleExport>();
    const byLanguage = new Map<string, { lines: number; files: number }>();
    for (const path of group) {
      const language = languageOf(path);
      if (language === null) continue;
      const entry = byLanguage.get(language) ?? { lines: 0, files: 0 };
      byLanguage.set(language, { lines: entry.lines + linesOf(path), files: entry.files + 1 });
      const content = contents.get(path);
      const family = FAMILY[language];
      if (!content || family === undefined) continue;
      const text = stripComments(content, family);
      for (const specifier of importsOf(language, text))
        for (const target of resolver.resolve(path, specifier)) imports.add(target);
      if (TEST_FILE.test(path) || (language === 'python' && /^_(?!_init__\.py$)/.test(baseName(path))))
        continue;
      EXPORTERS[language]!(text, (name, kind) => {
        const existing = exports.get(name);
        // A declaration wins over a re-export of the same name (an index re-exporting its folder).
        if (!existing || (existing.kind === 're-export' && kind !== 're-export'))
          exports.set(name, { name, kind, file: path });
      });
    }
    if (manifest) for (const target of resolver.cargo(manifest)) imports.add(target);
    imports.delete(key);

    const language =
      [...byLanguage]
        .sort(([a, x], [b, y]) => y.lines - x.lines || y.files - x.files || compare(a, b))
        .map(([name]) => name)[0] ?? null;
    return {
      path: key,
      name: manifest?.name ?? (key === '' ? 'root' : baseName(key)),
      purpose: purposeOf(key, group, manifest, read),
      files: group,
      exports: [...exports.values()]
        .sort(
          (a, b) =>
            compare(a.name.toLowerCase(), b.name.toLowerCase()) ||
            compare(a.name, b.name) ||
            compare(a.file, b.file),
        )
        .slice(0, MAX_EXPORTS),
      imports: [...imports].filter((target) => keptKeys.has(target)).sort(compare),
      lines,
      language,
    };
  });
}

/** The README's first paragraph, else the manifest's description, else the entry file's doc comment. */
function purposeOf(
  key: string,
  group: string[],
  manifest: Manifest | undefined,
  read: (path: string) => string | null,
): string | null {
  const prefix = key ? `${key}/` : '';
  const members = new Set(group);
  const readmes = group
    .filter((path) => folderOf(path) === key && README.test(baseName(path)))
    .sort(
      (a, b) =>
        README_ORDER.indexOf(README.exec(baseName(a))![1]?.toLowerCase() ?? '') -
          README_ORDER.indexOf(README.exec(baseName(b))![1]?.toLowerCase() ?? '') || compare(a, b),
    );
  for (const path of readmes) {
    const text = read(path);
    const purpose = text === null ? null : firstParagraph(text);
    if (purpose) return purpose;
  }
  if (manifest?.description) return clip(manifest.description.replace(/\s+/g, ' '));

  const candidates: string[] = [];
  for (const entry of manifest?.entries ?? []) {
    // package.json points at the build (dist/index.js); its source is usually src/index.ts.
    for (const written of [entry, entry.replace(/^(?:\.\/)?(?:dist|lib|build|out)\//, 'src/')]) {
      const base = joinPath(key, written);
      if (base === null) continue;
      candidates.push(
        base,
        base.replace(/\.(?:d\.ts|js|mjs|cjs)$/, '.ts'),
        base.replace(/\.(?:js|jsx)$/, '.tsx'),
      );
    }
  }
  candidates.push(...ENTRY_FILES.map((file) => prefix + file));
  const depth = prefix.split('/').length;
  candidates.push(
    ...group.filter(
      (path) =>
        path.endsWith('/__init__.py') && path.startsWith(prefix) && path.split('/').length <= depth + 2,
    ),
    ...group.filter((path) => folderOf(path) === key && path.endsWith('.go') && !path.endsWith('_test.go')),
  );
  for (const path of candidates) {
    const content = members.has(path) ? read(path) : null;
    const purpose = content ? docComment(path, content) : null;
    if (purpose) return purpose;
  }
  return null;
}
