import type { Element, ElementContent, Root } from 'hast';

/**
 * Ids for a long text's section headings (h2 and h3), so a table of contents and shared links (`#section-…`)
 * can point at them. They start with `section-`, so no heading can take an id the app uses (`root`), and they
 * come from the heading's words, so a link to a section survives edits elsewhere in the text.
 */

/** The id prefix of every heading id. */
export const headingIdPrefix = 'section-';

/** A heading's words as an address part: lower case, accents dropped, anything else a single hyphen. */
export function headingSlug(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'section';
}

/** Unique ids for headings in order: a repeated slug gets `-2`, `-3`, … */
export function headingIds(texts: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return texts.map((text) => {
    const slug = headingSlug(text);
    const count = (seen.get(slug) ?? 0) + 1;
    seen.set(slug, count);
    return `${headingIdPrefix}${count === 1 ? slug : `${slug}-${count}`}`;
  });
}

function textOf(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}

function collect(children: (Root['children'][number] | ElementContent)[], into: Element[]): void {
  for (const node of children) {
    if (node.type !== 'element') continue;
    // The footnotes' own heading is the renderer's, not a section of the text.
    if (node.tagName === 'section' && node.properties.dataFootnotes !== undefined) continue;
    if (node.tagName === 'h2' || node.tagName === 'h3') into.push(node);
    else collect(node.children, into);
  }
}

/** Rehype plugin: gives every h2 and h3 an id from its text (see the module comment). */
export function rehypeHeadingIds() {
  return (tree: Root) => {
    const headings: Element[] = [];
    collect(tree.children, headings);
    const ids = headingIds(headings.map((heading) => heading.children.map(textOf).join('')));
    headings.forEach((heading, index) => {
      heading.properties.id = ids[index];
    });
  };
}
