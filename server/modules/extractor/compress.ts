import { createRequire } from 'node:module';
import { Language, Parser, type Node } from 'web-tree-sitter';

/** The grammars a file can be parsed with (C is read by the C++ grammar: the package ships no C grammar). */
export type CompressLanguage =
  'typescript' | 'tsx' | 'javascript' | 'python' | 'go' | 'rust' | 'java' | 'cpp' | 'csharp' | 'ruby' | 'php';

/** Two independent switches, so a reader can keep every line of code, or only what is needed to call it. */
export type CompressOptions = { signaturesOnly: boolean; removeComments: boolean };

/** Code compression through a real parser, so text in a string that merely looks like a comment stays. */
export interface Compressor {
  /** The language a path is parsed as, or null when no grammar covers it (then compress returns the text unchanged). */
  languageOf(path: string): CompressLanguage | null;
  /** Loads the grammars these paths need (each once, shared by concurrent callers), so compress can be synchronous. */
  prepare(paths: Iterable<string>): Promise<void>;
  /** The file's text with comments removed and/or bodies dropped; unchanged for unknown languages or when both options are off. */
  compress(path: string, text: string, options: CompressOptions): string;
}

const extensions: Record<string, CompressLanguage> = {
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'tsx',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  py: 'python',
  pyi: 'python',
  go: 'go',
  rs: 'rust',
  java: 'java',
  c: 'cpp',
  h: 'cpp',
  cc: 'cpp',
  cpp: 'cpp',
  cxx: 'cpp',
  hh: 'cpp',
  hpp: 'cpp',
  hxx: 'cpp',
  cs: 'csharp',
  rb: 'ruby',
  rake: 'ruby',
  php: 'php',
};

function languageOf(path: string): CompressLanguage | null {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? (extensions[name.slice(dot + 1).toLowerCase()] ?? null) : null;
}

// Larger files are data or generated code: the caller has caps too, and a file left whole is never wrong.
const maxBytes = 1 << 20;
// A parse that takes this long is pathological (the parser runs at several MB/s): the file is left whole.
const parseBudgetMs = 2_000;

/** One change to the text: a removal (empty text), which takes its lines along when nothing else is on them, or a replacement. */
type Edit = { start: number; end: number; text: string };

/** Decides what happens to one statement or member: true keeps it (with the edits it made inside), false drops it. */
type Handler = (node: Node, pass: Pass) => boolean;

interface Grammar {
  wasm: string;
  comments: string[];
  /** Whether a comment starting at `at` documents the declaration right after it. */
  isDoc: (text: string, at: number) => boolean;
  /** Comments kept wherever they stand when signatures are kept (Rust's `//!` documents its module). */
  isInnerDoc?: (text: string, at: number) => boolean;
  top: Handler;
  /** Body node types written `{ … }` when dropped; any other body is an expression, written `…`. */
  blocks: Set<string>;
  /** Function-valued expressions whose bodies are dropped inside a kept declaration (`const f = () => { … }`). */
  functions: string[];
  style: 'braces' | 'python' | 'ruby';
}

const jsdoc = (text: string, at: number) => text.startsWith('/**', at) && !text.startsWith('/**/', at);
const doxygen = (text: string, at: number) =>
  jsdoc(text, at) || text.startsWith('///', at) || text.startsWith('//!', at) || text.startsWith('/*!', at);
const rustInnerDoc = (text: string, at: number) => text.startsWith('//!', at) || text.startsWith('/*!', at);
const rustDoc = (text: string, at: number) =>
  (text.startsWith('///', at) && !text.startsWith('////', at)) ||
  (jsdoc(text, at) && !text.startsWith('/***', at)) ||
  rustInnerDoc(text, at);
// Go and Ruby document a declaration with the plain comment lines right above it.
const anyComment = () => true;

