import { snippetMarks } from '../../../contracts/cards.ts';
import { foldWord } from './english.ts';
import type { QueryTerms } from './snippets.ts';

/**
 * Telling, from a card's Markdown, that no word of its plain text (`markdownWords`, snippet marks removed) can
 * match a query, without converting it: the plain text costs more than the snippet made from it, and many
 * results (those matched by title or tag) do not hold the query's words in their body.
 *
 * A matching word folds to something that starts with one of the query's needles (see `QueryTerms`). Every
 * word of the plain text is made of the Markdown's own characters; what `markdownWords` drops from inside a
 * word is single characters (emphasis, code and table marks, wiki-link brackets, math dollars and
 * backslashes) — unless the Markdown has links, labelled wiki links or cloze deletions, which drop whole
 * stretches (`](url)`, `[[Title|`, `{{c1::`). So, without those, every word is found in the Markdown once
 * those characters are dropped, and folding that text as a whole folds each word as folding it alone would
 * (folding works character by character; only a Greek capital sigma depends on what follows it, and it is
 * compared as one letter here).
 */

/** The characters `markdownWords` may drop on their own, and the snippet marks search removes. */
const DROPPED = new RegExp(`[*_~\`|[\\]$\\\\${snippetMarks.start}${snippetMarks.end}]`, 'g');

/**
 * Links (`[label](url)`, `![alt](url)`) and cloze deletions (`{{c1::answer::hint}}`), however the characters
 * dropped before they are read (math dollars and backslashes, wiki-link brackets) may form their openers.
 */
const SPAN_SYNTAX = /\][$\\[\]]*\(|\{[$\\[\]]*\{/;

const sigmaAsOne = (text: string) => text.replaceAll('ς', 'σ');

/** False when no word of the plain text of `markdown` can match `terms`; true when one may. */
export function mayMatchMarkdown(markdown: string, terms: QueryTerms): boolean {
  // A body that matches mostly holds a needle as written.
  const lower = markdown.toLowerCase();
  if (terms.needles.some((needle) => lower.includes(needle))) return true;
  // A word that folding erases has no needle to look for.
  if (terms.words.has('') || terms.prefixes.has('')) return true;
  // Stretches dropped from inside a word: links, cloze deletions, and wiki links with a label (a pipe).
  if (SPAN_SYNTAX.test(markdown) || (markdown.includes('|') && markdown.includes('['))) return true;
  const folded = sigmaAsOne(foldWord(markdown.replace(DROPPED, '')));
  return terms.needles.some((needle) => folded.includes(sigmaAsOne(needle)));
}
