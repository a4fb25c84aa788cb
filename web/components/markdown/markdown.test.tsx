import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { Markdown } from './markdown.tsx';
import { renderMarkdown } from './test-helpers.tsx';

const cards: Record<string, { id: string; title: string }> = {
  'matrix factorisation': { id: 'c_mf', title: 'Matrix factorisation' },
  'two-tower model': { id: 'c_tt', title: 'Two-tower model (renamed)' },
};
const links = (title: string) => {
  const card = cards[title.toLowerCase()];
  return card ? { href: `/cards/${card.id}`, title: card.title } : null;
};

describe('GitHub-flavoured Markdown', () => {
  it('renders tables inside a scroll box, with aligned cells', async () => {
    const { root } = await renderMarkdown({ source: '| Model | Recall |\n|:--|--:|\n| MF | 0.31 |' });
    const table = within(root).getByRole('table');
    expect(table.parentElement).toHaveClass('table-scroll');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Model', 'Recall']);
    expect(within(table).getByRole('cell', { name: '0.31' })).toHaveStyle({ textAlign: 'right' });
  });

  it('renders task lists with checkboxes that cannot be ticked', async () => {
    const { root } = await renderMarkdown({ source: '- [x] Read the paper\n- [ ] Write the card' });
    const boxes = within(root).getAllByRole('checkbox');
    expect(boxes).toHaveLength(2);
    expect(boxes[0]).toBeChecked();
    expect(boxes[1]).not.toBeChecked();
    for (const box of boxes) expect(box).toBeDisabled();
    expect(root.querySelector('ul')).toHaveClass('contains-task-list');
  });

  it('renders footnotes whose links and ids agree, and strikethrough and autolinks', async () => {
    const { root } = await renderMarkdown({
      source: 'A claim[^src] that ~~was~~ is true, see www.example.com.\n\n[^src]: The source.',
    });
    const reference = within(root).getByRole('link', { name: '1' });
    const target = reference.getAttribute('href')?.slice(1) ?? '';
    const note = root.querySelector(`[id="${target}"]`);
    expect(note).toHaveTextContent('The source.');
    const back = within(note as HTMLElement).getByRole('link', { name: 'Back to reference 1' });
    expect(root.querySelector(`[id="${back.getAttribute('href')?.slice(1)}"]`)).toBe(reference);
    expect(root.querySelector('del')).toHaveTextContent('was');
    expect(within(root).getByRole('link', { name: 'www.example.com' })).toHaveAttribute(
      'href',
      'http://www.example.com',
    );
  });

  it('gives two documents on one page their own footnote ids', async () => {
    const view = renderWithProviders(
      <>
        <Markdown source={'One[^1]\n\n[^1]: First.'} />
        <Markdown source={'Two[^1]\n\n[^1]: Second.'} />
      </>,
    );
    const references = await screen.findAllByRole('link', { name: '1' });
    const targets = references.map((link) => link.getAttribute('href'));
    expect(new Set(targets).size).toBe(2);
    expect(view.container.querySelector(`[id="${targets[1]?.slice(1)}"]`)).toHaveTextContent('Second.');
  });

  it('keeps safe HTML an author writes, such as details and kbd', async () => {
    const { root } = await renderMarkdown({
      source: '<details><summary>Proof</summary>\n\nPress <kbd>Ctrl</kbd>.\n\n</details>',
    });
    expect(root.querySelector('details summary')).toHaveTextContent('Proof');
    expect(root.querySelector('kbd')).toHaveTextContent('Ctrl');
  });
});

