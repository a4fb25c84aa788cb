import { describe, expect, it } from 'vitest';
import type { MarkdownProps } from './markdown.tsx';
import { renderMarkdown } from './test-helpers.tsx';

/**
 * A corpus of cross-site scripting payloads, each rendered on its own and all together. Whatever the
 * renderer keeps of them, the DOM it produces must hold nothing that runs: no script-bearing elements, no
 * event handler attributes, no script or data URLs where a browser would follow or load them.
 */

interface Payload {
  name: string;
  source: string;
  props?: Omit<MarkdownProps, 'source'>;
  /** Text the reader must see exactly (code shown as code). */
  shows?: string;
}

const payloads: Payload[] = [
  // Raw HTML
  { name: 'script tag', source: '<script>alert(1)</script>' },
  { name: 'script with src, upper case', source: '<SCRIPT SRC=//evil.example/x.js></SCRIPT>' },
  { name: 'malformed nested script', source: '<<script>alert(1)//<</script>' },
  { name: 'img onerror', source: '<img src=x onerror=alert(1)>' },
  { name: 'allowed img with onload', source: '<img src="https://example.com/a.png" onload="alert(1)">' },
  { name: 'svg onload', source: '<svg onload=alert(1)>' },
  { name: 'script inside svg', source: '<svg><script>alert(1)</script></svg>' },
  {
    name: 'svg link with xlink:href',
    source: '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>',
  },
  {
    name: 'svg animate of href',
    source: '<svg><animate attributeName="href" values="javascript:alert(1)" /></svg>',
  },
  {
    name: 'svg use of a data URL',
    source: '<svg><use href="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+#x"/></svg>',
  },
  {
    name: 'MathML maction with xlink:href',
    source: '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">click</maction></math>',
  },
  { name: 'MathML href', source: '<math href="javascript:alert(1)"><mtext>click</mtext></math>' },
  { name: 'iframe with script URL', source: '<iframe src="javascript:alert(1)"></iframe>' },
  { name: 'iframe srcdoc', source: '<iframe srcdoc="<script>alert(1)</script>"></iframe>' },
  { name: 'object data', source: '<object data="javascript:alert(1)"></object>' },
  { name: 'embed data URL', source: '<embed src="data:text/html,<script>alert(1)</script>">' },
  { name: 'anchor with script URL', source: '<a href="javascript:alert(1)">click</a>' },
  { name: 'mixed-case scheme', source: '<a href="JaVaScRiPt:alert(1)">click</a>' },
  {
    name: 'entity-encoded scheme',
    source: '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">click</a>',
  },
  { name: 'tab inside the scheme', source: '<a href="jav&#x09;ascript:alert(1)">click</a>' },
  { name: 'leading control characters', source: '<a href=" &#14; javascript:alert(1)">click</a>' },
  { name: 'vbscript URL', source: '<a href="vbscript:msgbox(1)">click</a>' },
  {
    name: 'data:text/html link',
    source: '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  },
  {
    name: 'form with action and formaction',
    source: '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">go</button></form>',
  },
  { name: 'input with autofocus handler', source: '<input onfocus=alert(1) autofocus>' },
  { name: 'style element', source: '<style>body{background:url("javascript:alert(1)")}</style>' },
  { name: 'style attribute', source: '<div style="background-image:url(javascript:alert(1))">styled</div>' },
  { name: 'body onload', source: '<body onload=alert(1)>' },
  { name: 'details ontoggle', source: '<details open ontoggle=alert(1)><summary>x</summary></details>' },
  { name: 'meta refresh', source: '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">' },
  { name: 'base href', source: '<base href="javascript:alert(1)//">' },
  { name: 'link stylesheet', source: '<link rel="stylesheet" href="javascript:alert(1)">' },
  { name: 'noscript mutation', source: '<noscript><p title="</noscript><img src=x onerror=alert(1)>">' },
  { name: 'template content', source: '<template><script>alert(1)</script></template>' },
  {
    name: 'picture source srcset',
    source: '<picture><source srcset="javascript:alert(1)"><img src=x></picture>',
  },
  { name: 'HTML comment trick', source: '<!--><img src=x onerror=alert(1)>-->' },
  { name: 'DOM clobbering id and name', source: '<a id="root" name="getElementById" href="#">x</a>' },

  // Markdown syntax
  { name: 'Markdown link with script URL', source: '[click](javascript:alert(1))' },
  { name: 'Markdown link, mixed case', source: '[click](JaVaScRiPt:alert(1))' },
  { name: 'Markdown link in angle brackets', source: '[click](<javascript:alert(1)>)' },
  { name: 'Markdown link, entity-encoded', source: '[click](&#x6A;avascript&colon;alert(1))' },
  { name: 'Markdown link, escaped colon', source: '[click](javascript\\:alert(1))' },
  { name: 'Markdown link with vbscript', source: '[click](vbscript:msgbox(1))' },
  { name: 'Markdown link with data URL', source: '[click](data:text/html,<script>alert(1)</script>)' },
  {
    name: 'Markdown link title breakout',
    source: '[click](https://example.com "a\\" onmouseover=\\"alert(1)")',
  },
  { name: 'Markdown image with script URL', source: '![x](javascript:alert(1))' },
  {
    name: 'Markdown image with SVG data URL',
    source: '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  },
  { name: 'Markdown image alt breakout', source: '![x" onerror="alert(1)](https://example.com/a.png)' },
  { name: 'autolink with script URL', source: '<javascript:alert(1)>' },
  { name: 'reference definition', source: '[click]\n\n[click]: javascript:alert(1)' },
  { name: 'GFM autolink literal with markup', source: 'www.example.com/<script>alert(1)</script>' },

  // Math
  { name: 'KaTeX \\href', source: '$\\href{javascript:alert(1)}{click}$' },
  { name: 'KaTeX \\url', source: '$$\n\\url{javascript:alert(1)}\n$$' },
  { name: 'KaTeX \\htmlClass and \\htmlId', source: '$\\htmlClass{x}{y} \\htmlId{root}{z}$' },
  { name: 'KaTeX \\htmlStyle', source: '$\\htmlStyle{background:url(javascript:alert(1))}{y}$' },
  { name: 'KaTeX \\htmlData', source: '$\\htmlData{onclick=alert(1)}{y}$' },
  { name: 'KaTeX \\includegraphics', source: '$\\includegraphics{https://evil.example/x.png}$' },
  { name: 'KaTeX colour injection', source: '$\\color{red;background:url(javascript:alert(1))}{x}$' },
  { name: 'KaTeX infinite macro', source: '$\\def\\x{\\x}\\x$' },
  { name: 'markup inside math', source: '$<img src=x onerror=alert(1)>$' },
  { name: 'markup inside display math', source: '$$\n</span><script>alert(1)</script>\n$$' },

  // Code
  {
    name: 'fenced code closing its own tags',
    source: '```html\n</code></pre><script>alert(1)</script>\n```',
    shows: '</code></pre><script>alert(1)</script>',
  },
  {
    name: 'inline code closing its own tags',
    source: '`</code><img src=x onerror=alert(1)>`',
    shows: '</code><img src=x onerror=alert(1)>',
  },
  { name: 'info string breakout', source: '```js" onload="alert(1)\nx\n```', shows: 'x' },
  {
    name: 'user HTML imitating highlighted code',
    source:
      '<pre class="shiki"><code><span style="--shiki-light:red;background:url(javascript:alert(1))">x</span></code></pre>',
  },

  // Wiki links
  { name: 'wiki title with markup', source: '[[<img src=x onerror=alert(1)>]]' },
  { name: 'wiki title with quotes', source: '[["><script>alert(1)</script>]]' },
  { name: 'wiki title that is a script URL', source: '[[javascript:alert(1)]]' },
  { name: 'wiki label with markup', source: '[[Card|<svg onload=alert(1)>]]' },
  {
    name: 'resolver answering a script URL',
    source: '[[Card]]',
    props: { links: () => ({ href: 'javascript:alert(1)', title: '<b onclick=alert(1)>x</b>' }) },
  },
  { name: 'wiki link in a link destination', source: '[x](<[[javascript:alert(1)]]>)' },
  { name: 'private-use markers typed by the author', source: '\uE0030\uE004 and \uE000x\uE002 [[A]]' },

  // Cloze
  { name: 'cloze answer with markup', source: '{{c1::<img src=x onerror=alert(1)>}}' },
  {
    name: 'cloze hint with markup, hidden',
    source: '{{c1::answer::<script>alert(1)</script>}}',
    props: { cloze: { hide: 'all' } },
  },
  { name: 'cloze answer with a script link', source: '{{c1::[x](javascript:alert(1))}}' },
  { name: 'cloze around a link destination', source: '[x]({{c1::javascript:alert(1)}})' },

  // Footnotes
  { name: 'footnote with a script', source: 'x[^1]\n\n[^1]: <script>alert(1)</script>' },
  {
    name: 'footnote label breaking out of attributes',
    source: 'x[^a" onmouseover="alert(1)]\n\n[^a" onmouseover="alert(1)]: note',
  },
  { name: 'footnote with a script link', source: 'x[^1]\n\n[^1]: [a](javascript:alert(1))' },
  {
    name: 'forged footnote reference',
    source: '<a href="javascript:alert(1)" id="user-content-fnref-1" data-footnote-ref>1</a>',
  },
];

const dangerousElements = [
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'form',
  'style',
  'link',
  'meta',
  'base',
  'template',
  'noscript',
  'use',
  'animate',
  'set',
  'foreignObject',
].join(', ');

const urlAttributes = new Set([
  'href',
  'src',
  'xlink:href',
  'action',
  'formaction',
  'srcset',
  'srcdoc',
  'data',
  'poster',
  'background',
  'cite',
  'longdesc',
  'ping',
]);

/** What a browser does to a URL before reading its scheme. */
function squeeze(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what browsers ignore in URLs
  return value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
}

function expectInert(root: HTMLElement) {
  expect(root.querySelectorAll(dangerousElements)).toHaveLength(0);
  for (const element of root.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      const where = `<${element.tagName.toLowerCase()} ${attribute.name}="${attribute.value}">`;
      expect(attribute.name.toLowerCase().startsWith('on'), where).toBe(false);
      if (urlAttributes.has(attribute.name.toLowerCase())) {
        expect(squeeze(attribute.value), where).not.toMatch(/^(javascript|data|vbscript):/);
      }
      if (attribute.name === 'style') {
        expect(attribute.value, where).not.toMatch(/url\(|expression\(|javascript:/i);
      }
    }
  }
}

describe('the XSS corpus', () => {
  it('holds at least forty payloads', () => {
    expect(payloads.length).toBeGreaterThanOrEqual(40);
  });

  it.each(payloads)('renders nothing executable: $name', async ({ source, props, shows }) => {
    const { root } = await renderMarkdown({ source, ...props });
    expectInert(root);
    if (shows) expect(root.querySelector('code')?.textContent).toBe(shows);
  });

  it('renders nothing executable with every payload in one document', async () => {
    const source = payloads.map((payload) => payload.source).join('\n\n');
    const { root } = await renderMarkdown({ source, cloze: { hide: 1 } });
    expectInert(root);
  });

  it('prefixes ids and names so a card cannot clobber the page', async () => {
    const { root } = await renderMarkdown({ source: '<a id="root" name="getElementById" href="#">x</a>' });
    const anchor = root.querySelector('a');
    expect(anchor?.id).toMatch(/^md.+-root$/);
    expect(anchor?.getAttribute('name')).toMatch(/^md.+-getElementById$/);
    expect(document.getElementById('root')).toBeNull();
  });

  it('keeps highlighted code styled but strips style from HTML that imitates it', async () => {
    const { root } = await renderMarkdown({
      source:
        '```js\nlet x = 1;\n```\n\n<pre class="shiki"><code><span style="color:red">y</span></code></pre>',
    });
    const [real, fake] = root.querySelectorAll('pre');
    expect(real).toHaveClass('shiki');
    expect(real?.querySelector('span[style*="--shiki-light"]')).not.toBeNull();
    expect(fake).not.toHaveClass('shiki');
    expect(fake?.querySelector('[style]')).toBeNull();
    expect(fake).toHaveTextContent('y');
  });

  it('shows a KaTeX \\href as an error, not a link', async () => {
    const { root } = await renderMarkdown({ source: '$\\href{https://example.com}{click}$' });
    expect(root.querySelector('a')).toBeNull();
    expect(root.querySelector('.katex')).toHaveTextContent('\\href');
  });
});
