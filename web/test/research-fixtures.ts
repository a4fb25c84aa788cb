import {
  paperDetailSchema,
  paperPageSchema,
  paperSummarySchema,
  readingListSchema,
  researchCentreSchema,
  resolvedCitationsSchema,
  topicSchema,
  topicSummarySchema,
  type PaperDetail,
  type PaperPage,
  type PaperSummary,
  type ReadingList,
  type ResearchCentre,
  type ResolvedCitations,
  type Topic,
  type TopicSummary,
} from '../../contracts/research.ts';

/**
 * Research as its API gives it, parsed through the contracts so a change of a contract shows in the tests that
 * use these. The papers are the demo topic's landmarks; ids are fixed so tests can name addresses.
 */

/** A paper id: `n` in the last group, so tests can write the id they expect. */
export const paperId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A paper as lists show it. */
export function paperSummary(n: number, overrides: Partial<PaperSummary> = {}): PaperSummary {
  return paperSummarySchema.parse({
    id: paperId(n),
    title: `Paper ${n}`,
    authors: ['Ada Lovelace'],
    venue: null,
    year: 2000 + n,
    doi: null,
    arxivId: null,
    tldr: null,
    tags: ['recsys'],
    citationKey: `paper${n}`,
    hasCode: false,
    readers: 0,
    ...overrides,
  });
}

/** Koren, Bell and Volinsky's matrix factorisation paper. */
export const korenPaper = paperSummary(1, {
  title: 'Matrix Factorization Techniques for Recommender Systems',
  authors: ['Yehuda Koren', 'Robert Bell', 'Chris Volinsky'],
  venue: 'Computer',
  year: 2009,
  doi: '10.1109/MC.2009.263',
  tldr: 'Latent factors beat neighbourhoods on the Netflix Prize.',
  tags: ['recsys', 'matrix-factorization'],
  citationKey: 'koren2009matrix',
  readers: 12,
});

/** Sarwar et al.'s item-based collaborative filtering. */
export const sarwarPaper = paperSummary(2, {
  title: 'Item-based collaborative filtering recommendation algorithms',
  authors: ['Badrul Sarwar', 'George Karypis', 'Joseph Konstan', 'John Riedl'],
  venue: 'WWW',
  year: 2001,
  doi: '10.1145/371920.372071',
  citationKey: 'sarwar2001item',
  readers: 7,
});

/** Vaswani et al., on arXiv, with code. */
export const transformerPaper = paperSummary(3, {
  title: 'Attention Is All You Need',
  authors: ['Ashish Vaswani', 'Noam Shazeer'],
  venue: 'NeurIPS',
  year: 2017,
  arxivId: '1706.03762',
  tags: ['deep-learning'],
  citationKey: 'vaswani2017attention',
  hasCode: true,
  readers: 30,
});

/** A page of search results. */
export function paperPageFixture(items: PaperSummary[], overrides: Partial<PaperPage> = {}): PaperPage {
  return paperPageSchema.parse({
    items,
    total: items.length,
    totalCapped: false,
    nextCursor: null,
    ...overrides,
  });
}

/** The demo topic as the centre's index shows it. */
export function topicSummaryFixture(overrides: Partial<TopicSummary> = {}): TopicSummary {
  return topicSummarySchema.parse({
    id: '10000000-0000-4000-8000-000000000001',
    slug: 'recommender-systems',
    title: 'Recommender systems',
    introduction:
      'A recommender decides which handful of items, out of millions, a person sees next.\n\nTwo shifts shaped the field since.',
    paperCount: 14,
    listCount: 2,
    ...overrides,
  });
}

/** A reading list of the demo topic. */
export function readingListFixture(overrides: Partial<ReadingList> = {}): ReadingList {
  return readingListSchema.parse({
    id: '20000000-0000-4000-8000-000000000001',
    slug: 'foundations',
    title: 'Start here: the foundations',
    description: 'Neighbourhood methods and latent factors.',
    items: [
      { paper: sarwarPaper, note: 'Why comparing items beats comparing users.' },
      { paper: korenPaper, note: 'The Netflix Prize view of latent factors.' },
    ],
    ...overrides,
  });
}

/** The demo topic's page. */
export function topicFixture(overrides: Partial<Topic> = {}): Topic {
  return topicSchema.parse({
    ...topicSummaryFixture(),
    tags: ['recsys'],
    courses: [{ slug: 'modern-recommendation-systems', title: 'Modern recommendation systems' }],
    links: [{ label: 'Study the foundations deck', href: '/play' }],
    lists: [readingListFixture()],
    ...overrides,
  });
}

/** The centre's index. */
export function centreFixture(overrides: Partial<ResearchCentre> = {}): ResearchCentre {
  return researchCentreSchema.parse({
    topics: [
      topicSummaryFixture(),
      topicSummaryFixture({
        id: '10000000-0000-4000-8000-000000000002',
        slug: 'transformers',
        title: 'Transformers',
        introduction: 'Attention, and what came of it.',
        paperCount: 1,
        listCount: 0,
      }),
    ],
    canEdit: false,
    ...overrides,
  });
}

/** The paper page of Koren et al., as a signed-out reader sees it. */
export function paperDetailFixture(overrides: Partial<PaperDetail> = {}): PaperDetail {
  return paperDetailSchema.parse({
    ...korenPaper,
    authorOrcids: ['0000-0002-1825-0097', '', ''],
    url: 'https://example.org/koren.pdf',
    codeUrl: null,
    abstract: 'As the **Netflix Prize** showed, latent factor models beat neighbourhoods.',
    visibility: 'public',
    addedBy: { handle: 'ada_l', displayName: 'Ada Lovelace' },
    isOwner: false,
    citingCards: [
      {
        id: '30000000-0000-4000-8000-000000000001',
        title: 'Why latent factors work',
        excerpt: 'A note on Koren et al.',
        type: 'note',
        authorHandle: 'nadia_r',
        authorName: 'Nadia Rahman',
      },
    ],
    references: [
      { paper: sarwarPaper, label: 'Sarwar et al. 2001' },
      { paper: null, label: 'Bennett, J. and Lanning, S. (2007). The Netflix Prize.' },
    ],
    citedBy: [transformerPaper],
    related: [{ ...sarwarPaper, reason: 'tags' }],
    topics: [{ slug: 'recommender-systems', title: 'Recommender systems' }],
    mine: null,
    ...overrides,
  });
}

/** The reader's own part of a paper page: in nobody's queue, no PDF. */
export function mineFixture(overrides: Partial<NonNullable<PaperDetail['mine']>> = {}) {
  return { queue: null, note: null, pdf: null, projects: [], ...overrides };
}

/** `POST /api/research/citations`' answer. */
export function resolvedCitationsFixture(items: ResolvedCitations['items']): ResolvedCitations {
  return resolvedCitationsSchema.parse({ style: 'apa', items });
}
