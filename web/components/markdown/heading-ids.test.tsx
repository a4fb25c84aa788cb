import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './test-helpers.tsx';

const source =
  '## Why [[Graphs]]\n\ntext[^1]\n\n### Why `x`\n\n## Why Graphs\n\n<h2 id="root">Hostile</h2>\n\n[^1]: A note.';

describe('heading ids', () => {
  it('gives h2 and h3 section ids from their text when asked, leaving the footnotes heading alone', async () => {
    const { root } = await renderMarkdown({ source, headingIds: true });
    const ids = [...root.querySelectorAll('h2, h3')].map((heading) => heading.id);
    expect(ids.slice(0, 4)).toEqual([
      'section-why-graphs',
      'section-why-x',
      'section-why-graphs-2',
      'section-hostile',
    ]);
    // The footnotes' heading keeps the sanitiser's prefixed id.
    expect(ids[4]).toMatch(/^md.*footnote-label$/);
  });

  it('adds none for cards', async () => {
    const { root } = await renderMarkdown({ source });
    const ids = [...root.querySelectorAll('h2, h3')].map((heading) => heading.id);
    expect(ids.slice(0, 3)).toEqual(['', '', '']);
    expect(ids[3]).toMatch(/^md.*root$/);
  });
});
