import { beforeAll, describe, expect, it } from 'vitest';
import { loadCompressor, type CompressOptions, type Compressor } from './compress.ts';

const signatures: CompressOptions = { signaturesOnly: true, removeComments: false };
const comments: CompressOptions = { signaturesOnly: false, removeComments: true };
const both: CompressOptions = { signaturesOnly: true, removeComments: true };

/** A file's text, one argument a line (backticks and `${` stay literal this way). */
const lines = (...text: string[]) => `${text.join('\n')}\n`;

let compressor: Compressor;
const samples: { path: string; text: string }[] = [];

/** Compresses after loading the grammar, and remembers the sample for the idempotence check at the end. */
async function compress(path: string, text: string, options: CompressOptions): Promise<string> {
  samples.push({ path, text });
  await compressor.prepare([path]);
  return compressor.compress(path, text, options);
}

beforeAll(async () => {
  compressor = await loadCompressor();
});

describe('loading', () => {
  // First in the file: no test has loaded the PHP grammar yet.
  it('needs a grammar prepared before compressing with it, and loads it once', async () => {
    expect(() => compressor.compress('late.php', '<?php // x\n', comments)).toThrow(/prepare/);
    await Promise.all([compressor.prepare(['a.php']), compressor.prepare(['b.php', 'c.php'])]);
    expect(compressor.compress('late.php', '<?php // x\n', comments)).toBe('<?php\n');
  });

  it('shares one runtime between concurrent callers', async () => {
    const [first, second] = await Promise.all([loadCompressor(), loadCompressor()]);
    expect(first).toBe(second);
    expect(first).toBe(compressor);
  });

  it('maps extensions to grammars', () => {
    const languages = Object.fromEntries(
      [
        'a.ts',
        'a.mts',
        'a.cts',
        'a.tsx',
        'a.js',
        'a.mjs',
        'a.cjs',
        'a.jsx',
        'a.py',
        'a.go',
        'a.rs',
        'A.java',
        'a.c',
        'a.h',
        'a.cc',
        'a.cpp',
        'a.hpp',
        'a.cs',
        'a.rb',
        'a.php',
        'src/App.TSX',
        'README.md',
        'Makefile',
        '.ts',
        'dir.ts/file',
      ].map((path) => [path, compressor.languageOf(path)]),
    );
    expect(languages).toEqual({
      'a.ts': 'typescript',
      'a.mts': 'typescript',
      'a.cts': 'typescript',
      'a.tsx': 'tsx',
      'a.js': 'javascript',
      'a.mjs': 'javascript',
      'a.cjs': 'javascript',
      'a.jsx': 'javascript',
      'a.py': 'python',
      'a.go': 'go',
      'a.rs': 'rust',
      'A.java': 'java',
      'a.c': 'cpp',
      'a.h': 'cpp',
      'a.cc': 'cpp',
      'a.cpp': 'cpp',
      'a.hpp': 'cpp',
      'a.cs': 'csharp',
      'a.rb': 'ruby',
      'a.php': 'php',
      'src/App.TSX': 'tsx',
      'README.md': null,
      Makefile: null,
      '.ts': null,
      'dir.ts/file': null,
    });
  });
});

describe('what is left alone', () => {
  it('returns an unknown language, or any file with both options off, unchanged', async () => {
    const text = '# Title // not code\n/* kept */ body\n';
    expect(await compress('notes.md', text, both)).toBe(text);
    expect(await compress('Makefile', text, both)).toBe(text);
    const code = 'function f() { return 1; } // note\n';
    expect(await compress('a.ts', code, { signaturesOnly: false, removeComments: false })).toBe(code);
  });

  it('returns a file over 1 MB unchanged', async () => {
    const text = 'function f() { return 1; } // note\n'.repeat(40_000);
    expect(text.length).toBeGreaterThan(1 << 20);
    expect(await compress('big.ts', text, both)).toBe(text);
  });
});