const scriptTop: Handler = (node, pass) => {
  switch (node.type) {
    case 'import_statement':
    case 'hash_bang_line':
    case 'interface_declaration':
    case 'type_alias_declaration':
    case 'enum_declaration':
    case 'function_signature':
    case 'ambient_declaration':
      return true;
    case 'function_declaration':
    case 'generator_function_declaration':
      return pass.body(node);
    case 'class_declaration':
    case 'abstract_class_declaration':
    case 'class':
      return pass.members(node, scriptMember);
    case 'lexical_declaration':
    case 'variable_declaration':
      return pass.functionsIn(node);
    case 'internal_module':
    case 'module':
      return pass.members(node, scriptTop);
    case 'export_statement': {
      const declaration = node.childForFieldName('declaration');
      if (declaration) {
        scriptTop(declaration, pass);
        return true;
      }
      const value = node.childForFieldName('value');
      if (value?.type === 'class') return pass.members(value, scriptMember);
      return value ? pass.functionsIn(value) : true;
    }
    case 'expression_statement': {
      const expression = node.firstNamedChild;
      if (expression?.type === 'internal_module') return pass.members(expression, scriptTop);
      // Directives ('use strict', 'use client') change what the module is.
      if (expression?.type === 'string') return true;
      // CommonJS declares a module's interface by assignment.
      const left = expression?.type === 'assignment_expression' ? expression.childForFieldName('left') : null;
      if (left && /^(module\.exports|exports)\b/.test(left.text)) return pass.functionsIn(expression!);
      return false;
    }
    default:
      return false;
  }
};

const scriptMember: Handler = (node, pass) => {
  switch (node.type) {
    case 'method_definition':
      return pass.body(node);
    case 'public_field_definition':
    case 'field_definition':
      return pass.functionsIn(node);
    case 'class_static_block':
      return false;
    default:
      return true;
  }
};

const python: Handler = (node, pass) => {
  switch (node.type) {
    case 'import_statement':
    case 'import_from_statement':
    case 'future_import_statement':
    case 'type_alias_statement':
    case 'pass_statement':
      return true;
    case 'function_definition':
      return pass.body(node);
    case 'class_definition': {
      const body = node.childForFieldName('body');
      // A class whose body held nothing declarative still needs a body to read as Python.
      if (body && pass.list(body.children, python) === 0 && !body.hasError)
        pass.replace(body.startIndex, body.endIndex, '...');
      return true;
    }
    case 'decorated_definition': {
      const definition = node.childForFieldName('definition');
      if (definition) python(definition, pass);
      return true;
    }
    case 'expression_statement': {
      // Module and class attributes are declarations; a bare string is a docstring (also Sphinx's after an attribute).
      const type = node.firstNamedChild?.type;
      return (
        type === 'assignment' ||
        type === 'augmented_assignment' ||
        type === 'string' ||
        type === 'concatenated_string'
      );
    }
    default:
      return false;
  }
};

const go: Handler = (node, pass) => {
  switch (node.type) {
    case 'package_clause':
    case 'import_declaration':
    case 'type_declaration':
      return true;
    case 'function_declaration':
    case 'method_declaration':
      return pass.body(node);
    case 'const_declaration':
    case 'var_declaration':
      return pass.functionsIn(node);
    default:
      return false;
  }
};

// Every Rust item is a declaration; only statements (which appear at the top level in broken files) are not.
const rust: Handler = (node, pass) => {
  switch (node.type) {
    case 'function_item':
      return pass.body(node);
    case 'const_item':
    case 'static_item':
      return pass.functionsIn(node);
    case 'impl_item':
    case 'trait_item':
    case 'mod_item':
      return pass.members(node, rust);
    case 'expression_statement':
    case 'let_declaration':
      return false;
    default:
      return true;
  }
};

