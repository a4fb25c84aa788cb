import type { BuilderDraft } from './blog-builder.ts';

// The Markdown a builder draft becomes in the blog editor (and the builder page's preview of it): one `##`
// heading per section, paragraphs of the draft's sentences, and GFM footnotes naming the source cards. The
// title is not part of the body (the editor has a field for it).

/** A footnote's text: the card's title as a link to its page, with the brackets a title may hold escaped. */
function footnoteLink(id: string, title: string | undefined): string {
  const label = (title ?? '').trim().replace(/\s+/g, ' ') || 'Source card';
  return `[${label.replace(/([\\[\]])/g, '\\$1')}](/cards/${id})`;
}

/**
 * The draft as Markdown: each paragraph ends with `[^n]` for the distinct cards its sentences cite, numbered
 * in the order the post first cites them, and the definitions `[^n]: [Title](/cards/<id>)` close the post.
 * Sentences citing no card are kept as they are. `titles` names the cards (an unknown one reads "Source card").
 */
export function draftMarkdown(draft: BuilderDraft, titles: ReadonlyMap<string, string>): string {
  const numbers = new Map<string, number>();
  const blocks: string[] = [];
  for (const section of draft.sections) {
    blocks.push(`## ${section.heading.replace(/\s+/g, ' ').trim()}`);
    for (const paragraph of section.paragraphs) {
      const text = paragraph.sentences
        .map((sentence) => sentence.text.replace(/\s+/g, ' ').trim())
        .filter(Boolean)
        .join(' ');
      if (!text) continue;
      const cited: number[] = [];
      for (const sentence of paragraph.sentences)
        for (const id of sentence.cardIds) {
          if (!numbers.has(id)) numbers.set(id, numbers.size + 1);
          const n = numbers.get(id)!;
          if (!cited.includes(n)) cited.push(n);
        }
      blocks.push(text + cited.map((n) => `[^${n}]`).join(''));
    }
  }
  if (numbers.size > 0)
    blocks.push([...numbers].map(([id, n]) => `[^${n}]: ${footnoteLink(id, titles.get(id))}`).join('\n'));
  return blocks.length === 0 ? '' : `${blocks.join('\n\n')}\n`;
}