describe('TypeScript', () => {
  const source = lines(
    '#!/usr/bin/env node',
    '// Licence header.',
    '',
    "import { a } from './a'; // why a",
    "import type { B } from './b';",
    '',
    '/** Options of a run. */',
    'export interface Options {',
    '  /** How many. */',
    '  count: number;',
    '}',
    '',
    'export type Id = string;',
    'enum Mode { Fast, Slow }',
    '',
    "const url = 'http://example.com/* not a comment */';",
    'const template = `// not a comment ${url /* a comment */} /* nor this */`;',
    'const pattern = /\\/\\/ not a comment/;',
    '',
    'main();',
    '',
    '/**',
    ' * Adds two numbers.',
    ' */',
    'export function add(x: number, y: number): number {',
    '  // Inside.',
    '  function inner() {',
    '    return x;',
    '  }',
    '  return inner() + y; // trailing',
    '}',
    '',
    '// Not a doc comment: dropped with signatures.',
    'export const double = (x: number): number => x * 2;',
    'export const handler = async (request: Request) => {',
    '  return request;',
    '};',
    '',
    '@sealed',
    'export class Store<T> extends Base implements Reader {',
    '  /** The items. */',
    '  private items: T[] = [];',
    '  static { register(); }',
    '  constructor(private readonly name: string) {',
    '    super();',
    '  }',
    '  /** One item. */',
    '  get(index: number): T | undefined {',
    '    return this.items[index];',
    '  }',
    '  onChange = (item: T) => {',
    '    this.items.push(item);',
    '  };',
    '  abstract size(): number;',
    '}',
    '',
    'if (import.meta.main) {',
    '  main();',
    '}',
  );

  it('keeps declarations and signatures, drops bodies and statements', async () => {
    expect(await compress('src/store.ts', source, signatures)).toBe(
      lines(
        '#!/usr/bin/env node',
        '',
        "import { a } from './a'; // why a",
        "import type { B } from './b';",
        '',
        '/** Options of a run. */',
        'export interface Options {',
        '  /** How many. */',
        '  count: number;',
        '}',
        '',
        'export type Id = string;',
        'enum Mode { Fast, Slow }',
        '',
        "const url = 'http://example.com/* not a comment */';",
        'const template = `// not a comment ${url /* a comment */} /* nor this */`;',
        'const pattern = /\\/\\/ not a comment/;',
        '',
        '/**',
        ' * Adds two numbers.',
        ' */',
        'export function add(x: number, y: number): number { … }',
        '',
        'export const double = (x: number): number => …;',
        'export const handler = async (request: Request) => { … };',
        '',
        '@sealed',
        'export class Store<T> extends Base implements Reader {',
        '  /** The items. */',
        '  private items: T[] = [];',
        '  constructor(private readonly name: string) { … }',
        '  /** One item. */',
        '  get(index: number): T | undefined { … }',
        '  onChange = (item: T) => { … };',
        '  abstract size(): number;',
        '}',
      ),
    );
  });

  it('removes comments, never text in strings, templates or regular expressions', async () => {
    const out = await compress('src/store.ts', source, comments);
    expect(out.split('\n').slice(0, 19)).toEqual([
      '#!/usr/bin/env node',
      '',
      "import { a } from './a';",
      "import type { B } from './b';",
      '',
      'export interface Options {',
      '  count: number;',
      '}',
      '',
      'export type Id = string;',
      'enum Mode { Fast, Slow }',
      '',
      "const url = 'http://example.com/* not a comment */';",
      'const template = `// not a comment ${url} /* nor this */`;',
      'const pattern = /\\/\\/ not a comment/;',
      '',
      'main();',
      '',
      'export function add(x: number, y: number): number {',
    ]);
    expect(out).toContain('  function inner() {\n    return x;\n  }\n  return inner() + y;\n}\n');
    expect(out).not.toMatch(/\/\*\*|\/\/ (Inside|trailing|Not a doc)/);
    expect(out).not.toMatch(/[ \t]$/m);
  });

  it('does both at once', async () => {
    expect(await compress('src/store.ts', source, both)).toBe(
      lines(
        '#!/usr/bin/env node',
        '',
        "import { a } from './a';",
        "import type { B } from './b';",
        '',
        'export interface Options {',
        '  count: number;',
        '}',
        '',
        'export type Id = string;',
        'enum Mode { Fast, Slow }',
        '',
        "const url = 'http://example.com/* not a comment */';",
        'const template = `// not a comment ${url} /* nor this */`;',
        'const pattern = /\\/\\/ not a comment/;',
        '',
        'export function add(x: number, y: number): number { … }',
        '',
        'export const double = (x: number): number => …;',
        'export const handler = async (request: Request) => { … };',
        '',
        '@sealed',
        'export class Store<T> extends Base implements Reader {',
        '  private items: T[] = [];',
        '  constructor(private readonly name: string) { … }',
        '  get(index: number): T | undefined { … }',
        '  onChange = (item: T) => { … };',
        '  abstract size(): number;',
        '}',
      ),
    );
  });

  it('removes a comment in the middle of a line with the space around it', async () => {
    const text = lines(
      'call(/* first */ a, b /* second */, c);',
      'const sum = a /* plus */ + b;',
      'const joined = a/**/+b;',
      'let/**/apart = 1;',
      '  /* leading */ indented();',
    );
    expect(await compress('a.ts', text, comments)).toBe(
      lines('call(a, b, c);', 'const sum = a + b;', 'const joined = a+b;', 'let apart = 1;', '  indented();'),
    );
  });

  it('leaves as many blank lines where statements went as the larger side had', async () => {
    const text = lines(
      "import x from 'x';",
      '',
      '',
      'setUp();',
      '',
      'export const y = 1;',
      '',
      'class A {',
      '  static { init(); };',
      '  z = 2;',
      '}',
      '',
      'tearDown();',
    );
    expect(await compress('a.ts', text, signatures)).toBe(
      lines("import x from 'x';", '', '', 'export const y = 1;', '', 'class A {', '  z = 2;', '}'),
    );
  });

  it('drops the whole body of an arrow returning a generic tagged template', async () => {
    // The grammar reads this as the arrow function called with the template.
    const text = lines('const epoch = (column: Column) =>', '  sql<number>`extract(epoch from ${column})`;');
    expect(await compress('a.ts', text, signatures)).toBe(lines('const epoch = (column: Column) =>', '  …;'));
  });

  it('reads TSX: comments in JSX go, text that looks like one stays', async () => {
    const text = lines(
      "import { useState } from 'react';",
      '',
      '/** The greeting. */',
      'export function Hello({ name }: { name: string }) {',
      '  const [count] = useState(0); // state',
      '  return (',
      '    <div title="/* not */">',
      '      {/* a comment */}',
      '      <a href="http://example.com">// not a comment</a> {count}',
      '    </div>',
      '  );',
      '}',
      'export const Bye = () => <p>bye</p>;',
    );
    expect(await compress('src/Hello.tsx', text, signatures)).toBe(
      lines(
        "import { useState } from 'react';",
        '',
        '/** The greeting. */',
        'export function Hello({ name }: { name: string }) { … }',
        'export const Bye = () => …;',
      ),
    );
    const out = await compress('src/Hello.tsx', text, comments);
    expect(out).toContain('    <div title="/* not */">\n      {}\n');
    expect(out).toContain('<a href="http://example.com">// not a comment</a> {count}');
    expect(out).toContain('  const [count] = useState(0);\n');
    expect(out).not.toContain('The greeting');
  });
});