const java: Handler = (node, pass) => {
  switch (node.type) {
    case 'method_declaration':
    case 'constructor_declaration':
    case 'compact_constructor_declaration':
      return pass.body(node);
    case 'class_declaration':
    case 'interface_declaration':
    case 'enum_declaration':
    case 'record_declaration':
      return pass.members(node, java);
    case 'enum_body_declarations':
      pass.list(node.children, java);
      return true;
    case 'field_declaration':
    case 'constant_declaration':
    case 'enum_constant':
      return pass.functionsIn(node);
    case 'static_initializer':
    case 'block':
      return false;
    default:
      return true;
  }
};

// C has no statements outside functions: what stands at the top level is a declaration, or a macro making one.
const cpp: Handler = (node, pass) => {
  switch (node.type) {
    case 'function_definition':
      return pass.body(node);
    case 'declaration':
    case 'field_declaration':
      return pass.functionsIn(node);
    case 'class_specifier':
    case 'struct_specifier':
    case 'union_specifier':
    case 'namespace_definition':
      return pass.members(node, cpp);
    case 'linkage_specification': {
      const body = node.childForFieldName('body');
      if (body?.type === 'declaration_list') pass.list(body.children, cpp);
      else if (body) cpp(body, pass);
      return true;
    }
    case 'template_declaration': {
      const inner = node.lastNamedChild;
      if (inner && inner.type !== 'template_parameter_list') cpp(inner, pass);
      return true;
    }
    case 'preproc_if':
    case 'preproc_ifdef':
    case 'preproc_elif':
    case 'preproc_elifdef':
    case 'preproc_else':
      return pass.conditional(node, cpp);
    default:
      return true;
  }
};

const csharp: Handler = (node, pass) => {
  switch (node.type) {
    case 'method_declaration':
    case 'constructor_declaration':
    case 'destructor_declaration':
    case 'operator_declaration':
    case 'conversion_operator_declaration':
      return pass.body(node);
    case 'property_declaration':
    case 'indexer_declaration':
    case 'event_declaration': {
      for (const accessor of node.childForFieldName('accessors')?.namedChildren ?? [])
        if (accessor.type === 'accessor_declaration') pass.body(accessor);
      const value = node.childForFieldName('value');
      if (value?.type === 'arrow_expression_clause') pass.body(node, value);
      return true;
    }
    case 'field_declaration':
    case 'event_field_declaration':
      return pass.functionsIn(node);
    case 'namespace_declaration':
    case 'class_declaration':
    case 'struct_declaration':
    case 'interface_declaration':
    case 'record_declaration':
    case 'record_struct_declaration':
      return pass.members(node, csharp);
    case 'global_statement':
      return false;
    default:
      return true;
  }
};

// Calls that declare what a Ruby file depends on.
const rubyRequires = new Set(['require', 'require_relative', 'load', 'autoload', 'using']);

function rubyDeclaration(node: Node, pass: Pass, member: boolean): boolean {
  switch (node.type) {
    case 'method':
    case 'singleton_method':
      return pass.body(node);
    case 'class':
    case 'module':
    case 'singleton_class':
      return pass.members(node, rubyMember);
    case 'assignment':
    case 'operator_assignment': {
      const left = node.childForFieldName('left')?.type;
      return left === 'constant' || left === 'scope_resolution';
    }
    case 'alias':
      return true;
    case 'identifier':
      return member;
    case 'call': {
      if (node.childForFieldName('receiver')) return false;
      // In a class body a call without receiver is a declaration by convention (attr_reader, include, has_many).
      if (member) return pass.functionsIn(node);
      return rubyRequires.has(node.childForFieldName('method')?.text ?? '');
    }
    default:
      return false;
  }
}
const rubyTop: Handler = (node, pass) => rubyDeclaration(node, pass, false);
const rubyMember: Handler = (node, pass) => rubyDeclaration(node, pass, true);

const phpIncludes = new Set([
  'require_expression',
  'require_once_expression',
  'include_expression',
  'include_once_expression',
]);

