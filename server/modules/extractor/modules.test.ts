import { describe, expect, it } from 'vitest';
import { findModules, type ModuleFile, type RepositoryModule } from './modules.ts';

/** A repository from a map of paths to contents (null: kept in the tree without content). */
const repository = (files: Record<string, string | null>): ModuleFile[] =>
  Object.entries(files).map(([path, content]) => ({ path, content }));

const byPath = (modules: RepositoryModule[]) =>
  Object.fromEntries(modules.map((module) => [module.path, module]));
const summary = (modules: RepositoryModule[]) =>
  modules.map(({ path, name, imports, lines, language }) => ({ path, name, imports, lines, language }));

const monorepo = repository({
  'package.json': JSON.stringify({ name: 'acme', private: true, workspaces: ['packages/*'] }),
  'README.md': '# Acme\n\nThe Acme monorepo.\n',
  'docs/guide.md': '# Guide\n',
  'packages/core/package.json': JSON.stringify({
    name: '@acme/core',
    description: 'Core pieces of Acme.',
    main: 'dist/index.js',
  }),
  'packages/core/src/index.ts':
    "export * from './math.js';\nexport { parse as parseInput } from './parse';\nexport const VERSION = '1';\n",
  'packages/core/src/math.ts':
    'export function add(a: number, b: number) {\n  return a + b;\n}\nexport class Matrix {}\n',
  'packages/core/src/parse.ts': 'export function parse(text: string) {\n  return text;\n}\n',
  'packages/ui/package.json': JSON.stringify({ name: '@acme/ui' }),
  'packages/ui/src/button.tsx': [
    "import { add } from '@acme/core';",
    "import { parse } from '@acme/core/src/parse';",
    'export default function Button() {',
    '  return add(1, 2) + parse("x");',
    '}',
    '',
  ].join('\n'),
  'packages/ui/src/theme.ts':
    'export type Theme = { dark: boolean };\nexport interface Palette {}\nexport enum Mode {\n  Light,\n}\n',
  'packages/cli/package.json': JSON.stringify({ name: 'acme-cli' }),
  'packages/cli/index.js': [
    "const core = require('../core/src/index.ts');",
    "const url = 'http://example.com'; const button = await import('../ui/src/button');",
    "// import nothing from '@acme/missing'",
    "/* require('../ui/src/theme') */",
    'exports.run = () => core;',
    'module.exports.stop = () => button && url;',
    '',
  ].join('\n'),
  'packages/assets/package.json': JSON.stringify({ name: '@acme/assets' }),
  'packages/assets/logo.png': null,
  'packages/assets/colours.json': '{"red": "#f00"}\n',
  'scripts/release.mjs': "import { add } from '../packages/core/src/math.js';\nadd(1, 2);\n",
});

