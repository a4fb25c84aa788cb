import { describe, expect, it } from 'vitest';
import { recommendationFeatures } from '../../../contracts/recommendations.ts';
import {
  arrange,
  featuresOf,
  filterOf,
  reasonOf,
  score,
  type Candidate,
  type PersonContext,
} from './ranking.ts';
import { tiltedWeights, weights } from './weights.ts';

const now = new Date('2026-11-26T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

function person(overrides: Partial<PersonContext> = {}): PersonContext {
  return {
    profileKey: 'me',
    follows: new Set(),
    authorLikes: new Map(),
    likedCards: new Set(),
    studiedCards: new Set(),
    impressions: new Map(),
    feedback: { cards: new Set(), authors: new Set(), tags: new Set(), muted: new Set() },
    tagWeights: new Map(),
    weights: tiltedWeights(0),
    siteLikeRate: 0.05,
    now,
    served: new Set(),
    pickedTags: [],
    ...overrides,
  };
}

let counter = 0;
function card(overrides: Partial<Candidate> = {}): Candidate {
  counter++;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    title: `Card ${counter}`,
    authorKey: `author-${counter}`,
    authorHandle: `author_${counter}`,
    tags: [],
    forkOfId: null,
    publishedAt: now,
    likes: 0,
    views: 0,
    sources: { trending: 1 },
    ...overrides,
  };
}

describe('features', () => {
  it('computes each feature from the card and the person, as written in the weights', () => {
    const candidate = card({
      authorKey: 'ada',
      tags: ['ml', 'rust', 'go', 'art'],
      publishedAt: daysAgo(weights.freshnessHalfLifeDays),
      likes: 9,
      views: 80,
      sources: { neighbours: 2, trending: 5 },
    });
    const values = featuresOf(
      candidate,
      person({
        follows: new Set(['ada']),
        authorLikes: new Map([['ada', 1]]),
        studiedCards: new Set([candidate.id]),
        impressions: new Map([[candidate.id, { count: 2, opened: false }]]),
        feedback: { cards: new Set(), authors: new Set(['ada']), tags: new Set(['rust']), muted: new Set() },
      }),
      new Map([
        ['neighbours', 4],
        ['trending', 5],
      ]),
    );
    expect(values.neighbours).toBeCloseTo(0.5, 10); // 2 of the source's best 4
    expect(values.trending).toBeCloseTo(1, 10);
    expect(values.following).toBe(0); // not proposed by that source
    expect(values.freshness).toBeCloseTo(0.5, 10); // one half-life old
    expect(values.authorAffinity).toBeCloseTo(3 / 5, 10); // one like + a follow (2), over 5
    // (9 + 20 × 0.05) / (80 + 20) = 0.1, over three times the site's rate (0.15).
    expect(values.quality).toBeCloseTo(0.1 / 0.15, 10);
    expect(values.seen).toBeCloseTo(2 / weights.ignoredAfter, 10);
    expect(values.studied).toBe(1);
    expect(values.lessAuthor).toBe(1);
    expect(values.lessTag).toBeCloseTo(1 / 4, 10);
  });

  it('scores by the weighted sum, every contribution shown, best first', () => {
    const strong = card({ sources: { neighbours: 10 } });
    const weak = card({ sources: { neighbours: 1 } });
    const ranked = score([weak, strong], person());
    expect(ranked.map((item) => item.candidate.id)).toEqual([strong.id, weak.id]);
    expect(ranked.map((item) => item.rankBefore)).toEqual([1, 2]);
    const [first] = ranked;
    expect(first!.features.map((feature) => feature.name)).toEqual([...recommendationFeatures]);
    const sum = first!.features.reduce((total, feature) => total + feature.value * feature.weight, 0);
    expect(first!.score).toBeCloseTo(sum, 10);
  });

  it('tilts toward people followed or toward new topics', () => {
    expect(tiltedWeights(-1).following).toBeGreaterThan(tiltedWeights(1).following);
    expect(tiltedWeights(1).fresh).toBeGreaterThan(tiltedWeights(-1).fresh);
    expect(tiltedWeights(0)).toEqual(weights.features);
  });
});

