import { describe, expect, it } from 'vitest';
import type { CslItem } from './csl.ts';
import {
  formatCitationText,
  formatCslReferences,
  formatInTextCitation,
  formatReferenceList,
} from './styles.ts';

const koren = {
  id: 'k1',
  title: 'Matrix factorization techniques for recommender systems',
  authors: [{ name: 'Yehuda Koren' }, { name: 'Robert Bell' }, { name: 'Chris Volinsky' }],
  venue: 'Computer',
  year: 2009,
  doi: '10.1109/MC.2009.263',
  tags: [],
};
const attention = {
  id: 'a1',
  title: 'Attention is all you need',
  authors: [{ name: 'Ashish Vaswani' }, { name: 'Noam Shazeer' }],
  year: 2017,
  arxivId: '1706.03762',
  tags: [],
};

describe('formatReferenceList', () => {
  it('APA: author-date, sorted by author', () => {
    expect(formatReferenceList([attention, koren], 'apa')).toEqual([
      {
        id: 'k1',
        text: 'Koren, Y., Bell, R., & Volinsky, C. (2009). Matrix factorization techniques for recommender systems. Computer. https://doi.org/10.1109/MC.2009.263',
      },
      {
        id: 'a1',
        text: 'Vaswani, A., & Shazeer, N. (2017). Attention is all you need (arXiv:1706.03762). arXiv. https://arxiv.org/abs/1706.03762',
      },
    ]);
  });

  it('IEEE: numbered in the order given', () => {
    expect(formatReferenceList([attention, koren], 'ieee')).toEqual([
      {
        id: 'a1',
        text: '[1] A. Vaswani and N. Shazeer, “Attention is all you need,” 2017, arXiv:1706.03762.',
      },
      {
        id: 'k1',
        text: '[2] Y. Koren, R. Bell, and C. Volinsky, “Matrix factorization techniques for recommender systems,” Computer, 2009, doi: 10.1109/MC.2009.263.',
      },
    ]);
  });

  it('Chicago author-date: sorted by author, titles in title case', () => {
    expect(formatReferenceList([attention, koren], 'chicago')).toEqual([
      {
        id: 'k1',
        text: 'Koren, Yehuda, Robert Bell, and Chris Volinsky. 2009. “Matrix Factorization Techniques for Recommender Systems.” Computer. https://doi.org/10.1109/MC.2009.263.',
      },
      {
        id: 'a1',
        text: 'Vaswani, Ashish, and Noam Shazeer. 2017. “Attention Is All You Need.” arXiv:1706.03762. https://arxiv.org/abs/1706.03762.',
      },
    ]);
  });

  it('Harvard: the bundled style calls a journal article without volume or pages a preprint', () => {
    expect(formatReferenceList([attention, koren], 'harvard')).toEqual([
      {
        id: 'k1',
        text: 'Koren, Y., Bell, R. and Volinsky, C. (2009) “Matrix factorization techniques for recommender systems,” Computer [Preprint]. Available at: https://doi.org/10.1109/MC.2009.263.',
      },
      {
        id: 'a1',
        text: 'Vaswani, A. and Shazeer, N. (2017) “Attention is all you need.” arXiv. Available at: https://arxiv.org/abs/1706.03762.',
      },
    ]);
  });

  it('gives nothing for no papers', () => {
    expect(formatReferenceList([], 'ieee')).toEqual([]);
  });
});

describe('the own styles with a full record', () => {
  const item: CslItem = {
    id: 'k',
    'citation-key': 'k',
    type: 'article-journal',
    title: 'Matrix factorization techniques for recommender systems',
    author: [
      { given: 'Yehuda', family: 'Koren' },
      { given: 'Robert', family: 'Bell' },
      { given: 'Chris', family: 'Volinsky' },
    ],
    'container-title': 'Computer',
    volume: '42',
    issue: '8',
    page: '30-37',
    issued: { 'date-parts': [[2009]] },
    DOI: '10.1109/MC.2009.263',
  };

  it('IEEE and Chicago write volume, issue and pages as their guides do', () => {
    expect(formatCslReferences([item], 'ieee')[0]!.text).toBe(
      '[1] Y. Koren, R. Bell, and C. Volinsky, “Matrix factorization techniques for recommender systems,” Computer, vol. 42, no. 8, pp. 30–37, 2009, doi: 10.1109/MC.2009.263.',
    );
    expect(formatCslReferences([item], 'chicago')[0]!.text).toBe(
      'Koren, Yehuda, Robert Bell, and Chris Volinsky. 2009. “Matrix Factorization Techniques for Recommender Systems.” Computer 42 (8): 30–37. https://doi.org/10.1109/MC.2009.263.',
    );
  });
});

describe('formatCitationText and formatInTextCitation', () => {
  it('give one paper’s reference to copy (IEEE without its number) and its in-text citation', () => {
    expect(formatCitationText(attention, 'ieee')).toBe(
      'A. Vaswani and N. Shazeer, “Attention is all you need,” 2017, arXiv:1706.03762.',
    );
    expect(formatCitationText(attention, 'apa')).toBe(
      'Vaswani, A., & Shazeer, N. (2017). Attention is all you need (arXiv:1706.03762). arXiv. https://arxiv.org/abs/1706.03762',
    );
    expect(formatInTextCitation(koren, 'apa')).toBe('(Koren et al., 2009)');
    expect(formatInTextCitation(koren, 'chicago')).toBe('(Koren, Bell, and Volinsky 2009)');
    expect(formatInTextCitation(koren, 'harvard')).toBe('(Koren, Bell and Volinsky, 2009)');
    expect(formatInTextCitation(koren, 'ieee')).toBe('[1]');
  });

  it('gives plain text: citeproc reads its own inline markup (<b>) and leaves anything else as it is', () => {
    const html = { ...attention, title: '<b>Bold</b> & <script>x</script>' };
    expect(formatCitationText(html, 'ieee')).toBe(
      'A. Vaswani and N. Shazeer, “Bold & <script>x</script>,” 2017, arXiv:1706.03762.',
    );
  });
});