describe('a JavaScript monorepo', () => {
  it('makes a module of each workspace package, linked by package name and by relative path', () => {
    const modules = findModules(monorepo);
    expect(summary(modules)).toEqual([
      {
        path: 'packages/cli',
        name: 'acme-cli',
        imports: ['packages/core', 'packages/ui'],
        lines: 6,
        language: 'javascript',
      },
      { path: 'packages/core', name: '@acme/core', imports: [], lines: 10, language: 'typescript' },
      {
        path: 'packages/ui',
        name: '@acme/ui',
        imports: ['packages/core'],
        lines: 10,
        language: 'typescript',
      },
      // The root holds no code and docs/ only prose; the assets package has no code: none is a module.
      { path: 'scripts', name: 'scripts', imports: ['packages/core'], lines: 2, language: 'javascript' },
    ]);
    const { 'packages/core': core, 'packages/ui': ui, 'packages/cli': cli } = byPath(modules);
    expect(core).toEqual({
      path: 'packages/core',
      name: '@acme/core',
      purpose: 'Core pieces of Acme.',
      files: [
        'packages/core/package.json',
        'packages/core/src/index.ts',
        'packages/core/src/math.ts',
        'packages/core/src/parse.ts',
      ],
      exports: [
        { name: 'add', kind: 'function', file: 'packages/core/src/math.ts' },
        { name: 'Matrix', kind: 'class', file: 'packages/core/src/math.ts' },
        { name: 'parse', kind: 'function', file: 'packages/core/src/parse.ts' },
        { name: 'parseInput', kind: 're-export', file: 'packages/core/src/index.ts' },
        { name: 'VERSION', kind: 'const', file: 'packages/core/src/index.ts' },
      ],
      imports: [],
      lines: 10,
      language: 'typescript',
    });
    expect(ui!.exports).toEqual([
      { name: 'Button', kind: 'default', file: 'packages/ui/src/button.tsx' },
      { name: 'Mode', kind: 'enum', file: 'packages/ui/src/theme.ts' },
      { name: 'Palette', kind: 'interface', file: 'packages/ui/src/theme.ts' },
      { name: 'Theme', kind: 'type', file: 'packages/ui/src/theme.ts' },
    ]);
    expect(cli!.exports).toEqual([
      { name: 'run', kind: 'value', file: 'packages/cli/index.js' },
      { name: 'stop', kind: 'value', file: 'packages/cli/index.js' },
    ]);
  });

  it('gives the same modules whatever the order of the files', () => {
    const once = findModules(monorepo);
    expect(findModules([...monorepo].reverse())).toEqual(once);
    expect(findModules([...monorepo.slice(5), ...monorepo.slice(0, 5)])).toEqual(once);
  });
});

describe('a package with a nested package', () => {
  it('keeps in the root package what the nested one does not hold; fixtures are not packages', () => {
    const modules = findModules(
      repository({
        'package.json': JSON.stringify({ name: 'lib', main: 'dist/lib.js' }),
        'src/lib.ts': "/** A small library. */\nexport { b } from './util';\n",
        'src/util.ts': 'export const b = 2;\n',
        'examples/demo/package.json': JSON.stringify({
          name: 'demo',
          private: true,
          dependencies: { lib: '*' },
        }),
        'examples/demo/main.js': "import { b } from 'lib';\n",
        'examples/demo/esm/package.json': JSON.stringify({ type: 'module' }),
        'examples/demo/esm/index.js': 'export {};\n',
        'test/fixtures/app/package.json': JSON.stringify({ name: 'fixture-app' }),
        'test/fixtures/app/index.js': 'module.exports = 1;\n',
        'test/lib.test.ts': "import { b } from '../src/lib.js';\n",
      }),
    );
    expect(summary(modules)).toEqual([
      { path: '', name: 'lib', imports: [], lines: 5, language: 'typescript' },
      { path: 'examples/demo', name: 'demo', imports: [''], lines: 2, language: 'javascript' },
    ]);
    // The entry point is read from package.json's main, in the source rather than the build.
    expect(modules[0]!.purpose).toBe('A small library.');
    expect(modules[0]!.files).toContain('test/fixtures/app/index.js');
    expect(modules[1]!.files).toContain('examples/demo/esm/package.json');
  });
});

