import stem from 'wink-porter2-stemmer';

/**
 * The rules of PostgreSQL's English text search, for the parts of search done in the app (snippets, match
 * estimates): words folded as `cardweb_unaccent` folds them, its English stop words, and Porter2 stems.
 */

/** PostgreSQL's English stop words (`tsearch_data/english.stop`): never matched, never marked. */
const STOP_WORDS = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers ' +
    'herself it its itself they them their theirs themselves what which who whom this that these those am is ' +
    'are was were be been being have has had having do does did doing a an the and but if or because as until ' +
    'while of at by for with about against between into through during before after above below to from up ' +
    'down in out on off over under again further then once here there when where why how all any both each ' +
    'few more most other some such no nor not only own same so than too very s t can will just don should now'
  ).split(' '),
);

/** Letters folded as `unaccent` folds them where Unicode decomposition does not. */
const LIGATURES: Record<string, string> = {
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ß: 'ss',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
};

/**
 * Whether every character of `text` is ASCII. A word is looked at character by character, cheaper than a
 * Unicode expression; a longer text is ASCII when its UTF-8 form has as many bytes as it has characters, which
 * Node counts much faster than a loop or an expression scans it.
 */
export function isAscii(text: string): boolean {
  if (text.length > 64) return Buffer.byteLength(text, 'utf8') === text.length;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** A word as search compares it: lower case, accents and ligatures folded. */
export function foldWord(word: string): string {
  const lower = word.toLowerCase();
  // Most words are ASCII, and decomposing them changes nothing.
  if (isAscii(lower)) return lower;
  return lower
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[æœøßłđðþ]/g, (char) => LIGATURES[char] ?? char);
}

// Stems of the words seen lately: card texts repeat their vocabulary, and stemming is most of the work.
const stems = new Map<string, string>();
const STEMS_KEPT = 50_000;
/** The Porter2 stem of a folded word (PostgreSQL's English stemmer is Snowball's Porter2). */
export function stemOf(folded: string): string {
  let found = stems.get(folded);
  if (found === undefined) {
    found = stem(folded);
    if (stems.size >= STEMS_KEPT) stems.clear();
    stems.set(folded, found);
  }
  return found;
}

/** True for PostgreSQL's English stop words (given folded). */
export function isStopWord(folded: string): boolean {
  return STOP_WORDS.has(folded);
}
