import type { z } from 'zod';
import type { ChangeSummary, repositorySummarySchema } from '../../../contracts/extractor.ts';
import { languageOf, type DocumentFile } from './document.ts';

/** What a repository's document holds, in numbers: for its summary and the page's preview. */
export type RepositorySummary = z.infer<typeof repositorySummarySchema>;

/** Lines of a text, a last line without its line end counted too; found without splitting the text. */
function lineCount(text: string): number {
  if (text === '') return 0;
  let lines = text.endsWith('\n') ? 0 : 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines += 1;
  return lines;
}

/**
 * Counts files, lines and tokens, by language and for the largest files; `tokensOf` gives a file's tokens (the
 * tokens its section takes in the document, counted once when it was written).
 */
export function summarize(
  files: readonly DocumentFile[],
  tokensOf: (file: { path: string; content: string }) => number,
  largest = 10,
): RepositorySummary {
  const byLanguage = new Map<string, { files: number; tokens: number }>();
  const sizes: { path: string; tokens: number }[] = [];
  let lines = 0;
  let tokens = 0;
  let treeOnly = 0;
  for (const file of files) {
    if (file.content === null) {
      treeOnly += 1;
      continue;
    }
    const fileTokens = tokensOf({ path: file.path, content: file.content });
    tokens += fileTokens;
    lines += lineCount(file.content);
    sizes.push({ path: file.path, tokens: fileTokens });
    const language = languageOf(file.path) || 'other';
    const entry = byLanguage.get(language) ?? { files: 0, tokens: 0 };
    byLanguage.set(language, { files: entry.files + 1, tokens: entry.tokens + fileTokens });
  }
  const byTokens = (a: { tokens: number }, b: { tokens: number }) => b.tokens - a.tokens;
  return {
    files: files.length - treeOnly,
    treeOnly,
    lines,
    tokens,
    languages: [...byLanguage].map(([language, entry]) => ({ language, ...entry })).sort(byTokens),
    largest: sizes.sort((a, b) => byTokens(a, b) || (a.path < b.path ? -1 : 1)).slice(0, largest),
  };
}

/** Diff mode's line: from what, and how much changed. */
function changesLine(changes: ChangeSummary): string {
  return `Changes from ${changes.base} (${changes.baseCommit.slice(0, 12)}): ${changes.added} added, ${changes.modified} modified, ${changes.deleted} deleted; +${changes.additions.toLocaleString('en')} −${changes.deletions.toLocaleString('en')} lines. Files are as they are now; each diff follows the files.`;
}

/** The summary as the document's few lines. */
export function summaryText(summary: RepositorySummary, tokenizer: string): string {
  const share = (tokens: number) => (summary.tokens === 0 ? 0 : Math.round((tokens / summary.tokens) * 100));
  return [
    `${summary.files.toLocaleString('en')} files (${summary.treeOnly.toLocaleString('en')} more in the tree without content), ${summary.lines.toLocaleString('en')} lines, ${summary.tokens.toLocaleString('en')} tokens (${tokenizer}).`,
    `Languages: ${summary.languages.map((entry) => `${entry.language} ${share(entry.tokens)}%`).join(', ') || 'none'}.`,
    ...(summary.changes ? [changesLine(summary.changes)] : []),
  ].join('\n');
}