describe('a single-package TypeScript app', () => {
  const app = repository({
    'package.json': JSON.stringify({ name: 'shop-app', description: 'An online shop.' }),
    'tsconfig.json': [
      '{',
      '  // Aliases for the app’s folders.',
      '  "compilerOptions": {',
      '    "baseUrl": ".",',
      '    "paths": { "@/*": ["src/*"], "~config": ["src/config/index.ts"] },',
      '  },',
      '}',
    ].join('\n'),
    'vite.config.ts': 'export default defineConfig({});\n',
    'src/main.tsx': [
      "import App from '@/components/App';",
      "import { api } from '@/api/client';",
      "import config from '~config';",
      "import 'react';",
      'App(api, config);',
      '',
    ].join('\n'),
    'src/components/App.tsx': [
      "import { Button } from './Button';",
      "import { get } from '../api/client.js';",
      'export default function App() {',
      '  return Button(get);',
      '}',
      '',
    ].join('\n'),
    'src/components/Button.tsx': 'export const Button = () => null;\n',
    'src/api/client.ts':
      "import config from '@/config';\nexport const api = { config };\nexport async function get() {}\n",
    'src/config/index.ts': '/** Settings read from the environment. */\nexport default { port: 3000 };\n',
    'src/styles/global.css': 'body {\n  margin: 0;\n}\n',
    'tests/app.test.ts':
      "import App from '../src/components/App';\nimport { api } from 'src/api/client';\nexport const helper = App(api);\n",
    'public/favicon.ico': null,
    'public/robots.txt': 'User-agent: *\n',
  });

  it('splits src/ into its subfolders and follows the tsconfig aliases', () => {
    const modules = findModules(app);
    expect(summary(modules)).toEqual([
      { path: '', name: 'shop-app', imports: [], lines: 1, language: 'typescript' },
      {
        path: 'src',
        name: 'src',
        imports: ['src/api', 'src/components', 'src/config'],
        lines: 5,
        language: 'typescript',
      },
      { path: 'src/api', name: 'api', imports: ['src/config'], lines: 3, language: 'typescript' },
      { path: 'src/components', name: 'components', imports: ['src/api'], lines: 6, language: 'typescript' },
      { path: 'src/config', name: 'config', imports: [], lines: 2, language: 'typescript' },
      { path: 'src/styles', name: 'styles', imports: [], lines: 3, language: 'css' },
      {
        path: 'tests',
        name: 'tests',
        imports: ['src/api', 'src/components'],
        lines: 3,
        language: 'typescript',
      },
    ]);
    const modulesByPath = byPath(modules);
    expect(modulesByPath['']).toMatchObject({
      purpose: 'An online shop.',
      files: ['package.json', 'tsconfig.json', 'vite.config.ts'],
      exports: [{ name: 'default', kind: 'default', file: 'vite.config.ts' }],
    });
    expect(modulesByPath['src/config']).toMatchObject({
      purpose: 'Settings read from the environment.',
      exports: [{ name: 'default', kind: 'default', file: 'src/config/index.ts' }],
    });
    expect(modulesByPath['src/components']!.exports).toEqual([
      { name: 'App', kind: 'default', file: 'src/components/App.tsx' },
      { name: 'Button', kind: 'const', file: 'src/components/Button.tsx' },
    ]);
    // A test file's exports are nobody's API.
    expect(modulesByPath.tests!.exports).toEqual([]);
  });

  it('ignores aliases when tsconfig.json cannot be read', () => {
    const broken = app.map((file) =>
      file.path === 'tsconfig.json' ? { ...file, content: '{ "compilerOptions": ' } : file,
    );
    expect(byPath(findModules(broken)).src!.imports).toEqual([]);
  });
});

describe('a Python package', () => {
  it('makes modules of its top-level folders, resolving absolute and relative imports', () => {
    const modules = findModules(
      repository({
        'pyproject.toml': '[project]\nname = "weather-tools"\ndescription = "Tools for weather data."\n',
        'README.md': '# Weather tools\n',
        'weather/__init__.py':
          '"""Weather: fetch forecasts and plot them."""\nfrom .fetch import fetch\nfrom .plot import Plot\n\n__all__ = ["fetch", "Plot"]\n',
        'weather/fetch.py': [
          'import json',
          'from .util import http',
          '',
          '',
          'def fetch(city):',
          '    return http.get(city)',
          '',
          '',
          'def _cache():',
          '    pass',
          '',
          '',
          'class Forecast:',
          '    def method(self):',
          '        pass',
          '',
        ].join('\n'),
        'weather/plot.py':
          '"""\nExample::\n\n    from tools.plot import main\n"""\n\n\nclass Plot:\n    pass\n',
        'weather/_internal.py': 'def hidden():\n    pass\n',
        'weather/util/http.py': 'def get(url):\n    return url\n',
        'tests/test_fetch.py':
          'from weather.fetch import fetch\nimport weather.util.http as h\n\n\ndef test_fetch():\n    assert fetch\n',
        'tests/conftest.py': '# from tools import plot\nimport pytest\n',
        'tools/plot.py': 'import numpy as np\nfrom weather import (\n    fetch,\n    Plot,\n)\n',
      }),
    );
    expect(summary(modules)).toEqual([
      { path: 'tests', name: 'tests', imports: ['weather'], lines: 8, language: 'python' },
      { path: 'tools', name: 'tools', imports: ['weather'], lines: 5, language: 'python' },
      { path: 'weather', name: 'weather', imports: [], lines: 33, language: 'python' },
    ]);
    const weather = byPath(modules).weather!;
    expect(weather.purpose).toBe('Weather: fetch forecasts and plot them.');
    // __all__ names what __init__ re-exports; the definitions win; private names and files stay out.
    expect(weather.exports).toEqual([
      { name: 'fetch', kind: 'function', file: 'weather/fetch.py' },
      { name: 'Forecast', kind: 'class', file: 'weather/fetch.py' },
      { name: 'get', kind: 'function', file: 'weather/util/http.py' },
      { name: 'Plot', kind: 'class', file: 'weather/plot.py' },
    ]);
  });
});