describe('JavaScript', () => {
  it('keeps what CommonJS exports, with method bodies dropped, and reads JSX', async () => {
    const text = lines(
      "'use strict';",
      "const path = require('node:path');",
      '',
      '/** Joins. */',
      'function join(a, b) {',
      '  return path.join(a, b); // why',
      '}',
      '',
      'class Cache {',
      '  #items = new Map();',
      '  get(key) { return this.#items.get(key); }',
      '  static create() { return new Cache(); }',
      '}',
      '',
      'console.log(join("a", "b"));',
      'module.exports = { join, Cache, read(file) { return file; } };',
    );
    expect(await compress('lib/index.cjs', text, signatures)).toBe(
      lines(
        "'use strict';",
        "const path = require('node:path');",
        '',
        '/** Joins. */',
        'function join(a, b) { … }',
        '',
        'class Cache {',
        '  #items = new Map();',
        '  get(key) { … }',
        '  static create() { … }',
        '}',
        '',
        'module.exports = { join, Cache, read(file) { … } };',
      ),
    );
    const jsx = lines('export const App = () => (', '  <main>{/* later */}// text</main>', ');');
    expect(await compress('src/App.jsx', jsx, both)).toBe('export const App = () => …;\n');
    expect(await compress('src/App.jsx', jsx, comments)).toBe(
      lines('export const App = () => (', '  <main>{}// text</main>', ');'),
    );
  });
});

