import { createHighlighterCore, type HighlighterCore, type ThemedToken } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';

/**
 * Shiki, loaded only when a code block needs it (code-block.tsx imports this module dynamically). It runs
 * TextMate grammars with JavaScript regular expressions: no WebAssembly (the CSP allows none) and nothing from
 * the code is ever executed; each grammar is its own chunk, fetched the first time its language appears.
 */

const grammars = {
  c: () => import('shiki/langs/c.mjs'),
  cpp: () => import('shiki/langs/cpp.mjs'),
  css: () => import('shiki/langs/css.mjs'),
  diff: () => import('shiki/langs/diff.mjs'),
  go: () => import('shiki/langs/go.mjs'),
  html: () => import('shiki/langs/html.mjs'),
  java: () => import('shiki/langs/java.mjs'),
  javascript: () => import('shiki/langs/javascript.mjs'),
  json: () => import('shiki/langs/json.mjs'),
  jsx: () => import('shiki/langs/jsx.mjs'),
  python: () => import('shiki/langs/python.mjs'),
  rust: () => import('shiki/langs/rust.mjs'),
  shellscript: () => import('shiki/langs/shellscript.mjs'),
  sql: () => import('shiki/langs/sql.mjs'),
  toml: () => import('shiki/langs/toml.mjs'),
  tsx: () => import('shiki/langs/tsx.mjs'),
  typescript: () => import('shiki/langs/typescript.mjs'),
  yaml: () => import('shiki/langs/yaml.mjs'),
};

/** A language this app highlights. */
export type HighlightLanguage = keyof typeof grammars;

let highlighter: Promise<HighlighterCore> | null = null;
let ready: HighlighterCore | null = null;
const loading = new Map<HighlightLanguage, Promise<void>>();

function getHighlighter(): Promise<HighlighterCore> {
  highlighter ??= createHighlighterCore({
    themes: [import('shiki/themes/github-light.mjs'), import('shiki/themes/github-dark.mjs')],
    langs: [],
    // Grammars use a few Oniguruma features JavaScript lacks; skipping those rules beats failing.
    engine: createJavaScriptRegexEngine({ forgiving: true }),
  }).then((created) => (ready = created));
  return highlighter;
}

/** Loads the highlighter and one grammar; resolves when `tokenize` can run for that language. */
export function loadLanguage(language: HighlightLanguage): Promise<void> {
  let promise = loading.get(language);
  if (!promise) {
    promise = getHighlighter()
      .then((created) => created.loadLanguage(grammars[language]()))
      .catch((error: unknown) => {
        // A failed chunk download may succeed later (the network came back).
        loading.delete(language);
        throw error;
      });
    loading.set(language, promise);
  }
  return promise;
}

/** Whether `tokenize` can run for this language now, without waiting. */
export function isLoaded(language: HighlightLanguage): boolean {
  return ready?.getLoadedLanguages().includes(language) ?? false;
}

/**
 * Tokens with both themes' colours as CSS variables (`--shiki-light`, `--shiki-dark`), so the page's theme
 * picks one without highlighting again. Very long lines stay plain, and a line that takes too long to
 * tokenise stops, so a hostile block cannot freeze the page.
 */
export function tokenize(code: string, language: HighlightLanguage): ThemedToken[][] {
  if (!ready) throw new Error('The highlighter is not loaded');
  return ready.codeToTokens(code, {
    lang: language,
    themes: { light: 'github-light', dark: 'github-dark' },
    defaultColor: false,
    tokenizeMaxLineLength: 1_000,
    tokenizeTimeLimit: 200,
  }).tokens;
}
