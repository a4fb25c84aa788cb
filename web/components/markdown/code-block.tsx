import { Fragment, useEffect, useMemo, useState, type CSSProperties } from 'react';
import type * as Highlight from './highlight.ts';
import type { HighlightLanguage } from './highlight.ts';

// Types only: the module itself is fetched when the first code block needs it.
type HighlightModule = typeof Highlight;

// Names people write after ``` for the languages highlight.ts has, so unknown ones never load Shiki.
const languageNames: Record<string, HighlightLanguage> = {
  c: 'c',
  h: 'c',
  cpp: 'cpp',
  'c++': 'cpp',
  cc: 'cpp',
  cxx: 'cpp',
  hpp: 'cpp',
  css: 'css',
  diff: 'diff',
  patch: 'diff',
  go: 'go',
  golang: 'go',
  html: 'html',
  htm: 'html',
  java: 'java',
  javascript: 'javascript',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  json: 'json',
  jsonc: 'json',
  jsx: 'jsx',
  python: 'python',
  py: 'python',
  rust: 'rust',
  rs: 'rust',
  bash: 'shellscript',
  sh: 'shellscript',
  shell: 'shellscript',
  shellscript: 'shellscript',
  zsh: 'shellscript',
  sql: 'sql',
  toml: 'toml',
  tsx: 'tsx',
  typescript: 'typescript',
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  yaml: 'yaml',
  yml: 'yaml',
};

/** Longer blocks stay plain text: highlighting them would cost more than it helps. */
const maxHighlightedChars = 20_000;

let loadedModule: HighlightModule | null = null;
let loadingModule: Promise<HighlightModule> | null = null;

function loadModule(): Promise<HighlightModule> {
  loadingModule ??= import('./highlight.ts').then(
    (module) => (loadedModule = module),
    (error: unknown) => {
      loadingModule = null;
      throw error;
    },
  );
  return loadingModule;
}

/**
 * A fenced code block. It shows the code as plain text at once and swaps in Shiki's tokens when the
 * highlighter and the language's grammar have loaded (instantly once they have). Tokens become React elements
 * holding the code as text, never HTML, so nothing in a block can escape it. `data-highlight` tells whether
 * highlighting is still to come (`pending`), `done`, or `off` (no known language, or too long).
 */
export function CodeBlock({ code, language }: { code: string; language: string | null }) {
  const lang = language ? languageNames[language.toLowerCase()] : undefined;
  const wanted = lang !== undefined && code.length <= maxHighlightedChars;
  // Bumped when a grammar arrives, to render again with the module's new state.
  const [, setArrivals] = useState(0);
  const ready = wanted && loadedModule?.isLoaded(lang) === true;

  useEffect(() => {
    if (lang === undefined || !wanted || ready) return;
    let live = true;
    loadModule()
      .then((module) => module.loadLanguage(lang))
      .then(
        () => {
          if (live) setArrivals((count) => count + 1);
        },
        () => {
          // Offline or a failed chunk: the block stays readable as plain text.
        },
      );
    return () => {
      live = false;
    };
  }, [wanted, ready, lang]);

  const lines = useMemo(
    () => (lang !== undefined && ready && loadedModule ? loadedModule.tokenize(code, lang) : null),
    [ready, code, lang],
  );

  return (
    <pre
      className={lines ? 'shiki' : undefined}
      data-language={lang ?? language ?? undefined}
      data-highlight={lines ? 'done' : wanted ? 'pending' : 'off'}
      // A long line scrolls sideways; keyboard users need to reach the scroll too.
      tabIndex={0}
    >
      <code>
        {lines
          ? lines.map((line, lineIndex) => (
              <Fragment key={lineIndex}>
                {lineIndex > 0 && '\n'}
                {line.map((token, tokenIndex) => (
                  <span key={tokenIndex} style={token.htmlStyle as CSSProperties | undefined}>
                    {token.content}
                  </span>
                ))}
              </Fragment>
            ))
          : code}
      </code>
    </pre>
  );
}