describe('math', () => {
  it('typesets inline and display math with KaTeX', async () => {
    const { root } = await renderMarkdown({ source: 'Energy $E = mc^2$ and\n\n$$\n\\frac{a}{b}\n$$' });
    const inline = root.querySelector('p .katex');
    expect(inline).not.toBeNull();
    expect(inline?.querySelector('annotation')).toHaveTextContent('E = mc^2');
    const display = root.querySelector('.katex-display');
    expect(display?.querySelector('.mfrac')).not.toBeNull();
    // It scrolls sideways when too wide, so the keyboard can reach it.
    expect(display).toHaveAttribute('tabindex', '0');
    expect(inline).not.toHaveAttribute('tabindex');
    // Math from ```math blocks too.
    const fenced = await renderMarkdown({ source: '```math\nx^2\n```' });
    expect(fenced.root.querySelector('.katex-display')).not.toBeNull();
  });

  it('shows a bad formula in red instead of failing, without console output', async () => {
    const { root } = await renderMarkdown({ source: 'Broken $\\frac{a$ and fine $x$' });
    expect(root.querySelector('.katex-error')).toHaveTextContent('\\frac{a');
    expect(root.querySelectorAll('.katex')).toHaveLength(1);
  });

  it('does not treat a dollar amount after an escape as math', async () => {
    const { root } = await renderMarkdown({ source: 'It costs \\$5 and \\$10.' });
    expect(root.querySelector('.katex')).toBeNull();
    expect(root).toHaveTextContent('It costs $5 and $10.');
  });
});

describe('code', () => {
  it('highlights fenced code with both themes as CSS variables, keeping the text exact', async () => {
    const code = 'const answer: number = 42;\nconsole.log(answer);';
    const { root } = await renderMarkdown({ source: `\`\`\`ts\n${code}\n\`\`\`` });
    const pre = root.querySelector('pre');
    expect(pre).toHaveClass('shiki');
    expect(pre).toHaveAttribute('data-language', 'typescript');
    expect(pre?.textContent).toBe(code);
    const keyword = [...(pre?.querySelectorAll('span') ?? [])].find((span) => span.textContent === 'const');
    expect(keyword?.getAttribute('style')).toMatch(
      /--shiki-light:\s*#[0-9a-f]{6}.*--shiki-dark:\s*#[0-9a-f]{6}/i,
    );
    expect(pre).toHaveAttribute('tabindex', '0');
  });

  it('leaves code in unknown or missing languages plain', async () => {
    const { root } = await renderMarkdown({
      source: '```brainfuck\n+[-->-[>>+>-----<<]<--<---]\n```\n\n```\nplain\n```',
    });
    const blocks = root.querySelectorAll('pre');
    expect([...blocks].map((pre) => pre.getAttribute('data-highlight'))).toEqual(['off', 'off']);
    expect(blocks[0]?.querySelector('span')).toBeNull();
    expect(blocks[1]).toHaveTextContent('plain');
  });

  it('renders inline code as code', async () => {
    const { root } = await renderMarkdown({ source: 'Call `fit()` first.' });
    expect(root.querySelector('p > code')).toHaveTextContent('fit()');
  });

  it('picks the dark colours when the app is dark', async () => {
    window.localStorage.setItem('theme', 'dark');
    await renderMarkdown({ source: '```js\nlet x = 1;\n```' });
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
    expect(css).toContain('var(--shiki-dark)');
  });
});