describe('a Go module', () => {
  it('maps import paths under the module path to folders, and finds exported identifiers', () => {
    const modules = findModules(
      repository({
        'go.mod': 'module github.com/acme/kv/v2\n\ngo 1.22\n',
        'main.go': [
          '// Command kv serves a key-value store.',
          'package main',
          '',
          'import (',
          '\t"fmt"',
          '\t"github.com/acme/kv/v2/store"',
          '\tapi "github.com/acme/kv/v2/pkg/api"',
          ')',
          '',
          'func main() { fmt.Println(store.New(), api.Request{}) }',
          '',
        ].join('\n'),
        'store/doc.go':
          '//go:build linux\n\n//go:generate stringer -type=Kind\n// Package store keeps keys and values on disk.\n//\n// It never loses them.\npackage store\n',
        'store/store.go': [
          'package store',
          '',
          'import "github.com/acme/kv/v2/pkg/api"',
          '',
          'type Store struct {',
          '\tName string',
          '}',
          '',
          'type Getter interface{ Get(api.Request) }',
          '',
          'func New() *Store { return &Store{} }',
          '',
          'func (s *Store) Get() {}',
          '',
          'func helper() {}',
          '',
          'const (',
          '\tMaxKeys = 10',
          '\tminKeys = 1',
          ')',
          '',
          'var ErrMissing = errors.New("missing // not a comment")',
          '',
        ].join('\n'),
        'store/store_test.go': 'package store\n\nfunc TestGet(t *testing.T) {}\n',
        'pkg/api/api.go': 'package api\n\n// Request asks.\ntype Request struct{}\n',
      }),
    );
    expect(summary(modules)).toEqual([
      { path: '', name: 'kv', imports: ['pkg', 'store'], lines: 10, language: 'go' },
      { path: 'pkg', name: 'pkg', imports: [], lines: 4, language: 'go' },
      { path: 'store', name: 'store', imports: ['pkg'], lines: 32, language: 'go' },
    ]);
    const { '': root, store } = byPath(modules);
    expect(root!.purpose).toBe('Command kv serves a key-value store.');
    expect(store!.purpose).toBe('Package store keeps keys and values on disk.');
    expect(store!.exports).toEqual([
      { name: 'ErrMissing', kind: 'variable', file: 'store/store.go' },
      { name: 'Getter', kind: 'interface', file: 'store/store.go' },
      { name: 'MaxKeys', kind: 'const', file: 'store/store.go' },
      { name: 'New', kind: 'function', file: 'store/store.go' },
      { name: 'Store', kind: 'struct', file: 'store/store.go' },
    ]);
  });
});