describe('Python', () => {
  const source = lines(
    '#!/usr/bin/env python',
    '"""The module."""',
    'import os  # for paths',
    'from typing import Protocol',
    '',
    'URL = "http://example.com # not a comment"',
    '',
    '',
    '@dataclass',
    'class Store(Base):',
    '    """A store."""',
    '',
    '    # A plain comment.',
    '    size: int = 0',
    '',
    '    def get(self, key: str) -> str:  # why',
    '        # Lead.',
    '        """One item."""',
    '        def inner():',
    '            return key',
    "        return inner() + '# not a comment'",
    '',
    '    async def close(self): return None',
    '',
    '',
    'def main():',
    '    print(URL)',
    '',
    '',
    'if __name__ == "__main__":',
    '    main()',
  );

  it('keeps definitions with docstrings, and `...` for bodies', async () => {
    expect(await compress('store.py', source, signatures)).toBe(
      lines(
        '#!/usr/bin/env python',
        '"""The module."""',
        'import os  # for paths',
        'from typing import Protocol',
        '',
        'URL = "http://example.com # not a comment"',
        '',
        '',
        '@dataclass',
        'class Store(Base):',
        '    """A store."""',
        '',
        '    size: int = 0',
        '',
        '    def get(self, key: str) -> str:',
        '        """One item."""',
        '        ...',
        '',
        '    async def close(self): ...',
        '',
        '',
        'def main():',
        '    ...',
      ),
    );
  });

  it('removes # comments, not # in strings, and keeps docstrings', async () => {
    const out = await compress('store.py', source, comments);
    expect(out).toContain('URL = "http://example.com # not a comment"');
    expect(out).toContain("        return inner() + '# not a comment'");
    expect(out).toContain('    def get(self, key: str) -> str:\n        """One item."""\n');
    expect(out).toContain('import os\n');
    expect(out.startsWith('#!/usr/bin/env python\n"""The module."""\n')).toBe(true);
    expect(out).not.toMatch(/# (for paths|A plain|why|Lead)/);
    expect(out).not.toMatch(/[ \t]$/m);
  });
});

describe('Go', () => {
  it('keeps the comment lines above a declaration as its documentation', async () => {
    const text = lines(
      '// Package store keeps things.',
      'package store',
      '',
      'import (',
      '\t"fmt" // printing',
      ')',
      '',
      '// Store keeps things.',
      '// It is safe for one goroutine.',
      'type Store struct {',
      '\tname string // its name',
      '}',
      '',
      'const url = "http://example.com // not a comment"',
      '',
      'var hook = func(s *Store) {',
      '\tfmt.Println(s)',
      '}',
      '',
      '// An unrelated note.',
      '',
      '// Get returns one thing.',
      'func (s *Store) Get(key string) (string, error) {',
      '\tinner := func() string { return key }',
      '\treturn inner(), nil',
      '}',
    );
    expect(await compress('store.go', text, signatures)).toBe(
      lines(
        '// Package store keeps things.',
        'package store',
        '',
        'import (',
        '\t"fmt" // printing',
        ')',
        '',
        '// Store keeps things.',
        '// It is safe for one goroutine.',
        'type Store struct {',
        '\tname string // its name',
        '}',
        '',
        'const url = "http://example.com // not a comment"',
        '',
        'var hook = func(s *Store) { … }',
        '',
        '// Get returns one thing.',
        'func (s *Store) Get(key string) (string, error) { … }',
      ),
    );
    expect(await compress('store.go', text, both)).toBe(
      lines(
        'package store',
        '',
        'import (',
        '\t"fmt"',
        ')',
        '',
        'type Store struct {',
        '\tname string',
        '}',
        '',
        'const url = "http://example.com // not a comment"',
        '',
        'var hook = func(s *Store) { … }',
        '',
        'func (s *Store) Get(key string) (string, error) { … }',
      ),
    );
  });
});

describe('Rust', () => {
  it('keeps items, attributes and /// docs; drops fn bodies in impls and traits', async () => {
    const text = lines(
      '//! The crate.',
      'use std::fmt; // formatting',
      '',
      '/// A point.',
      '#[derive(Debug)]',
      'pub struct Point {',
      '    /// Across.',
      '    x: i32,',
      '}',
      '',
      'impl Point {',
      '    /// Makes one.',
      '    pub fn new() -> Self {',
      '        // Zero.',
      '        Self { x: 0 }',
      '    }',
      '}',
      '',
      'pub trait Shape {',
      '    fn area(&self) -> f64;',
      '    fn name(&self) -> String { String::from("// not a comment") }',
      '}',
      '',
      'const URL: &str = "http://example.com /* not a comment */";',
      'static ADD: fn(i32) -> i32 = |x| { x + 1 };',
      '',
      'fn main() {',
      '    fn nested() {}',
      '    let raw = r#"// raw"#;',
      '}',
    );
    expect(await compress('src/lib.rs', text, signatures)).toBe(
      lines(
        '//! The crate.',
        'use std::fmt; // formatting',
        '',
        '/// A point.',
        '#[derive(Debug)]',
        'pub struct Point {',
        '    /// Across.',
        '    x: i32,',
        '}',
        '',
        'impl Point {',
        '    /// Makes one.',
        '    pub fn new() -> Self { … }',
        '}',
        '',
        'pub trait Shape {',
        '    fn area(&self) -> f64;',
        '    fn name(&self) -> String { … }',
        '}',
        '',
        'const URL: &str = "http://example.com /* not a comment */";',
        'static ADD: fn(i32) -> i32 = |x| { … };',
        '',
        'fn main() { … }',
      ),
    );
    const out = await compress('src/lib.rs', text, comments);
    expect(out.startsWith('use std::fmt;\n\n#[derive(Debug)]\npub struct Point {\n    x: i32,\n}\n')).toBe(
      true,
    );
    expect(out).toContain('String::from("// not a comment")');
    expect(out).toContain('let raw = r#"// raw"#;');
  });
});

describe('Java', () => {
  it('keeps class headers, fields and method signatures', async () => {
    const text = lines(
      'package app.store;',
      '',
      'import java.util.List; // lists',
      '',
      '/**',
      ' * A store.',
      ' */',
      '@Entity',
      'public class Store<T> extends Base implements Reader {',
      '  /** The address. */',
      '  private static final String URL = "http://example.com // not a comment";',
      '  static { register(); }',
      '  // Makes one.',
      '  public Store() { super(); }',
      '  public <U> List<U> map(int a) throws Failure {',
      '    class Local {}',
      '    return null;',
      '  }',
      '  abstract void close();',
      '  class Inner { void run() { run(); } }',
      '  Runnable task = () -> { run(); };',
      '}',
      '',
      'interface Reader { String read(); default void skip() { read(); } }',
    );
    expect(await compress('Store.java', text, signatures)).toBe(
      lines(
        'package app.store;',
        '',
        'import java.util.List; // lists',
        '',
        '/**',
        ' * A store.',
        ' */',
        '@Entity',
        'public class Store<T> extends Base implements Reader {',
        '  /** The address. */',
        '  private static final String URL = "http://example.com // not a comment";',
        '  public Store() { … }',
        '  public <U> List<U> map(int a) throws Failure { … }',
        '  abstract void close();',
        '  class Inner { void run() { … } }',
        '  Runnable task = () -> { … };',
        '}',
        '',
        'interface Reader { String read(); default void skip() { … } }',
      ),
    );
  });
});

describe('C and C++', () => {
  it('reads C with the C++ grammar', async () => {
    const text = lines(
      '#include <stdio.h>',
      '',
      '/* Entry point. */',
      'int main(int argc, char **argv) {',
      '  printf("/* %s */ // %d\\n", argv[0], argc); /* real */',
      '  return 0;',
      '}',
    );
    expect(await compress('main.c', text, signatures)).toBe(
      lines('#include <stdio.h>', '', 'int main(int argc, char **argv) { … }'),
    );
    expect(await compress('main.c', text, comments)).toBe(
      lines(
        '#include <stdio.h>',
        '',
        'int main(int argc, char **argv) {',
        '  printf("/* %s */ // %d\\n", argv[0], argc);',
        '  return 0;',
        '}',
      ),
    );
  });

  it('walks include guards, namespaces and classes', async () => {
    const text = lines(
      '#ifndef STORE_H',
      '#define STORE_H',
      '',
      '#include <string> // strings',
      '',
      'namespace app {',
      '/// A store.',
      'class Store : public Base {',
      ' public:',
      '  Store() : size_(0) {}',
      '  virtual ~Store();',
      '  template <typename T> T get(T key) { return key; }',
      ' private:',
      '  int size_;',
      '};',
      '',
      'template <typename T> void log(T value) { print(value); }',
      'auto twice = [](int a) { return a * 2; };',
      '}  // namespace app',
      '',
      '#endif',
    );
    expect(await compress('store.hpp', text, signatures)).toBe(
      lines(
        '#ifndef STORE_H',
        '#define STORE_H',
        '',
        '#include <string> // strings',
        '',
        'namespace app {',
        '/// A store.',
        'class Store : public Base {',
        ' public:',
        '  Store() : size_(0) {}',
        '  virtual ~Store();',
        '  template <typename T> T get(T key) { … }',
        ' private:',
        '  int size_;',
        '};',
        '',
        'template <typename T> void log(T value) { … }',
        'auto twice = [](int a) { … };',
        '}  // namespace app',
        '',
        '#endif',
      ),
    );
  });
});

describe('C#', () => {
  it('keeps members with accessor and method bodies dropped', async () => {
    const text = lines(
      'using System; // basics',
      '',
      'namespace App.Models',
      '{',
      '    /// <summary>A user.</summary>',
      '    [Serializable]',
      '    public class User : Base',
      '    {',
      '        private const string Url = "http://example.com // not a comment";',
      '        public int Id { get; set; }',
      '        public int Age { get { return age; } set { age = value; } }',
      '        public string Name => "/* not a comment */";',
      '        // Makes one.',
      '        public User() : base() { Init(); }',
      '        public static int Add(int a, int b)',
      '        {',
      '            int Local() => a;',
      '            return Local() + b;',
      '        }',
      '    }',
      '}',
      'Console.WriteLine("top-level statement");',
    );
    expect(await compress('User.cs', text, signatures)).toBe(
      lines(
        'using System; // basics',
        '',
        'namespace App.Models',
        '{',
        '    /// <summary>A user.</summary>',
        '    [Serializable]',
        '    public class User : Base',
        '    {',
        '        private const string Url = "http://example.com // not a comment";',
        '        public int Id { get; set; }',
        '        public int Age { get { … } set { … } }',
        '        public string Name => …;',
        '        public User() : base() { … }',
        '        public static int Add(int a, int b)',
        '        { … }',
        '    }',
        '}',
      ),
    );
    const out = await compress('User.cs', text, comments);
    expect(out).toContain('public string Name => "/* not a comment */";');
    expect(out).not.toMatch(/summary|basics|Makes one/);
  });
});

describe('Ruby', () => {
  it('keeps classes, methods with `…`, class-level declarations and their # docs', async () => {
    const text = lines(
      'require "json" # parsing',
      '',
      'URL = "http://example.com # not a comment"',
      '',
      '# Greets people.',
      'class Greeter < Base',
      '  include Comparable',
      '  attr_reader :name',
      '',
      '  # Says hello.',
      '  def greet(name = "#{URL}")',
      '    # Inside.',
      '    puts "hello #{name} # not a comment"',
      '  end',
      '',
      '  def self.create(*args) = new(*args)',
      '',
      '  private',
      '',
      '  def secret',
      '    1',
      '  rescue StandardError',
      '    nil',
      '  end',
      'end',
      '',
      'Greeter.new.greet',
    );
    expect(await compress('greeter.rb', text, signatures)).toBe(
      lines(
        'require "json" # parsing',
        '',
        'URL = "http://example.com # not a comment"',
        '',
        '# Greets people.',
        'class Greeter < Base',
        '  include Comparable',
        '  attr_reader :name',
        '',
        '  # Says hello.',
        '  def greet(name = "#{URL}")',
        '    …',
        '  end',
        '',
        '  def self.create(*args) = …',
        '',
        '  private',
        '',
        '  def secret',
        '    …',
        '  end',
        'end',
      ),
    );
    const out = await compress('greeter.rb', text, comments);
    expect(out).toContain('    puts "hello #{name} # not a comment"\n');
    expect(out).toContain('require "json"\n');
    expect(out).not.toMatch(/# (parsing|Greets|Says|Inside)/);
  });
});

describe('PHP', () => {
  it('keeps namespaces, uses, class members and signatures', async () => {
    const text = lines(
      '<?php',
      'declare(strict_types=1);',
      '',
      'namespace App\\Models;',
      '',
      'use App\\Base; // the base',
      '',
      "const URL = 'http://example.com // not # a comment';",
      '',
      '/**',
      ' * A user.',
      ' */',
      'final class User extends Base',
      '{',
      '    use HasName;',
      '    # A hash comment.',
      '    private ?string $name = null;',
      '',
      '    public function __construct(private int $id)',
      '    {',
      '        parent::__construct();',
      '    }',
      '',
      '    abstract protected function close(): void;',
      '}',
      '',
      'function helper($x) { return fn($y) => $x + $y; }',
      '',
      'echo helper(1);',
    );
    expect(await compress('src/User.php', text, signatures)).toBe(
      lines(
        '<?php',
        'declare(strict_types=1);',
        '',
        'namespace App\\Models;',
        '',
        'use App\\Base; // the base',
        '',
        "const URL = 'http://example.com // not # a comment';",
        '',
        '/**',
        ' * A user.',
        ' */',
        'final class User extends Base',
        '{',
        '    use HasName;',
        '    private ?string $name = null;',
        '',
        '    public function __construct(private int $id)',
        '    { … }',
        '',
        '    abstract protected function close(): void;',
        '}',
        '',
        'function helper($x) { … }',
      ),
    );
    const out = await compress('src/User.php', text, comments);
    expect(out).toContain("const URL = 'http://example.com // not # a comment';");
    expect(out).not.toMatch(/the base|A user|hash comment/);
  });
});

describe('syntax errors', () => {
  it('keeps whatever the parser could not read, so no declaration is lost', async () => {
    // `broken` is never closed: the parser reads `after` as part of its body, so that body stays whole.
    const text = lines(
      "import { a } from './a';",
      '',
      'export function intact(): number {',
      '  return 1;',
      '}',
      '',
      'function broken() {',
      '  if (a) {',
      '    return 2;',
      '}',
      '',
      '/** After. */',
      'export function after(): number {',
      '  return 3; // three',
      '}',
    );
    const out = await compress('broken.ts', text, both);
    expect(out).toBe(
      lines(
        "import { a } from './a';",
        '',
        'export function intact(): number { … }',
        '',
        'function broken() {',
        '  if (a) {',
        '    return 2;',
        '}',
        '',
        'export function after(): number {',
        '  return 3;',
        '}',
      ),
    );
  });

  it('keeps a body whole when it holds an error, since it may have swallowed what follows', async () => {
    const members = lines(
      'class Store {',
      '  broken() {',
      '    if (a) {',
      '      return 2;',
      '  }',
      '',
      '  after(): number {',
      '    return 3;',
      '  }',
      '}',
    );
    expect(await compress('store.ts', members, signatures)).toBe(members);
    const go = lines(
      'package a',
      '',
      'func broken() {',
      '\tif a {',
      '\t\treturn',
      '}',
      '',
      'func after() int {',
      '\treturn 3',
      '}',
    );
    expect(await compress('a.go', go, signatures)).toBe(go);
  });

  it('removes no comment inside text the parser could not read', async () => {
    const text = lines('x = f(', '  "a",  # inside the error', '  ]', 'y = "b # c"  # outside');
    expect(await compress('broken.py', text, comments)).toBe(
      lines('x = f(', '  "a",  # inside the error', '  ]', 'y = "b # c"'),
    );
  });

  it('compresses around a statement it could not read', async () => {
    const text = lines(
      'export function ok() { return 1; }',
      'const = ;',
      'export class Kept { method() { return "// x"; } }',
    );
    const out = await compress('partial.ts', text, signatures);
    expect(out).toContain('export function ok() { … }');
    expect(out).toContain('const =');
    expect(out).toContain('export class Kept { method() { … } }');
  });

  it('never throws on text that is not code at all', async () => {
    const noise = '}}} {{{ ))) /* unterminated " \' ` \u0000 \ud800 <?php def end';
    for (const path of ['a.ts', 'a.py', 'a.go', 'a.rs', 'A.java', 'a.cpp', 'a.cs', 'a.rb', 'a.php'])
      expect(typeof (await compress(path, noise, both))).toBe('string');
  });
});

describe('idempotence', () => {
  it('gives the same text when its own output is compressed again', () => {
    expect(samples.length).toBeGreaterThan(20);
    for (const { path, text } of samples)
      for (const options of [signatures, comments, both]) {
        const once = compressor.compress(path, text, options);
        expect(compressor.compress(path, once, options), `${path} ${JSON.stringify(options)}`).toBe(once);
      }
  });
});