describe('wiki links', () => {
  it('links known cards by the resolver, with the label or the card’s current title', async () => {
    const { root } = await renderMarkdown({
      source: 'See [[Matrix factorisation]] and [[two-tower model]], or [[Matrix factorisation|MF]].',
      links,
    });
    expect(within(root).getByRole('link', { name: 'Matrix factorisation' })).toHaveAttribute(
      'href',
      '/cards/c_mf',
    );
    expect(within(root).getByRole('link', { name: 'Two-tower model (renamed)' })).toHaveAttribute(
      'href',
      '/cards/c_tt',
    );
    const labelled = within(root).getByRole('link', { name: 'MF' });
    expect(labelled).toHaveAttribute('href', '/cards/c_mf');
    expect(labelled).toHaveClass('wiki-link');
    expect(labelled).not.toHaveAttribute('target');
  });

  it('offers to create a card that does not exist, distinctly and accessibly', async () => {
    const { root } = await renderMarkdown({ source: 'A [[Cold start]] and [[Cold start|a label]].', links });
    const missing = within(root).getByRole('link', { name: 'Cold start (create this card)' });
    expect(missing).toHaveAttribute('href', '/build?title=Cold%20start');
    expect(missing).toHaveClass('wiki-link', 'wiki-link-missing');
    expect(within(root).getByRole('link', { name: 'a label (create this card)' })).toBeInTheDocument();
  });

  it('treats every link as missing without a resolver', async () => {
    const { root } = await renderMarkdown({ source: '[[Anything]]' });
    expect(within(root).getByRole('link', { name: 'Anything (create this card)' })).toHaveAttribute(
      'href',
      '/build?title=Anything',
    );
  });

  it('navigates inside the app when a wiki link is followed', async () => {
    const user = userEvent.setup();
    const view = renderWithProviders(<Markdown source="[[Matrix factorisation]]" links={links} />);
    await user.click(await screen.findByRole('link', { name: 'Matrix factorisation' }));
    expect(view.router.state.location.pathname).toBe('/cards/c_mf');
  });

  it('leaves links in code, math and escapes as written', async () => {
    const { root } = await renderMarkdown({
      source:
        'Write `[[Matrix factorisation]]`, \\[[Not a link]] and $[[a]]$.\n\n```\n[[Matrix factorisation|MF]]\n```',
      links,
    });
    expect(within(root).queryAllByRole('link')).toEqual([]);
    expect(root.querySelector('p > code')).toHaveTextContent('[[Matrix factorisation]]');
    expect(root.querySelector('pre')).toHaveTextContent('[[Matrix factorisation|MF]]');
    expect(root).toHaveTextContent('[[Not a link]]');
    expect(root.querySelector('.katex annotation')).toHaveTextContent('[[a]]');
  });

  it('renders a wiki link inside a Markdown link as its text, not a link in a link', async () => {
    const { root } = await renderMarkdown({
      source: '[see [[Matrix factorisation]]](https://example.com)',
      links,
    });
    const outer = within(root).getByRole('link');
    expect(outer).toHaveTextContent('see Matrix factorisation');
    expect(outer.querySelector('a')).toBeNull();
  });

  it('keeps formatting around links and links inside emphasis, tables and lists', async () => {
    const { root } = await renderMarkdown({
      source: '**[[Matrix factorisation]]**\n\n| Card |\n|---|\n| [[Two-tower model]] |\n\n- [[Cold start]]',
      links,
    });
    expect(root.querySelector('strong a')).toHaveTextContent('Matrix factorisation');
    expect(root.querySelector('td a')).toHaveAttribute('href', '/cards/c_tt');
    expect(root.querySelector('li a')).toHaveClass('wiki-link-missing');
  });
});

