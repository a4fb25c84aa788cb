import type { ESLint } from 'eslint';

/** The local plugin with the `boundaries` rule. */
declare const plugin: ESLint.Plugin;
export default plugin;