describe('a Rust workspace', () => {
  it('makes a module of each crate, linked by `use` and by Cargo dependencies', () => {
    const modules = findModules(
      repository({
        'Cargo.toml':
          '[workspace]\nmembers = ["crates/*"]\n\n[workspace.dependencies]\nacme-core = { path = "crates/core" }\n',
        'crates/core/Cargo.toml':
          '[package]\nname = "acme-core"\ndescription = "The core of Acme."\nversion = "0.1.0"\n',
        'crates/core/src/lib.rs': [
          '//! Core types.',
          'pub mod shapes;',
          'pub use shapes::Circle;',
          '',
          'pub struct Point {',
          '    pub x: f64,',
          '}',
          '',
          'pub(crate) fn hidden() {}',
          'pub fn area() -> f64 { 0.0 }',
          '',
          'impl Point {',
          '    pub fn new() -> Self { Point { x: 0.0 } }',
          '}',
          '',
          '#[macro_export]',
          'macro_rules! square { ($x:expr) => { $x * $x }; }',
          "pub const LIMIT: char = '/';",
          'pub trait Shape {}',
          'pub enum Kind { A }',
          '',
        ].join('\n'),
        'crates/core/src/shapes.rs': 'pub struct Circle;\n',
        'crates/cli/Cargo.toml':
          '[package]\nname = "acme-cli"\n\n[dependencies]\nacme-core = { workspace = true }\nacme-render.workspace = true\nserde = "1"\n',
        'crates/cli/src/main.rs': [
          '//! The acme command line.',
          '//!',
          '//! It draws.',
          '#![forbid(unsafe_code)]',
          'mod args;',
          'use acme_core::{Point, area};',
          'use crate::args::parse;',
          'fn main() { parse(); }',
          '',
        ].join('\n'),
        'crates/cli/src/args.rs': 'pub fn parse() {}\n',
        'crates/render/Cargo.toml':
          '[package]\nname = "acme-render"\n\n[dependencies.core]\npath = "../core"\npackage = "acme-core"\n',
        'crates/render/src/lib.rs':
          "// use acme_cli::run;\npub fn render<'a>(name: &'a str) -> &'a str { name }\n",
      }),
    );
    expect(summary(modules)).toEqual([
      {
        path: 'crates/cli',
        name: 'acme-cli',
        imports: ['crates/core', 'crates/render'],
        lines: 9,
        language: 'rust',
      },
      { path: 'crates/core', name: 'acme-core', imports: [], lines: 21, language: 'rust' },
      { path: 'crates/render', name: 'acme-render', imports: ['crates/core'], lines: 2, language: 'rust' },
    ]);
    const { 'crates/cli': cli, 'crates/core': core, 'crates/render': render } = byPath(modules);
    expect([cli!.purpose, core!.purpose, render!.purpose]).toEqual([
      'The acme command line.',
      'The core of Acme.',
      null,
    ]);
    expect(core!.exports).toEqual([
      { name: 'area', kind: 'function', file: 'crates/core/src/lib.rs' },
      { name: 'Circle', kind: 'struct', file: 'crates/core/src/shapes.rs' },
      { name: 'Kind', kind: 'enum', file: 'crates/core/src/lib.rs' },
      { name: 'LIMIT', kind: 'const', file: 'crates/core/src/lib.rs' },
      { name: 'Point', kind: 'struct', file: 'crates/core/src/lib.rs' },
      { name: 'Shape', kind: 'trait', file: 'crates/core/src/lib.rs' },
      { name: 'shapes', kind: 'module', file: 'crates/core/src/lib.rs' },
      { name: 'square', kind: 'macro', file: 'crates/core/src/lib.rs' },
    ]);
  });

  it('links the parts of a single crate through `crate::` paths and `mod` declarations', () => {
    const modules = findModules(
      repository({
        'Cargo.toml': '[package]\nname = "tool"\n',
        'src/main.rs': 'mod commands;\nmod db;\nuse crate::util::{log, fs::read};\nfn main() {}\n',
        'src/db.rs': 'pub mod pool;\n',
        'src/db/pool.rs': 'pub struct Pool;\n',
        'src/commands/mod.rs': 'use crate::util::log;\npub fn run() {}\n',
        'src/util/mod.rs': 'pub fn log() {}\n',
      }),
    );
    expect(summary(modules)).toEqual([
      {
        path: 'src',
        name: 'src',
        imports: ['src/commands', 'src/db', 'src/util'],
        lines: 5,
        language: 'rust',
      },
      { path: 'src/commands', name: 'commands', imports: ['src/util'], lines: 2, language: 'rust' },
      { path: 'src/db', name: 'db', imports: [], lines: 1, language: 'rust' },
      { path: 'src/util', name: 'util', imports: [], lines: 1, language: 'rust' },
    ]);
  });
});

