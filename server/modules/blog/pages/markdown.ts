import type { Element, Root, RootContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import rehypeKatex from 'rehype-katex';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

/**
 * A post's Markdown as HTML for feed readers, with the card renderer's stack (web/components/markdown):
 * GitHub-flavoured Markdown and `$math$`, raw HTML dropped, the result sanitised to GitHub's allow-list
 * before KaTeX typesets the math (after, the sanitiser would strip KaTeX). Feed readers have no KaTeX
 * stylesheet, so math is MathML only. Every link and image address is made absolute against the post's own
 * address (feed readers resolve relative ones against nothing useful), and only http, https and mailto stay.
 */

const schema: SanitizeSchema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    // remark-math marks inline and display math; rehype-katex reads these classes after sanitising.
    code: [['className', /^language-./, 'math-inline', 'math-display']],
  },
  strip: [
    'script',
    'style',
    'template',
    'noscript',
    'iframe',
    'object',
    'embed',
    'textarea',
    'title',
    'svg',
    'math',
  ],
};

const urlAttributes = ['href', 'src', 'cite', 'poster'] as const;
const allowedProtocols = new Set(['http:', 'https:', 'mailto:']);

/** Every URL attribute made absolute against `base`; one that is not http, https or mailto is dropped. */
function absoluteUrls(base: string) {
  const fix = (node: Element) => {
    for (const name of urlAttributes) {
      const value = node.properties[name];
      if (typeof value !== 'string') continue;
      let resolved: URL | null;
      try {
        resolved = new URL(value, base);
      } catch {
        resolved = null;
      }
      if (resolved && allowedProtocols.has(resolved.protocol)) node.properties[name] = resolved.href;
      else delete node.properties[name];
    }
  };
  const walk = (nodes: RootContent[]) => {
    for (const node of nodes) {
      if (node.type !== 'element') continue;
      fix(node);
      walk(node.children);
    }
  };
  return () => (tree: Root) => walk(tree.children);
}

/** `markdown` as sanitised HTML with absolute links, for the content of a feed entry. */
export function markdownToFeedHtml(markdown: string, baseUrl: string): string {
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkMath)
    // Raw HTML in the Markdown is left out entirely (the web renderer parses and sanitises it; a feed needs none).
    .use(remarkRehype, { allowDangerousHtml: false })
    .use(rehypeSanitize, schema)
    .use(rehypeKatex, { trust: false, strict: false, maxSize: 50, maxExpand: 1_000, output: 'mathml' })
    .use(absoluteUrls(baseUrl));
  const tree = processor.runSync(processor.parse(markdown));
  return toHtml(tree);
}
