/**
 * The first lines of a topic's introduction for its card in the index: the first paragraph, with the Markdown
 * marks that would show as stray characters taken out, cut at a word near `max` characters.
 */
export function introductionPreview(markdown: string, max = 220): string {
  const first =
    markdown
      .split(/\n\s*\n/)
      .map((part) => part.trim())
      .find(Boolean) ?? '';
  const plain = first
    .replace(/^#{1,6}\s+/, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[,;:.]$/, '')}…`;
}

/** "1 paper", "14 papers". */
export function countOf(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
