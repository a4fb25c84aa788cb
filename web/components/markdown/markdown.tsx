// KaTeX's stylesheet and fonts are bundled by Vite with this module, served from our origin (the CSP allows
// fonts and styles from 'self' only).
import 'katex/dist/katex.min.css';
import { useId, useMemo, type ComponentProps } from 'react';
import Box from '@mui/material/Box';
import type { Element, ElementContent } from 'hast';
import type { KatexOptions } from 'katex';
import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown';
import { Link as RouterLink } from 'react-router';
import rehypeKatex from 'rehype-katex';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { prepareSource, rehypeCardSyntax, type ClozeView, type LinkResolver } from './card-syntax.ts';
import { rehypeCitationReferences, type CitationMap } from './citations.ts';
import { CodeBlock } from './code-block.tsx';
import { rehypeHeadingIds } from './heading-ids.ts';
import { markdownSx } from './markdown-styles.ts';
import { rehypeSafeLinks } from './safe-links.ts';
import { rehypeScrollableMath } from './scrollable-math.ts';
import { sanitizeSchema } from './sanitize-schema.ts';

export type { ClozeView, LinkResolver, ResolvedLink } from './card-syntax.ts';
export type { CitationMap, ResolvedCitation } from './citations.ts';

export interface MarkdownProps {
  /** The card's Markdown. */
  source: string;
  /** Resolves `[[Title]]` to a card; keep it stable (useCallback) so the text is not rendered again. */
  links?: LinkResolver;
  /** Cloze deletions: highlighted answers by default, or hidden; `false` leaves `{{c1::…}}` as written. */
  cloze?: ClozeView;
  /**
   * Only this site's own addresses: images and links elsewhere are shown as text with their address (for text
   * a reader did not write and whose author may have been steered, like the card assistant's answers).
   */
  siteLinksOnly?: boolean;
  /**
   * `[@key]` citations resolved (see cited-markdown.tsx): numbered links and a References list at the end.
   * Undefined leaves them as written. Keep it stable (memoised) so the text is not rendered again.
   */
  citations?: CitationMap | undefined;
  /** Ids on h2 and h3 (`section-…`), for a long text with a table of contents (a blog post). Off for cards. */
  headingIds?: boolean;
}

// Math is typeset without `trust` (no \href, \url, \includegraphics, \html*), never throws (a bad formula
// shows in red), keeps quiet about LaTeX it tolerates, and caps sizes and macro expansion against hostile input.
const katexOptions: Omit<KatexOptions, 'displayMode' | 'throwOnError'> = {
  trust: false,
  strict: false,
  maxSize: 50,
  maxExpand: 1_000,
  output: 'htmlAndMathml',
};

/**
 * The one Markdown renderer for cards: builder preview, card page and embeds. GitHub-flavoured Markdown
 * (tables, task lists, footnotes, strikethrough, autolinks), `$math$` and `$$math$$` with KaTeX, fenced code
 * highlighted by Shiki, `[[wiki links]]`, `{{c1::cloze}}` deletions and `[@key]` citations. Raw HTML is parsed and sanitised to
 * GitHub's allow-list; see docs/ARCHITECTURE.md for the order of the passes and why it is safe.
 */
export function Markdown({
  source,
  links,
  cloze,
  siteLinksOnly = false,
  citations,
  headingIds = false,
}: MarkdownProps) {
  const documentId = useId().replace(/[^\w-]/g, '');
  const idPrefix = `md${documentId}-`;
  // The ids the renderer makes itself (references) start apart from every id the sanitiser prefixes.
  const ownPrefix = `cite${documentId}-`;
  // Primitive keys, so a cloze object written inline does not render the text again on every render.
  const hide = cloze === false ? 'off' : cloze?.hide;
  const highlight = cloze === false ? 'off' : cloze?.highlight;

  const content = useMemo(() => {
    const view: ClozeView =
      hide === 'off' || highlight === 'off'
        ? false
        : { ...(hide !== undefined && { hide }), ...(highlight !== undefined && { highlight }) };
    const prepared = prepareSource(source, view);
    return (
      <ReactMarkdown
        remarkPlugins={[remarkGfm, remarkMath]}
        // The sanitiser adds the prefix to every id; footnotes must not carry one already.
        remarkRehypeOptions={{ clobberPrefix: '' }}
        rehypePlugins={[
          // Order matters. Author HTML is parsed, then everything is sanitised; only then come the passes
          // that add markup of their own from text (card syntax, KaTeX), and last the URL check over it all.
          rehypeRaw,
          [rehypeSanitize, sanitizeSchema(idPrefix)],
          [rehypeCardSyntax, { prepared, links, citations, ownPrefix }],
          // Our own elements and text only: reference texts are text nodes, never parsed as HTML.
          [rehypeCitationReferences, { citations, prefix: ownPrefix }],
          // After the sanitiser, so these ids are not prefixed; after card syntax, so links show as their text.
          ...(headingIds ? [rehypeHeadingIds] : []),
          [rehypeKatex, katexOptions],
          rehypeScrollableMath,
          [rehypeSafeLinks, { idPrefix, ownPrefix, siteOnly: siteLinksOnly }],
        ]}
        components={components}
      >
        {prepared.markdown}
      </ReactMarkdown>
    );
  }, [source, links, hide, highlight, idPrefix, ownPrefix, siteLinksOnly, citations, headingIds]);

  return (
    <Box className="markdown" sx={markdownSx}>
      {content}
    </Box>
  );
}

type Props<Tag extends 'a' | 'pre' | 'table'> = ComponentProps<Tag> & ExtraProps;

/** In-app paths navigate with the router (no page reload); everything else is a plain anchor. */
function MarkdownLink({ node: _node, href, children, ...rest }: Props<'a'>) {
  if (href && /^\/(?![/\\])/.test(href)) {
    return (
      <RouterLink to={href} {...rest}>
        {children}
      </RouterLink>
    );
  }
  return (
    <a href={href} {...rest}>
      {children}
    </a>
  );
}

function textOf(node: Element | ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}

/** A fenced block goes to CodeBlock with its text and language; any other `<pre>` stays as it is. */
function MarkdownPre({ node, children, ...rest }: Props<'pre'>) {
  const code = node?.children.find(
    (child): child is Element => child.type === 'element' && child.tagName === 'code',
  );
  if (!code) return <pre {...rest}>{children}</pre>;
  const classes = Array.isArray(code.properties.className) ? code.properties.className : [];
  const languageClass = classes.find((name) => typeof name === 'string' && name.startsWith('language-'));
  const language = typeof languageClass === 'string' ? languageClass.slice('language-'.length) : null;
  // The Markdown parser ends every fenced block with a line break; the block should not.
  return <CodeBlock code={textOf(code).replace(/\n$/, '')} language={language} />;
}

/** Wide tables scroll inside the card instead of widening the page. */
function MarkdownTable({ node: _node, ...rest }: Props<'table'>) {
  return (
    <div className="table-scroll">
      <table {...rest} />
    </div>
  );
}

const components: Components = { a: MarkdownLink, pre: MarkdownPre, table: MarkdownTable };