function phpDeclaration(node: Node, pass: Pass, member: boolean): boolean {
  switch (node.type) {
    case 'function_definition':
    case 'method_declaration':
      return pass.body(node);
    case 'class_declaration':
    case 'interface_declaration':
    case 'trait_declaration':
    case 'enum_declaration':
    case 'namespace_definition':
      return pass.members(node, phpMember);
    case 'property_declaration':
    case 'const_declaration':
      return pass.functionsIn(node);
    case 'php_tag':
    case 'declare_statement':
    case 'namespace_use_declaration':
      return true;
    case 'expression_statement':
      return phpIncludes.has(node.firstNamedChild?.type ?? '');
    default:
      return member;
  }
}
const phpTop: Handler = (node, pass) => phpDeclaration(node, pass, false);
const phpMember: Handler = (node, pass) => phpDeclaration(node, pass, true);

const script: Omit<Grammar, 'wasm'> = {
  comments: ['comment'],
  isDoc: jsdoc,
  top: scriptTop,
  blocks: new Set(['statement_block']),
  functions: ['arrow_function', 'function_expression', 'function', 'generator_function', 'method_definition'],
  style: 'braces',
};

const grammars: Record<CompressLanguage, Grammar> = {
  typescript: { ...script, wasm: 'typescript' },
  tsx: { ...script, wasm: 'tsx' },
  javascript: { ...script, wasm: 'javascript' },
  python: {
    wasm: 'python',
    comments: ['comment'],
    isDoc: () => false,
    top: python,
    blocks: new Set(),
    functions: [],
    style: 'python',
  },
  go: {
    wasm: 'go',
    comments: ['comment'],
    isDoc: anyComment,
    top: go,
    blocks: new Set(['block']),
    functions: ['func_literal'],
    style: 'braces',
  },
  rust: {
    wasm: 'rust',
    comments: ['line_comment', 'block_comment'],
    isDoc: rustDoc,
    isInnerDoc: rustInnerDoc,
    top: rust,
    blocks: new Set(['block']),
    functions: ['closure_expression'],
    style: 'braces',
  },
  java: {
    wasm: 'java',
    comments: ['line_comment', 'block_comment'],
    isDoc: jsdoc,
    top: java,
    blocks: new Set(['block', 'constructor_body']),
    functions: ['lambda_expression', 'method_declaration'],
    style: 'braces',
  },
  cpp: {
    wasm: 'cpp',
    comments: ['comment'],
    isDoc: doxygen,
    top: cpp,
    blocks: new Set(['compound_statement']),
    functions: ['lambda_expression'],
    style: 'braces',
  },
  csharp: {
    wasm: 'c-sharp',
    comments: ['comment'],
    isDoc: doxygen,
    top: csharp,
    blocks: new Set(['block']),
    functions: ['lambda_expression', 'anonymous_method_expression'],
    style: 'braces',
  },
  ruby: {
    wasm: 'ruby',
    comments: ['comment'],
    isDoc: anyComment,
    top: rubyTop,
    blocks: new Set(),
    functions: ['method', 'singleton_method', 'do_block', 'block'],
    style: 'ruby',
  },
  php: {
    wasm: 'php',
    comments: ['comment'],
    isDoc: jsdoc,
    top: phpTop,
    blocks: new Set(['compound_statement']),
    functions: ['anonymous_function', 'arrow_function'],
    style: 'braces',
  },
};

const isSpace = (code: number) =>
  code === 32 || code === 9 || code === 10 || code === 13 || code === 11 || code === 12;
const isHorizontalSpace = (code: number) => code === 32 || code === 9;
const isWordChar = (char: string | undefined) => char !== undefined && /[\w$]/.test(char);

function isBlank(text: string, start: number, end: number): boolean {
  for (let index = start; index < end; index++) if (!isSpace(text.charCodeAt(index))) return false;
  return true;
}

const lineStart = (text: string, index: number) => text.lastIndexOf('\n', index - 1) + 1;