describe('cloze deletions', () => {
  const source = 'The {{c1::mitochondria}} is the {{c2::powerhouse::a building}} of the {{c1::cell}}.';

  it('highlights every answer by default', async () => {
    const { root } = await renderMarkdown({ source });
    expect([...root.querySelectorAll('mark.cloze')].map((mark) => mark.textContent)).toEqual([
      'mitochondria',
      'powerhouse',
      'cell',
    ]);
    expect(root).toHaveTextContent('The mitochondria is the powerhouse of the cell.');
  });

  it('hides one index, showing the others as plain answers', async () => {
    const { root } = await renderMarkdown({ source, cloze: { hide: 1 } });
    expect([...root.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['[…]', '[…]']);
    for (const mark of root.querySelectorAll('mark')) expect(mark).toHaveClass('cloze', 'cloze-hidden');
    expect(root).toHaveTextContent('The […] is the powerhouse of the […].');
  });

  it('shows hints for hidden deletions, and can hide them all', async () => {
    const { root } = await renderMarkdown({ source, cloze: { hide: 'all' } });
    expect(root).toHaveTextContent('The […] is the [a building] of the […].');
  });

  it('highlights only the asked deletion on the answer side', async () => {
    const { root } = await renderMarkdown({ source, cloze: { hide: 'none', highlight: 2 } });
    expect([...root.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['powerhouse']);
  });

  it('keeps Markdown and math inside answers', async () => {
    const { root } = await renderMarkdown({ source: 'A {{c1::**bold** claim}} and {{c2::$x^{2}$}}.' });
    const marks = root.querySelectorAll('mark.cloze');
    expect(marks[0]?.querySelector('strong')).toHaveTextContent('bold');
    expect(marks[1]?.querySelector('.katex')).not.toBeNull();
  });

  it('shows answers inside code without highlight markers', async () => {
    const { root } = await renderMarkdown({ source: '`{{c1::map}}(f)` and\n\n```\nxs.{{c1::map}}(f)\n```' });
    expect(root.querySelector('p > code')?.textContent).toBe('map(f)');
    expect(root.querySelector('pre')?.textContent).toBe('xs.map(f)');
    const hidden = await renderMarkdown({ source: '`{{c1::map}}(f)`', cloze: { hide: 1 } });
    expect(hidden.root.querySelector('code')?.textContent).toBe('[…](f)');
  });

  it('leaves the syntax as written when cloze is off', async () => {
    const { root } = await renderMarkdown({ source, cloze: false });
    expect(root.querySelector('mark')).toBeNull();
    expect(root).toHaveTextContent('The {{c1::mitochondria}} is the');
  });
});

describe('links and images', () => {
  it('opens external links apart, with rel="noopener nofollow ugc", and keeps in-app links in the app', async () => {
    const { root } = await renderMarkdown({
      source:
        '[Paper](https://arxiv.org/abs/1) [Proto](//example.com) [Mail](mailto:a@example.com) [Home](/exploration)',
    });
    for (const name of ['Paper', 'Proto']) {
      const link = within(root).getByRole('link', { name });
      expect(link).toHaveAttribute('rel', 'noopener nofollow ugc');
      expect(link).toHaveAttribute('target', '_blank');
    }
    expect(within(root).getByRole('link', { name: 'Mail' })).not.toHaveAttribute('target');
    const home = within(root).getByRole('link', { name: 'Home' });
    expect(home).toHaveAttribute('href', '/exploration');
    expect(home).not.toHaveAttribute('target');
  });

  it('removes script URLs from links', async () => {
    const { root } = await renderMarkdown({
      source: '[a](javascript:alert(1)) [b](vbscript:x) [c](data:text/html,x)',
    });
    for (const anchor of root.querySelectorAll('a')) expect(anchor).not.toHaveAttribute('href');
  });

  it('loads web and file-store images lazily with their alt text, and drops the others for their alt', async () => {
    const hash = 'a'.repeat(64);
    const { root } = await renderMarkdown({
      source: `![A chart](https://example.com/c.png) ![Stored](/api/files/${hash}) ![Inline](data:image/png;base64,AAAA) ![Local](/etc/passwd)`,
    });
    const images = within(root).getAllByRole('img');
    expect(images.map((image) => image.getAttribute('alt'))).toEqual(['A chart', 'Stored']);
    for (const image of images) {
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image).toHaveAttribute('referrerpolicy', 'no-referrer');
    }
    expect(images[1]).toHaveAttribute('src', `/api/files/${hash}`);
    expect(root).toHaveTextContent('Inline');
    expect(root).toHaveTextContent('Local');
  });

  it('renders again when the source changes, as the builder preview does', async () => {
    const user = userEvent.setup();
    function Preview() {
      const [source, setSource] = useState('First **draft**');
      return (
        <>
          <button type="button" onClick={() => setSource('Second [[Matrix factorisation]]')}>
            Edit
          </button>
          <Markdown source={source} links={links} />
        </>
      );
    }
    renderWithProviders(<Preview />);
    expect(await screen.findByText('draft')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByRole('link', { name: 'Matrix factorisation' })).toBeInTheDocument();
    expect(screen.queryByText('draft')).toBeNull();
  });
});

describe('text whose author may have been steered (siteLinksOnly)', () => {
  it('shows images and links off the site as text with their address, and keeps the site’s own links', async () => {
    const leak = 'https://evil.example/p?d=secret';
    const { root } = await renderMarkdown({
      siteLinksOnly: true,
      source: [
        `![pixel](${leak}) [source](${leak}) <${leak}> ${leak}`,
        `<img src="${leak}"> <a href="${leak}"><img src="${leak}" alt="inner"></a> [away](//evil.example/x)`,
        '[a card](/cards/c_1) ![stored](/api/files/' + 'a'.repeat(64) + ')',
      ].join('\n\n'),
    });
    expect([...root.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      `/api/files/${'a'.repeat(64)}`,
    ]);
    expect([...root.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['/cards/c_1']);
    expect(root.textContent).toContain(`pixel (image not shown: ${leak})`);
    expect(root.textContent).toContain(`source (${leak})`);
    expect(root.textContent).toContain('away (//evil.example/x)');
  });
});
