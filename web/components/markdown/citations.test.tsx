import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { citedKeys } from '../../../contracts/card-text.ts';
import { jsonResponse, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { paperId, resolvedCitationsFixture } from '../../test/research-fixtures.ts';
import { citationMapOf } from './citations.ts';
import { CitedMarkdown } from './cited-markdown.tsx';
import { renderMarkdown } from './test-helpers.tsx';

const resolved = [
  { key: 'koren2009matrix', paperId: paperId(1), text: 'Koren, Y. (2009). Matrix factorization.' },
  { key: 'sarwar2001item', paperId: paperId(2), text: 'Sarwar, B. (2001). Item-based CF.' },
  { key: 'linden2003amazon', paperId: paperId(3), text: 'Linden, G. (2003). Amazon.com.' },
];

function mapFor(source: string, items = resolved) {
  return citationMapOf(citedKeys(source), items);
}

describe('citationMapOf', () => {
  it('numbers resolved keys in the order given, skipping unknown ones without a gap', () => {
    const map = citationMapOf(['sarwar2001item', 'nobody', 'koren2009matrix'], resolved);
    expect([...map.entries()]).toEqual([
      ['sarwar2001item', { n: 1, paperId: paperId(2), text: 'Sarwar, B. (2001). Item-based CF.' }],
      ['koren2009matrix', { n: 2, paperId: paperId(1), text: 'Koren, Y. (2009). Matrix factorization.' }],
    ]);
  });
});

describe('[@key] citations in the card renderer', () => {
  it('numbers citations in order of first citation, links each to its reference, and lists the references', async () => {
    const source = 'Items [@sarwar2001item] then factors [@koren2009matrix], items again [@sarwar2001item].';
    const { root } = await renderMarkdown({ source, citations: mapFor(source) });
    expect(root.querySelector('p')).toHaveTextContent('Items [1] then factors [2], items again [1].');
    const links = within(root.querySelector('p') as HTMLElement).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['1', '2', '1']);
    const references = within(root).getByRole('region', { name: 'References' });
    const entries = within(references).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'Sarwar, B. (2001). Item-based CF.',
      'Koren, Y. (2009). Matrix factorization.',
    ]);
    // The number’s link and the entry’s id agree, apart from the ids the sanitiser gives authors.
    const target = links[1]?.getAttribute('href') ?? '';
    expect(target).toMatch(/^#cite.+-ref-2$/);
    expect(root.querySelector(`[id="${target.slice(1)}"]`)).toBe(entries[1]);
    expect(within(entries[0] as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      `/research_center/papers/${paperId(2)}`,
    );
  });

  it('renders a grouped citation as one bracket of numbers', async () => {
    const source = 'Neighbours [@sarwar2001item; @linden2003amazon].';
    const { root } = await renderMarkdown({ source, citations: mapFor(source) });
    expect(root.querySelector('p')).toHaveTextContent('Neighbours [1, 2].');
    expect(within(root).getByRole('link', { name: 'Reference 2' })).toHaveTextContent('2');
  });

  it('marks an unknown key and gives it no number', async () => {
    const source = 'See [@nobody2020] and [@koren2009matrix; @ghost].';
    const { root } = await renderMarkdown({ source, citations: mapFor(source) });
    expect(root.querySelector('p')).toHaveTextContent('See [@nobody2020?] and [1, @ghost?].');
    const missing = root.querySelectorAll('.citation-missing');
    expect(missing).toHaveLength(2);
    expect(missing[0]).toHaveAttribute('title', 'No paper with this citation key');
    expect(
      within(within(root).getByRole('region', { name: 'References' })).getAllByRole('listitem'),
    ).toHaveLength(1);
  });

  it('leaves citations in code and math as written', async () => {
    const source =
      'Cited [@koren2009matrix], code `[@koren2009matrix]` and math $[@a]$.\n\n```\n[@sarwar2001item]\n```';
    const { root } = await renderMarkdown({ source, citations: mapFor(source) });
    expect(root.querySelector('p code')).toHaveTextContent('[@koren2009matrix]');
    expect(root.querySelector('pre')).toHaveTextContent('[@sarwar2001item]');
    expect(within(root).getAllByRole('link', { name: /^Reference/ })).toHaveLength(1);
    expect(
      within(within(root).getByRole('region', { name: 'References' })).getAllByRole('listitem'),
    ).toHaveLength(1);
  });

  it('leaves citations as written until they are resolved', async () => {
    const { root } = await renderMarkdown({ source: 'As [@koren2009matrix] shows.' });
    expect(root.querySelector('p')).toHaveTextContent('As [@koren2009matrix] shows.');
    expect(within(root).queryByRole('region', { name: 'References' })).not.toBeInTheDocument();
  });

  it('shows a hostile reference text as text, never as HTML', async () => {
    const source = 'Bad [@koren2009matrix].';
    const hostile = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const { root } = await renderMarkdown({
      source,
      citations: mapFor(source, [{ key: 'koren2009matrix', paperId: paperId(1), text: hostile }]),
    });
    const entry = within(within(root).getByRole('region', { name: 'References' })).getByRole('listitem');
    expect(entry).toHaveTextContent(hostile);
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('script')).toBeNull();
  });

  it('does not let an author’s element clash with the reference ids', async () => {
    const source = '<a id="ref-1">mine</a> and [@koren2009matrix].';
    const { root } = await renderMarkdown({ source, citations: mapFor(source) });
    const link = within(root).getByRole('link', { name: 'Reference 1' });
    const entry = root.querySelector(`[id="${link.getAttribute('href')?.slice(1)}"]`);
    expect(entry?.tagName).toBe('LI');
    expect(root.querySelectorAll('[id$="ref-1"]')).toHaveLength(2);
  });
});

describe('CitedMarkdown', () => {
  it('resolves the keys with the API in the order first cited', async () => {
    const { requests } = stubApi({
      'POST /api/research/citations': () => jsonResponse(200, resolvedCitationsFixture(resolved.slice(0, 2))),
    });
    renderWithProviders(
      <CitedMarkdown source="B [@sarwar2001item], A [@koren2009matrix; @sarwar2001item]." />,
    );
    expect(await screen.findByRole('region', { name: 'References' })).toBeVisible();
    expect(requests('POST /api/research/citations')[0]?.body).toEqual({
      keys: ['sarwar2001item', 'koren2009matrix'],
    });
    expect(document.querySelector('p')).toHaveTextContent('B [1], A [2, 1].');
  });

  it('asks nothing when the text cites nothing', async () => {
    const { fetchMock } = stubApi({});
    renderWithProviders(<CitedMarkdown source="No citations here, only [a link](https://example.org)." />);
    await waitFor(() => expect(document.querySelector('p')).toBeInTheDocument());
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