/** The last row a node's text is on: some grammars end a line comment after its newline. */
function lastRow(node: Node): number {
  const end = node.endPosition;
  return end.column === 0 && end.row > node.startPosition.row ? end.row - 1 : end.row;
}

/** One compression of one tree: collects the edits, which `apply` then makes on the text. */
class Pass {
  readonly edits: Edit[] = [];
  readonly text: string;
  readonly grammar: Grammar;
  private readonly newline: string;

  constructor(text: string, grammar: Grammar) {
    this.text = text;
    this.grammar = grammar;
    this.newline = text.includes('\r\n') ? '\r\n' : '\n';
  }

  remove(node: Node): void {
    let end = node.endIndex;
    while (end > node.startIndex && (this.text[end - 1] === '\n' || this.text[end - 1] === '\r')) end--;
    this.edits.push({ start: node.startIndex, end, text: '' });
  }

  replace(start: number, end: number, text: string): void {
    this.edits.push({ start, end, text });
  }

  /**
   * Walks the statements of a file, namespace or class body: keeps the declarations (a node the parser could not
   * read is kept whole, since it may hold one), drops the rest, and keeps the doc comments right above what stays.
   * Returns how many statements were kept.
   */
  list(children: readonly Node[], handle: Handler): number {
    let kept = 0;
    let comments: Node[] = [];
    let previous: { node: Node; kept: boolean } | null = null;
    for (const node of children) {
      if (!node.isNamed) {
        // The `;` after a dropped member goes with it.
        if (node.type === ';' && previous && !previous.kept && node.startIndex === previous.node.endIndex)
          this.remove(node);
        continue;
      }
      if (this.grammar.comments.includes(node.type)) {
        const trailing =
          previous?.kept && comments.length === 0 && node.startPosition.row === lastRow(previous.node);
        if (!trailing) comments.push(node);
        continue;
      }
      let keep = node.type === 'ERROR' || node.isMissing || handle(node, this);
      if (!keep && node.hasError) keep = true;
      else if (!keep) this.remove(node);
      this.settle(comments, keep ? node : null);
      comments = [];
      previous = { node, kept: keep };
      if (keep) kept++;
    }
    this.settle(comments, null);
    return kept;
  }

  /** Keeps the unbroken run of doc comments right above a kept node; drops the other comments. */
  private settle(comments: readonly Node[], next: Node | null): void {
    let keepFrom = comments.length;
    if (next) {
      let row = next.startPosition.row;
      for (let index = comments.length - 1; index >= 0; index--) {
        const comment = comments[index]!;
        if (!this.grammar.isDoc(this.text, comment.startIndex) || lastRow(comment) < row - 1) break;
        keepFrom = index;
        row = comment.startPosition.row;
      }
    }
    for (const comment of comments.slice(0, keepFrom))
      if (!this.grammar.isInnerDoc?.(this.text, comment.startIndex) && !this.isShebang(comment))
        this.remove(comment);
  }

  /** Keeps a declaration's header and walks its body (`body` field) as a list of members. */
  members(node: Node, handle: Handler): true {
    const body = node.childForFieldName('body');
    if (body) this.list(body.children, handle);
    return true;
  }

  /** Walks the branches of `#if`/`#ifdef` as the level they stand at (include guards wrap whole headers). */
  conditional(node: Node, handle: Handler): true {
    const items: Node[] = [];
    node.children.forEach((child, index) => {
      const field = node.fieldNameForChild(index);
      if (field === 'alternative') handle(child, this);
      else if (field !== 'name' && field !== 'condition') items.push(child);
    });
    this.list(items, handle);
    return true;
  }

  /** Drops the bodies of the functions written inside a kept declaration (initialisers, object literals). */
  functionsIn(node: Node): true {
    let end = -1;
    for (const fn of node.descendantsOfType(this.grammar.functions)) {
      if (fn.startIndex < end) continue;
      this.body(fn);
      end = fn.endIndex;
    }
    return true;
  }

