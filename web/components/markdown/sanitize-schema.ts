import { defaultSchema, type Options as Schema } from 'rehype-sanitize';

/**
 * What survives of the author's HTML and of the Markdown parser's output: GitHub's rules (hast-util-sanitize's
 * default schema) and two additions. The sanitiser runs before KaTeX and before card syntax, and code is
 * highlighted afterwards by React from plain text, so nothing this app generates needs an exception here.
 */
export function sanitizeSchema(clobberPrefix: string): Schema {
  return {
    ...defaultSchema,
    // Ids and names get a per-document prefix, so two cards on one page (or a hostile `id="root"`) never
    // clash with each other or the app.
    clobberPrefix,
    attributes: {
      ...defaultSchema.attributes,
      // remark-math marks inline and display math; rehype-katex reads these classes after sanitising.
      code: [['className', /^language-./, 'math-inline', 'math-display']],
    },
    // Elements dropped with their content, not unwrapped: their text is code or styling, not prose.
    strip: [
      'script',
      'style',
      'template',
      'noscript',
      'iframe',
      'frame',
      'object',
      'embed',
      'textarea',
      'title',
      'xmp',
      'noembed',
      'noframes',
      'select',
      'svg',
      'math',
    ],
  };
}