describe('a module’s purpose', () => {
  it('is the README’s first paragraph, without headings, badges, images, links or HTML', () => {
    const [module] = findModules(
      repository({
        'package.json': JSON.stringify({ name: 'thing', description: 'Not this: the README says more.' }),
        'README.md': [
          '<!-- A comment -->',
          '<p align="center">',
          '  <img src="logo.svg" width="120">',
          '</p>',
          '',
          '<h1 align="center">Thing</h1>',
          '',
          '[![Build](https://ci.example/badge.svg)](https://ci.example) [![npm](https://img.shields.io/npm/v/thing)](https://npm.im/thing)',
          '',
          'Thing',
          '=====',
          '',
          '**Thing** turns [Markdown](https://commonmark.org) into `cards` &amp; decks, <em>fast</em>.',
          'See the [guide][guide] or <https://thing.example>.',
          '',
          'A second paragraph.',
          '',
          '[guide]: https://thing.example/guide',
          '',
        ].join('\n'),
        'index.js': '/** Not this either. */\nmodule.exports = {};\n',
      }),
    );
    expect(module).toMatchObject({
      path: '',
      name: 'thing',
      purpose: 'Thing turns Markdown into cards & decks, fast. See the guide or https://thing.example.',
    });
  });

  it('is cut to about 400 characters at a word', () => {
    const long = Array.from({ length: 120 }, (_, index) => `word${index}`).join(' ');
    const [module] = findModules(repository({ 'README.md': `# Long\n\n${long}\n`, 'main.py': 'x = 1\n' }));
    expect(module!.purpose).toBe(`${long.slice(0, long.lastIndexOf(' ', 398))}…`);
    expect(module!.purpose!.length).toBeLessThanOrEqual(400);
  });

  it('reads a reStructuredText README past its title and directives', () => {
    const [module] = findModules(
      repository({
        'README.rst':
          'Weather\n=======\n\n.. image:: https://badge.example/x.svg\n   :target: https://ci\n\nFetch *forecasts* with `requests <https://requests.dev>`_.\n',
        'weather.py': 'x = 1\n',
      }),
    );
    expect(module!.purpose).toBe('Fetch forecasts with requests.');
  });

  it('falls back to the leading doc comment of the entry file', () => {
    const purposes = findModules(
      repository({
        'js/index.ts': [
          '#!/usr/bin/env node',
          '/* Copyright 2024 Acme. */',
          '/**',
          ' * Copyright (c) 2024 Acme.',
          ' */',
          "'use strict';",
          '/**',
          ' * Turns {@link Card | cards} into',
          ' * decks.',
          ' *',
          ' * Longer explanation.',
          ' * @module decks',
          ' */',
          'export {};',
        ].join('\n'),
        'py/__init__.py': '# -*- coding: utf-8 -*-\n"""\nReads the sky.\n\nMore.\n"""\n',
        'go/doc.go': '/*\nPackage sky watches clouds.\n*/\npackage sky\n',
        'rs/lib.rs': '//! # Sky\n//!\n//! Watches *stars*.\nfn main() {}\n',
        'none/index.ts': '// A line comment is no doc.\nexport const x = 1;\n',
      }),
    ).map(({ path, purpose }) => [path, purpose]);
    expect(purposes).toEqual([
      ['go', 'Package sky watches clouds.'],
      ['js', 'Turns cards into decks.'],
      ['none', null],
      ['py', 'Reads the sky.'],
      ['rs', 'Watches stars.'],
    ]);
  });
});