  /** Keeps a function's signature and replaces its body with the language's marker; a body with errors stays whole. */
  body(node: Node, found?: Node): true {
    const body = found ?? node.childForFieldName('body') ?? this.blockChild(node);
    if (!body || body.hasError) return true;
    if (this.grammar.style === 'python') this.pythonBody(node, body);
    else if (this.grammar.style === 'ruby') this.rubyBody(node, body);
    else if (body.type === 'arrow_expression_clause') {
      const expression = body.firstNamedChild;
      if (expression) this.replace(expression.startIndex, expression.endIndex, '…');
    } else if (!this.grammar.blocks.has(body.type))
      this.replace(body.startIndex, this.expressionEnd(node, body), '…');
    else if (body.namedChildCount > 0) this.replace(body.startIndex, body.endIndex, '{ … }');
    return true;
  }

  /**
   * Where an arrow function's expression body ends. The TypeScript grammar reads `(x) => sql<T>\`…\`` as the arrow
   * called with the template (an arrow cannot be called unparenthesised): the template belongs to the body.
   */
  private expressionEnd(node: Node, body: Node): number {
    const parent = node.parent;
    const misread =
      node.type === 'arrow_function' &&
      parent?.type === 'call_expression' &&
      parent.childForFieldName('function')?.equals(node) === true;
    return misread ? parent.endIndex : body.endIndex;
  }

  // C#'s anonymous methods name no body field.
  private blockChild(node: Node): Node | null {
    const last = node.lastNamedChild;
    return last && this.grammar.blocks.has(last.type) ? last : null;
  }

  /** `def f(x):` then the docstring, if any, then `...`, indented as the body was. */
  private pythonBody(node: Node, body: Node): void {
    const statements = body.namedChildren.filter((child) => !this.grammar.comments.includes(child.type));
    const first = statements[0];
    const docstring =
      first?.type === 'expression_statement' &&
      first.namedChildCount === 1 &&
      first.firstNamedChild?.type === 'string'
        ? first
        : null;
    if (statements.length === (docstring ? 1 : 0)) return;
    let colon: Node | null = null;
    for (const child of node.children) {
      if (child.startIndex >= body.startIndex) break;
      if (child.type === ':') colon = child;
    }
    if (!colon) return;
    if (body.startPosition.row === colon.endPosition.row) {
      this.replace(colon.endIndex, body.endIndex, ' ...');
      return;
    }
    const indent = this.text.slice(lineStart(this.text, body.startIndex), body.startIndex);
    const doc = docstring
      ? `${this.newline}${indent}${this.text.slice(docstring.startIndex, docstring.endIndex)}`
      : '';
    this.replace(colon.endIndex, body.endIndex, `${doc}${this.newline}${indent}...`);
  }

  /** `def f(x)`, `…` on the body's line, `end`; a body on the `def` line (or an endless def) becomes `…` in place. */
  private rubyBody(node: Node, body: Node): void {
    const end = node.lastChild?.type === 'end' ? node.lastChild : null;
    let header: Node | null = null;
    for (const child of node.children) {
      if (child.startIndex >= body.startIndex) break;
      if (!this.grammar.comments.includes(child.type)) header = child;
    }
    const endIndent = end ? this.text.slice(lineStart(this.text, end.startIndex), end.startIndex) : '';
    const bodyIndent = this.text.slice(lineStart(this.text, body.startIndex), body.startIndex);
    const ownLines =
      header &&
      end &&
      body.startPosition.row > header.endPosition.row &&
      end.startPosition.row > lastRow(body) &&
      isBlank(endIndent, 0, endIndent.length) &&
      isBlank(bodyIndent, 0, bodyIndent.length);
    if (ownLines)
      this.replace(
        header!.endIndex,
        end!.startIndex,
        `${this.newline}${bodyIndent}…${this.newline}${endIndent}`,
      );
    else this.replace(body.startIndex, body.endIndex, '…');
  }