describe('filters', () => {
  it('names the first filter a card fails', () => {
    const me = person({
      likedCards: new Set(['liked']),
      served: new Set(['served']),
      impressions: new Map([
        ['ignored', { count: 3, opened: false }],
        ['opened', { count: 5, opened: true }],
      ]),
      feedback: { cards: new Set(['dull']), authors: new Set(), tags: new Set(), muted: new Set(['hush']) },
    });
    expect(filterOf(card({ authorKey: 'me' }), me)).toBe('own-card');
    expect(filterOf(card({ authorKey: 'hush' }), me)).toBe('muted-author');
    expect(filterOf(card({ id: 'dull' }), me)).toBe('not-interested');
    expect(filterOf(card({ id: 'liked' }), me)).toBe('already-liked');
    expect(filterOf(card({ id: 'served' }), me)).toBe('already-shown');
    expect(filterOf(card({ id: 'ignored' }), me)).toBe('ignored');
    expect(filterOf(card({ id: 'opened' }), me)).toBeUndefined();
  });

  it('keeps at most two cards of an author on a page, moving the others to the next page', () => {
    const prolific = Array.from({ length: 5 }, (_, i) =>
      card({ authorKey: 'busy', sources: { trending: 100 - i } }),
    );
    const others = Array.from({ length: 6 }, (_, i) => card({ sources: { trending: 50 - i } }));
    const { placed, removed } = arrange(score([...prolific, ...others], person()), person(), {
      pageSize: 4,
      perAuthor: 2,
      maxItems: 100,
    });
    const pages = new Map<number, string[]>();
    for (const item of placed)
      pages.set(item.page, [...(pages.get(item.page) ?? []), item.candidate.authorKey]);
    for (const authors of pages.values()) {
      expect(authors.filter((author) => author === 'busy').length).toBeLessThanOrEqual(2);
      expect(authors.length).toBeLessThanOrEqual(4);
    }
    expect(placed).toHaveLength(11); // nobody is dropped, only moved
    expect(removed).toEqual([]);
    // A list that ends with the first page leaves them out, and says why.
    const short = arrange(score([...prolific, ...others], person()), person(), {
      pageSize: 4,
      perAuthor: 2,
      maxItems: 4,
    });
    expect(
      short.removed.filter((item) => item.filter === 'author-cap').map((item) => item.rankBefore),
    ).toEqual([3, 4, 5]);
  });

  it('shows one card of an original and its remixes, the best scored', () => {
    const original = card({ sources: { trending: 1 } });
    const remix = card({ forkOfId: original.id, sources: { trending: 9 } });
    const sibling = card({ forkOfId: original.id, sources: { trending: 5 } });
    const { placed, removed } = arrange(score([original, remix, sibling], person()), person(), {
      pageSize: 10,
      perAuthor: 10,
      maxItems: 10,
    });
    expect(placed.map((item) => item.candidate.id)).toEqual([remix.id]);
    expect(removed.map((item) => [item.candidate.id, item.filter])).toEqual([
      [sibling.id, 'remix-of-shown'],
      [original.id, 'remix-of-shown'],
    ]);
  });

  it('gives every seventh place to the best fresh card not yet placed', () => {
    const popular = Array.from({ length: 10 }, (_, i) => card({ sources: { neighbours: 100 - i } }));
    const fresh = card({ sources: { fresh: 0.01 } });
    const { placed } = arrange(score([...popular, fresh], person()), person(), {
      pageSize: 20,
      perAuthor: 2,
      maxItems: 20,
    });
    expect(placed[weights.explorationEvery - 1]!.candidate.id).toBe(fresh.id);
  });
});

describe('reasons', () => {
  it('names the source that did most, in words', () => {
    const me = person({ tagWeights: new Map([['ml', 2]]), pickedTags: ['go'] });
    const [liked] = score(
      [card({ sources: { neighbours: 1 }, seed: { title: 'Attention', kind: 'engaged' } })],
      me,
    );
    expect(reasonOf(liked!, me)).toEqual({
      source: 'neighbours',
      text: 'Because you liked or studied “Attention”',
    });
    const [followed] = score([card({ authorHandle: 'ada', sources: { following: 1 } })], me);
    expect(reasonOf(followed!, me)).toEqual({ source: 'following', text: 'From @ada, whom you follow' });
    const [tagged] = score([card({ tags: ['ml'], sources: { tags: 1 } })], me);
    expect(reasonOf(tagged!, me)).toEqual({ source: 'tags', text: 'More about #ml' });
    const [picked] = score([card({ tags: ['go'], sources: { trending: 1 } })], me);
    expect(reasonOf(picked!, me)).toEqual({ source: 'trending', text: 'Popular in #go' });
  });
});