describe('exports', () => {
  it('are found for each language, at most 50, sorted by name', () => {
    const modules = byPath(
      findModules(
        repository({
          'js/list.ts': [
            'function helper() {}',
            'class Store {}',
            'const LIMIT = 3;',
            "import { imported } from './elsewhere';",
            'export { helper, Store as DataStore, LIMIT, type Unknown, imported };',
            "export * as shapes from './shapes';",
            "export * from './all';",
            'export default class extends Store {}',
            'export declare const declared: number;',
            'export abstract class Base {}',
            'export function* generate() {}',
            'export const enum Flag { On }',
            'export namespace Space {}',
            'let notExported = 1;',
            "const text = 'export const fake = 1';",
            '',
          ].join('\n'),
          'java/src/Main.java':
            'package demo;\n\npublic final class Main {\n  public static class Inner {}\n  public void run() {}\n}\nclass Hidden {}\npublic interface Runner {}\npublic record Point(int x) {}\n',
          'cs/Program.cs':
            'namespace Demo {\n  public static class Program {}\n  internal class Hidden {}\n  public record struct Pair(int A);\n  public enum Colour { Red }\n}\n',
          'many/names.ts': Array.from(
            { length: 60 },
            (_, index) => `export const name${String(index).padStart(2, '0')} = ${index};`,
          ).join('\n'),
        }),
      ),
    );
    expect(modules.js!.exports.map(({ name, kind }) => [name, kind])).toEqual([
      ['Base', 'class'],
      ['DataStore', 'class'],
      ['declared', 'const'],
      ['default', 'default'],
      ['Flag', 'enum'],
      ['generate', 'function'],
      ['helper', 'function'],
      ['imported', 'value'],
      ['LIMIT', 'const'],
      ['shapes', 'namespace'],
      ['Space', 'namespace'],
      ['Unknown', 'type'],
    ]);
    expect(modules.java!.exports.map(({ name, kind }) => [name, kind])).toEqual([
      ['Inner', 'class'],
      ['Main', 'class'],
      ['Point', 'record'],
      ['Runner', 'interface'],
    ]);
    expect(modules.cs!.exports.map(({ name, kind }) => [name, kind])).toEqual([
      ['Colour', 'enum'],
      ['Pair', 'record'],
      ['Program', 'class'],
    ]);
    expect(modules.many!.exports).toHaveLength(50);
    expect(modules.many!.exports.at(-1)).toEqual({ name: 'name49', kind: 'const', file: 'many/names.ts' });
  });
});

describe('the cap', () => {
  const folders = (sizes: Record<string, number>) =>
    repository(
      Object.fromEntries(
        Object.entries(sizes).map(([folder, lines]) => [
          `${folder}/index.ts`,
          `${Object.keys(sizes)
            .filter((other) => other !== folder)
            .map((other) => `import '../${other}/index.ts';`)
            .join('\n')}\n${'x;\n'.repeat(lines - Object.keys(sizes).length + 1)}`,
        ]),
      ),
    );

  it('keeps the largest modules, ties to the first path, and drops links to the others', () => {
    const modules = findModules(folders({ a: 10, b: 30, c: 20, d: 20, e: 5 }), { maxModules: 3 });
    expect(summary(modules)).toEqual([
      { path: 'b', name: 'b', imports: ['c', 'd'], lines: 30, language: 'typescript' },
      { path: 'c', name: 'c', imports: ['b', 'd'], lines: 20, language: 'typescript' },
      { path: 'd', name: 'd', imports: ['b', 'c'], lines: 20, language: 'typescript' },
    ]);
    expect(
      findModules(folders({ a: 10, b: 30, c: 20, d: 20, e: 5 }), { maxModules: 2 }).map(({ path }) => path),
    ).toEqual(['b', 'c']);
  });

  it('is 60 by default', () => {
    const sizes = Object.fromEntries(
      Array.from({ length: 70 }, (_, index) => [`m${String(index).padStart(2, '0')}`, 100 + index]),
    );
    const modules = findModules(folders(sizes));
    expect(modules).toHaveLength(60);
    expect(modules[0]!.path).toBe('m10');
  });
});