  /** Removes every comment, but not those inside text the parser could not read, where a "comment" may be a string. */
  removeComments(root: Node): void {
    const errors = root.hasError ? root.descendantsOfType('ERROR') : [];
    let error = 0;
    for (const comment of root.descendantsOfType(this.grammar.comments)) {
      while (error < errors.length && errors[error]!.endIndex <= comment.startIndex) error++;
      const inError = error < errors.length && errors[error]!.startIndex <= comment.startIndex;
      if (!inError && !this.isShebang(comment)) this.remove(comment);
    }
  }

  // `#!/usr/bin/env python` is a comment to the grammar but tells how to run the file.
  private isShebang(comment: Node): boolean {
    return comment.startIndex === 0 && this.text.startsWith('#!');
  }
}

/**
 * Makes the edits: removals also take the whitespace that would be left behind (the whole line when nothing else
 * is on it), and where lines went, the blank lines around them shrink to what either side had.
 */
function apply(text: string, edits: Edit[]): string {
  edits.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Edit[] = [];
  for (const edit of edits) {
    const last = merged.at(-1);
    if (last && edit.start < last.end) {
      // Inside an edit already made (a comment in a dropped body); removals that overlap join.
      if (edit.end > last.end && last.text === '' && edit.text === '') last.end = edit.end;
      continue;
    }
    // Removals with only white space between are one (two statements on a line, a comment above a dropped one),
    // unless the first ends a kept line: its own line then goes, the blank lines after it stay.
    const joins =
      last?.text === '' &&
      edit.text === '' &&
      isBlank(text, last.end, edit.start) &&
      (!text.slice(last.end, edit.start).includes('\n') ||
        isBlank(text, lineStart(text, last.start), last.start));
    if (joins) {
      last.end = edit.end;
      continue;
    }
    merged.push({ ...edit });
  }

  let out = '';
  let cursor = 0;
  const cuts: number[] = [];
  for (const edit of merged) {
    const start = Math.max(edit.start, cursor);
    if (edit.text !== '') {
      out += text.slice(cursor, start) + edit.text;
      cursor = Math.max(edit.end, cursor);
      continue;
    }
    const first = Math.max(lineStart(text, start), cursor);
    let newline = text.indexOf('\n', edit.end);
    if (newline < 0) newline = text.length;
    const lineEnd = newline > 0 && text[newline - 1] === '\r' ? newline - 1 : newline;
    const alone = isBlank(text, first, start);
    const last = isBlank(text, edit.end, lineEnd);
    if (alone && last && first === lineStart(text, start)) {
      out += text.slice(cursor, first);
      cuts.push(out.length);
      cursor = Math.min(newline + 1, text.length);
    } else if (last) {
      let from = start;
      while (from > cursor && isHorizontalSpace(text.charCodeAt(from - 1))) from--;
      out += text.slice(cursor, from);
      cursor = lineEnd;
    } else {
      // Code follows on the line: the comment goes with the white space around it (not the indentation), and one
      // space comes back where both sides had one, or where two words would otherwise become one (`a/* x */b`).
      let from = start;
      while (from > first && isHorizontalSpace(text.charCodeAt(from - 1))) from--;
      if (from === first && alone) from = start;
      let to = edit.end;
      while (to < text.length && isHorizontalSpace(text.charCodeAt(to))) to++;
      out += text.slice(cursor, from);
      if ((from < start && to > edit.end) || (isWordChar(out.at(-1)) && isWordChar(text[to]))) out += ' ';
      cursor = to;
    }
  }
  out += text.slice(cursor);
  return collapseBlankLines(out, cuts);
}

/** Around each place whole lines were removed: as many blank lines as the larger side had, none at the file's edges. */
function collapseBlankLines(text: string, cuts: readonly number[]): string {
  let out = text;
  let floor = Infinity;
  for (let index = cuts.length - 1; index >= 0; index--) {
    const cut = cuts[index]!;
    if (cut >= floor) continue;
    let before = cut;
    let blankBefore = 0;
    while (before > 0) {
      const start = lineStart(out, before - 1);
      if (!isBlank(out, start, before - 1)) break;
      before = start;
      blankBefore++;
    }
    let after = cut;
    let blankAfter = 0;
    while (after < out.length) {
      const newline = out.indexOf('\n', after);
      const end = newline < 0 ? out.length : newline;
      if (!isBlank(out, after, end)) break;
      after = newline < 0 ? out.length : newline + 1;
      blankAfter++;
    }
    if (before === 0 || after === out.length) out = out.slice(0, before) + out.slice(after);
    else if (blankBefore > 0 && blankAfter > 0)
      out =
        blankBefore >= blankAfter
          ? out.slice(0, cut) + out.slice(after)
          : out.slice(0, before) + out.slice(cut);
    floor = before;
  }
  return out;
}

function compressTree(root: Node, text: string, grammar: Grammar, options: CompressOptions): string {
  const pass = new Pass(text, grammar);
  if (options.signaturesOnly) {
    // A root the parser could not read at all has no declarations to find.
    if (root.type === 'ERROR') return text;
    pass.list(root.children, grammar.top);
  }
  if (options.removeComments) pass.removeComments(root);
  return pass.edits.length === 0 ? text : apply(text, pass.edits);
}

function byteLengthOver(text: string, limit: number): boolean {
  if (text.length > limit) return true;
  return text.length * 3 > limit && Buffer.byteLength(text) > limit;
}

const require = createRequire(import.meta.url);

async function createCompressor(): Promise<Compressor> {
  await Parser.init();
  const parser = new Parser();
  const loading = new Map<CompressLanguage, Promise<Language>>();
  const loaded = new Map<CompressLanguage, Language>();

  const load = (language: CompressLanguage): Promise<Language> => {
    let promise = loading.get(language);
    if (!promise) {
      const wasm = require.resolve(
        `@vscode/tree-sitter-wasm/wasm/tree-sitter-${grammars[language].wasm}.wasm`,
      );
      promise = Language.load(wasm).then(
        (grammar) => {
          loaded.set(language, grammar);
          return grammar;
        },
        (error: unknown) => {
          loading.delete(language);
          throw error;
        },
      );
      loading.set(language, promise);
    }
    return promise;
  };

  return {
    languageOf,
    async prepare(paths) {
      const languages = new Set<CompressLanguage>();
      for (const path of paths) {
        const language = languageOf(path);
        if (language) languages.add(language);
      }
      await Promise.all([...languages].map(load));
    },
    compress(path, text, options) {
      const language = languageOf(path);
      if (!language || (!options.signaturesOnly && !options.removeComments) || byteLengthOver(text, maxBytes))
        return text;
      const grammar = loaded.get(language);
      if (!grammar)
        throw new Error(`compress: the ${language} grammar is not loaded; await prepare([path]) first`);
      parser.setLanguage(grammar);
      const deadline = performance.now() + parseBudgetMs;
      const tree = parser.parse(text, null, { progressCallback: () => performance.now() > deadline });
      if (!tree) {
        parser.reset();
        return text;
      }
      try {
        return compressTree(tree.rootNode, text, grammars[language], options);
      } catch {
        // A tree too deep to walk, or a case the rules did not foresee: the file whole is never wrong.
        return text;
      } finally {
        tree.delete();
      }
    },
  };
}

let compressor: Promise<Compressor> | undefined;

/** Loads the parser runtime once (idempotent, concurrency-safe: two callers share one load). */
export async function loadCompressor(): Promise<Compressor> {
  compressor ??= createCompressor().catch((error: unknown) => {
    compressor = undefined;
    throw error;
  });
  return compressor;
}
