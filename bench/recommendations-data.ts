// Synthetic but realistic data for the recommender's benchmark: people in tag communities, cards with a
// power-law popularity inside each community, people whose activity follows a power law, and their likes,
// studied cards, follows and remixes spread over the year since each card was published. Written straight into
// the real schema. Deterministic for a given seed and size, so runs compare (dates are relative to the fill).

import pg from 'pg';
import type { CardFields, CardType } from '../contracts/cards.ts';
import { trendingWeights } from '../server/modules/explore/repository.ts';
import { hashedItemsOf } from '../server/modules/play/items.ts';
import { seededRandom } from '../server/lib/seeded-random.ts';
import type { Figure } from './lib/report.ts';

type Log = (line: string) => void;

export type RecommendationSizes = {
  cards: number;
  people: number;
  /** Likes, studied cards and follows together (remixes are cards, counted in `cards`). */
  interactions: number;
  seed: number;
};

export const defaultRecommendationSizes: RecommendationSizes = {
  cards: 100_000,
  people: 20_000,
  interactions: 1_000_000,
  seed: 20_261_127,
};

/** The shape of the data, whatever its size. Each number is described where it is used. */
export const generatorParameters = {
  /** Communities' sizes (cards and people) fall as 1 / rank^this: a few big subjects, many small ones. */
  communityExponent: 0.7,
  /** Tags of one community, the root first: picked by Zipf's law with this exponent (a few core tags). */
  communityTagExponent: 1.1,
  /** Of a card's tags: its community's, then general ones, then a neighbouring community's. */
  tagMix: { community: 0.85, general: 0.1, neighbour: 0.05 },
  /** A card's appeal inside its community is 1 / (rank + 1)^this, ranks shuffled: Zipf's law. */
  cardPopularityExponent: 0.9,
  /** Cards are published over the last year, `now - year × u^this`: more of them recent. */
  publishedSkew: 1.5,
  /** A card published less than this many days ago has had less time to be found: appeal × √(age / it). */
  exposureDays: 30,
  /** Share of people with no interaction at all (signed up, never came back): the cold users. */
  coldShare: 0.08,
  /**
   * Activity of the others is 1 + a Lomax (shifted Pareto) draw of this shape, scaled so that the interactions
   * add up to the size's: most people do a little, a few a great deal (the tail falls as x^-shape).
   */
  activityShape: 1.4,
  /** No one interacts with more than this share of all cards. */
  activityCapShare: 0.05,
  /** Of a person's interactions: follows, studied cards; the rest are likes. */
  interactionMix: { follows: 0.06, studied: 0.22 },
  /** Where a person's interactions go: their community, their second one, anywhere (by popularity). */
  attention: { primary: 0.75, secondary: 0.2, anywhere: 0.05, primaryWithoutSecondary: 0.93 },
  /** Share of people who also belong to a second community (half of them the neighbouring one). */
  secondCommunityShare: 0.55,
  /** Share of people who write cards; more among the most active tenth. */
  authorShare: 0.12,
  authorShareOfMostActive: 0.4,
  /** Cards of the authors of a community fall as 1 / (rank + 2)^this. */
  authorExponent: 1,
  /** Share of cards written outside the author's own community. */
  authorOutsideCommunity: 0.1,
  /** Share of cards that are remixes of an earlier, popular card of the same community. */
  remixShare: 0.015,
  /** Shares of cards that are not public (the feed must leave them out). */
  privateShare: 0.01,
  unlistedShare: 0.01,
  /** Of the studied cards, this share is picked among the person's own likes. */
  studyLikedShare: 0.5,
  /** Views per like: between these, log-uniformly, plus a few views that led to nothing. */
  viewsPerLike: [4, 40] as const,
} as const;

/** The subjects people gather around, each with words for its cards' titles. */
const COMMUNITIES: [name: string, words: string][] = [
  ['machine-learning', 'gradient loss model training feature embedding overfitting regularization'],
  ['statistics', 'variance estimator likelihood prior posterior sample hypothesis confidence'],
  ['linear-algebra', 'matrix vector eigenvalue determinant basis projection rank orthogonal'],
  ['calculus', 'derivative integral limit series convergence continuity chain-rule taylor'],
  ['algorithms', 'sorting graph heap recursion complexity greedy dynamic-programming search'],
  ['databases', 'index transaction join query schema isolation replication normal-form'],
  ['distributed-systems', 'consensus replica partition quorum leader clock failure raft'],
  ['compilers', 'parser grammar token syntax optimiser register bytecode closure'],
  ['security', 'encryption signature certificate cipher password injection session nonce'],
  ['web-development', 'request response cookie layout component cache header routing'],
  ['biology', 'cell membrane protein enzyme organism tissue metabolism evolution'],
  ['genetics', 'gene allele mutation chromosome inheritance expression genome sequencing'],
  ['neuroscience', 'neuron synapse cortex receptor plasticity memory signal dopamine'],
  ['medicine', 'diagnosis symptom dose therapy anatomy infection vaccine trial'],
  ['chemistry', 'molecule bond reaction catalyst acid base solution equilibrium'],
  ['physics', 'force energy momentum wave field charge entropy relativity'],
  ['astronomy', 'star galaxy orbit planet telescope redshift nebula supernova'],
  ['geology', 'rock mineral plate fault volcano sediment erosion fossil'],
  ['climate', 'carbon temperature ocean ice feedback emission forcing drought'],
  ['ecology', 'species habitat population predator niche biodiversity succession food-web'],
  ['history', 'empire treaty revolution dynasty war republic trade reform'],
  ['philosophy', 'ethics argument virtue knowledge mind logic freedom being'],
  ['economics', 'market price demand supply inflation interest growth policy'],
  ['finance', 'bond stock portfolio risk return option yield valuation'],
  ['law', 'contract court statute liability precedent evidence rights tort'],
  ['politics', 'election parliament party coalition vote constitution campaign sovereignty'],
  ['psychology', 'bias memory motivation emotion perception habit learning attention'],
  ['linguistics', 'phoneme morpheme syntax semantics dialect grammar pragmatics corpus'],
  ['literature', 'novel narrator plot character metaphor theme chapter tragedy'],
  ['poetry', 'verse rhyme metre sonnet stanza image haiku elegy'],
  ['music-theory', 'chord scale harmony rhythm melody interval cadence tempo'],
  ['art-history', 'painting sculpture fresco perspective portrait baroque renaissance canvas'],
  ['film', 'shot scene montage director lighting genre screenplay camera'],
  ['architecture', 'arch column facade vault plan structure material light'],
  ['cooking', 'sauce dough knife braise ferment roast spice stock'],
  ['spanish', 'verb tense subjunctive noun article idiom pronoun vocabulary'],
  ['japanese', 'kanji hiragana particle verb keigo counter katakana reading'],
  ['geography', 'river capital border mountain delta climate-zone map population'],
  ['sports-science', 'muscle endurance sprint recovery nutrition training-load tendon heart-rate'],
  ['chess', 'opening endgame gambit pawn tactic fork pin checkmate'],
];

/** The sub-topics a community's tags are made of (`machine-learning/basics`). */
const SUBTOPICS = [
  'basics',
  'theory',
  'methods',
  'history',
  'exercises',
  'notation',
  'examples',
  'tools',
  'applications',
  'proofs',
  'vocabulary',
  'research',
  'intuition',
  'exam-prep',
  'cheatsheet',
  'case-studies',
  'advanced',
  'glossary',
  'puzzles',
  'reading-list',
];
const SUBTOPICS_PER_COMMUNITY = 8;

/** Tags of every community, by Zipf's law over the list: the long tail of a tag vocabulary. */
const GENERAL_TAGS = [
  'beginner',
  'review',
  'summary',
  'definitions',
  'mnemonic',
  'diagram',
  'interview',
  'quiz',
  'daily',
  'reference',
  'lecture-notes',
  'textbook',
  'paper-notes',
  'open-question',
  'faq',
  'tips',
  'mistakes',
  'visual',
  'timeline',
  'formula',
  'quote',
  'biography',
  'overview',
  'deep-dive',
  'worked-example',
  'practice',
  'book',
  'course',
  'podcast',
  'video',
  'project',
  'til',
  'idea',
  'checklist',
  'comparison',
  'myth',
  'trivia',
  'intermediate',
  'expert',
  'flashcards',
];

const DAY = 24 * 3600 * 1000;
const YEAR = 365 * DAY;
/** People joined over the last year and a half. */
const JOINED_WITHIN = 540 * DAY;

/**
 * How much a person does, for picking people to measure with: `cold` none at all, `light` at most the first
 * quartile's interactions, `active` the most active tenth, `regular` the rest.
 */
export type ActivityClass = 'cold' | 'light' | 'regular' | 'active';

export type GeneratedPerson = {
  /** The profile's key, which is also the user's id (as for people who sign up). */
  key: string;
  email: string;
  handle: string;
  community: string;
  secondCommunity: string | null;
  likes: number;
  studied: number;
  follows: number;
  /** Cards written (remixes included). */
  cards: number;
  /** Likes, studied cards and follows together. */
  interactions: number;
  activity: ActivityClass;
};

/** A draw of indexes 0…n-1 by weight, through the cumulative weights (binary search). */
class WeightedPicker {
  readonly items: Int32Array;
  private readonly cumulative: Float64Array;
  readonly total: number;
  constructor(items: ArrayLike<number>, weight: (item: number) => number) {
    this.items = Int32Array.from(items);
    this.cumulative = new Float64Array(this.items.length);
    let total = 0;
    for (let i = 0; i < this.items.length; i++) this.cumulative[i] = total += weight(this.items[i]!);
    this.total = total;
  }
  /** An item, or -1 when every weight is zero. */
  pick(random: () => number): number {
    if (this.total <= 0) return -1;
    const target = random() * this.total;
    let low = 0;
    let high = this.items.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.cumulative[middle]! <= target) low = middle + 1;
      else high = middle;
    }
    return this.items[low]!;
  }
}

/** Draws 0…n-1 with probability ∝ 1 / (index + 1)^exponent. */
function zipfPicker(n: number, exponent: number) {
  return new WeightedPicker(
    Array.from({ length: n }, (_, i) => i),
    (i) => 1 / (i + 1) ** exponent,
  );
}

/** A version-4 UUID from the seeded generator, so the same data gets the same ids on every run. */
function seededUuid(random: () => number): string {
  const hex = (bits: number) =>
    Math.floor(random() * 2 ** bits)
      .toString(16)
      .padStart(bits / 4, '0');
  const variant = (8 + Math.floor(random() * 4)).toString(16);
  return `${hex(32)}-${hex(16)}-4${hex(12)}-${variant}${hex(12)}-${hex(24)}${hex(24)}`;
}

function shuffled(n: number, random: () => number): Int32Array {
  const order = Int32Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** Rounds up or down at random, so the expectation is kept: 0.3 becomes 1 three times in ten. */
function roundRandomly(value: number, random: () => number): number {
  const floor = Math.floor(value);
  return floor + (random() < value - floor ? 1 : 0);
}

/** Interactions of one kind, one row per index, in generation order. */
type Interactions = { card: Int32Array; person: Int32Array; at: Float64Array; count: number };

function interactions(capacity: number): Interactions {
  return {
    card: new Int32Array(capacity),
    person: new Int32Array(capacity),
    at: new Float64Array(capacity),
    count: 0,
  };
}

function push(list: Interactions, card: number, person: number, at: number) {
  list.card[list.count] = card;
  list.person[list.count] = person;
  list.at[list.count] = at;
  list.count++;
}

export type GeneratedCard = {
  id: string;
  community: number;
  author: number;
  title: string;
  body: string;
  type: CardType;
  fields: CardFields;
  tags: string[];
  visibility: 'public' | 'unlisted' | 'private';
  publishedAt: number;
  forkOf: number;
};

export type GeneratedData = {
  sizes: RecommendationSizes;
  now: number;
  tagVocabulary: string[];
  cards: GeneratedCard[];
  /** Per card: likes, remixes by other authors, views, studied (people), trending score. */
  cardLikes: Int32Array;
  cardRemixes: Int32Array;
  cardViews: Int32Array;
  cardStudied: Int32Array;
  trending: Float64Array;
  people: GeneratedPerson[];
  joinedAt: Float64Array;
  followers: Int32Array;
  likesReceived: Int32Array;
  likes: Interactions;
  studies: Interactions;
  /** `card` is the followed person's index here. */
  follows: Interactions;
};

function capitalised(text: string): string {
  return `${text[0]!.toUpperCase()}${text.slice(1)}`;
}

/**
 * Generates the data in memory: communities and their tags, people, authors, cards, remixes, then each
 * person's likes, studied cards and follows. Nothing random depends on the clock; dates are offsets from `now`.
 */
export function generateRecommendationData(
  sizes: RecommendationSizes = defaultRecommendationSizes,
  now = Date.now(),
): GeneratedData {
  const p = generatorParameters;
  const random = seededRandom(sizes.seed);
  const ids = seededRandom(sizes.seed ^ 0x5bd1e995);
  const pickFrom = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;

  // Communities and their tags.
  const communityCount = COMMUNITIES.length;
  const communityPicker = zipfPicker(communityCount, p.communityExponent);
  const communityTags = COMMUNITIES.map(([name]) => {
    const order = shuffled(SUBTOPICS.length, random);
    return [name, ...Array.from(order.slice(0, SUBTOPICS_PER_COMMUNITY), (i) => `${name}/${SUBTOPICS[i]}`)];
  });
  const tagVocabulary = [...communityTags.flat(), ...GENERAL_TAGS];
  const communityTagPicker = zipfPicker(SUBTOPICS_PER_COMMUNITY + 1, p.communityTagExponent);
  const generalTagPicker = zipfPicker(GENERAL_TAGS.length, 1);
  const neighbourOf = (community: number) =>
    (community + (random() < 0.5 ? 1 : communityCount - 1)) % communityCount;

  // People: communities, activity (how many interactions), and who writes.
  const peopleCount = sizes.people;
  const primary = new Int32Array(peopleCount);
  const secondary = new Int32Array(peopleCount).fill(-1);
  const joinedAt = new Float64Array(peopleCount);
  const rawActivity = new Float64Array(peopleCount);
  for (let person = 0; person < peopleCount; person++) {
    const community = communityPicker.pick(random);
    primary[person] = community;
    if (random() < p.secondCommunityShare) {
      let second = random() < 0.5 ? neighbourOf(community) : communityPicker.pick(random);
      while (second === community) second = communityPicker.pick(random);
      secondary[person] = second;
    }
    joinedAt[person] = now - JOINED_WITHIN * random();
    // Lomax: P(X > x) = (1 + x)^-shape for x ≥ 0.
    rawActivity[person] = random() < p.coldShare ? -1 : (1 - random()) ** (-1 / p.activityShape) - 1;
  }
  // Scale the activity so that the interactions add up to the size asked for (within the cap).
  const cap = Math.max(10, Math.floor(p.activityCapShare * sizes.cards));
  const scaled = (scale: number) => {
    let sum = 0;
    for (const raw of rawActivity) if (raw >= 0) sum += Math.min(cap, 1 + Math.round(raw * scale));
    return sum;
  };
  let low = 0;
  let high = 1;
  while (scaled(high) < sizes.interactions && high < 1e9) high *= 2;
  for (let i = 0; i < 60; i++) {
    const middle = (low + high) / 2;
    if (scaled(middle) < sizes.interactions) low = middle;
    else high = middle;
  }
  const activity = Int32Array.from(rawActivity, (raw) =>
    raw >= 0 ? Math.min(cap, 1 + Math.round(raw * high)) : 0,
  );
  const byActivity = [...activity].sort((a, b) => a - b);
  const topTenthFrom = byActivity[Math.floor(0.9 * peopleCount)] ?? 0;

  const isAuthor = new Uint8Array(peopleCount);
  const authorsOf: number[][] = Array.from({ length: communityCount }, () => []);
  for (let person = 0; person < peopleCount; person++) {
    const share =
      activity[person]! >= topTenthFrom && activity[person]! > 0 ? p.authorShareOfMostActive : p.authorShare;
    if (activity[person]! > 0 && random() < share) {
      isAuthor[person] = 1;
      authorsOf[primary[person]!]!.push(person);
    }
  }
  // Every community needs a few authors, however small the size.
  for (let community = 0; community < communityCount; community++) {
    const authors = authorsOf[community]!;
    for (let person = 0; authors.length < 3 && person < peopleCount; person++) {
      if (primary[person] === community && !isAuthor[person]) {
        isAuthor[person] = 1;
        authors.push(person);
      }
    }
    for (let attempt = 0; authors.length < 3 && attempt < 1000; attempt++) {
      const person = Math.floor(random() * peopleCount);
      if (!isAuthor[person]) {
        isAuthor[person] = 1;
        authors.push(person);
      }
    }
  }
  // Within a community, authors' output follows a power law over a shuffled order.
  const authorPickers = authorsOf.map((authors) => {
    const order = shuffled(authors.length, random);
    const rank = new Map(Array.from(order, (index, r) => [authors[index]!, r]));
    return new WeightedPicker(authors, (author) => 1 / (rank.get(author)! + 2) ** p.authorExponent);
  });

  // Cards: community, author, time, tags, content; then sorted by publication so remixes come after originals.
  const words = COMMUNITIES.map(([, list]) => list.split(' '));
  type Draft = Omit<GeneratedCard, 'id' | 'forkOf'>;
  const drafts: Draft[] = [];
  for (let i = 0; i < sizes.cards; i++) {
    const community = communityPicker.pick(random);
    const authorCommunity = random() < p.authorOutsideCommunity ? neighbourOf(community) : community;
    const author = authorPickers[authorCommunity]!.pick(random);
    const publishedAt = Math.min(now - 3600_000 * random(), now - YEAR * random() ** p.publishedSkew);
    const tagCount = pickFrom([1, 1, 1, 2, 2, 2, 2, 3, 3, 4]);
    const tags = new Set<string>();
    tags.add(communityTags[community]![communityTagPicker.pick(random)]!);
    while (tags.size < tagCount) {
      const roll = random();
      if (roll < p.tagMix.community) tags.add(communityTags[community]![communityTagPicker.pick(random)]!);
      else if (roll < p.tagMix.community + p.tagMix.general)
        tags.add(GENERAL_TAGS[generalTagPicker.pick(random)]!);
      else tags.add(communityTags[neighbourOf(community)]![communityTagPicker.pick(random)]!);
    }
    const vocabulary = words[community]!;
    const subject = pickFrom(vocabulary).replaceAll('-', ' ');
    const other = pickFrom(vocabulary).replaceAll('-', ' ');
    const subtopic = [...tags].find((tag) => tag.startsWith(`${COMMUNITIES[community]![0]}/`));
    const title = capitalised(
      other === subject
        ? `the ${subject}`
        : subtopic && random() < 0.5
          ? `${subject} and ${other}: ${subtopic.split('/')[1]!.replaceAll('-', ' ')}`
          : pickFrom([
              `${subject} and ${other}`,
              `the ${subject} of a ${other}`,
              `${subject} without ${other}`,
            ]),
    );
    const roll = random();
    const type: CardType = roll < 0.7 ? 'note' : roll < 0.9 ? 'flashcard' : 'cloze';
    const name = COMMUNITIES[community]![0].replaceAll('-', ' ');
    const [a, b, c] = [pickFrom(vocabulary), pickFrom(vocabulary), pickFrom(vocabulary)].map((word) =>
      word.replaceAll('-', ' '),
    );
    let body = '';
    let fields: CardFields = {};
    if (type === 'flashcard') {
      fields = { front: `What links ${a} and ${b} in ${name}?`, back: `The ${c}, through its ${a}.` };
    } else if (type === 'cloze') {
      body = `In ${name}, the {{c1::${a}}} of a ${b} depends on its {{c2::${c}}}.`;
    } else {
      body =
        `A note on the ${a} and the ${b}, as ${name} uses them. ` +
        `The ${c} explains most of it; the rest is worked through in an example.\n\n` +
        `- The ${a} comes first.\n- Then the ${b}, which depends on the ${c}.`;
    }
    const visibilityRoll = random();
    const visibility =
      visibilityRoll < p.privateShare
        ? 'private'
        : visibilityRoll < p.privateShare + p.unlistedShare
          ? 'unlisted'
          : 'public';
    drafts.push({
      community,
      author,
      title,
      body,
      type,
      fields,
      tags: [...tags],
      visibility,
      publishedAt,
    });
  }
  drafts.sort((x, y) => x.publishedAt - y.publishedAt);
  const cards: GeneratedCard[] = drafts.map((draft) => ({ ...draft, id: seededUuid(ids), forkOf: -1 }));

  // Each card's appeal: Zipf over a shuffled order within its community, less for the newest, none if private.
  const cardsOf: number[][] = Array.from({ length: communityCount }, () => []);
  cards.forEach((card, index) => cardsOf[card.community]!.push(index));
  const appeal = new Float64Array(cards.length);
  for (const list of cardsOf) {
    const order = shuffled(list.length, random);
    order.forEach((position, rank) => {
      const index = list[position]!;
      const card = cards[index]!;
      const ageDays = (now - card.publishedAt) / DAY;
      const exposure = Math.sqrt(Math.min(1, Math.max(0.05, ageDays / p.exposureDays)));
      const visible = card.visibility === 'public' ? 1 : card.visibility === 'unlisted' ? 0.1 : 0;
      appeal[index] = visible * exposure * (1 / (rank + 1) ** p.cardPopularityExponent);
    });
  }
  const cardPickers = cardsOf.map((list) => new WeightedPicker(list, (index) => appeal[index]!));
  const anyCard = new WeightedPicker(
    Array.from({ length: cards.length }, (_, i) => i),
    (index) => appeal[index]!,
  );

  // Remixes: a copy of an earlier popular card of the community, by another author, published after it.
  const cardRemixes = new Int32Array(cards.length);
  for (let index = 0; index < cards.length; index++) {
    const card = cards[index]!;
    if (card.visibility !== 'public' || random() >= p.remixShare) continue;
    for (let attempt = 0; attempt < 20; attempt++) {
      const original = cardPickers[card.community]!.pick(random);
      const source = cards[original];
      if (original < 0 || original >= index || !source || source.author === card.author) continue;
      card.forkOf = original;
      card.title = source.title;
      card.body = source.body ? `${source.body}\n\nMy own notes follow.` : source.body;
      card.type = source.type;
      card.fields = source.fields;
      card.tags = source.tags;
      cardRemixes[original]!++;
      break;
    }
  }

  // Authors, by popularity, for follows: the sum of their cards' appeal.
  const authorAppeal = new Float64Array(peopleCount);
  cards.forEach((card, index) => (authorAppeal[card.author]! += appeal[index]!));
  const authorsByCommunity = authorsOf.map(
    (authors) => new WeightedPicker(authors, (author) => authorAppeal[author]! + 1e-9),
  );
  const anyAuthor = new WeightedPicker(authorsOf.flat(), (author) => authorAppeal[author]! + 1e-9);
  // An author's join date comes before their first card.
  for (const card of cards)
    joinedAt[card.author] = Math.min(joinedAt[card.author]!, card.publishedAt - DAY * (1 + random() * 30));

  // Interactions, person by person.
  const likes = interactions(sizes.interactions);
  const studies = interactions(sizes.interactions);
  const follows = interactions(sizes.interactions);
  const people: GeneratedPerson[] = [];
  const cardLikes = new Int32Array(cards.length);
  const cardStudied = new Int32Array(cards.length);
  const followers = new Int32Array(peopleCount);
  const cardsWritten = new Int32Array(peopleCount);
  for (const card of cards) cardsWritten[card.author]!++;
  const keys = Array.from({ length: peopleCount }, () => seededUuid(ids));

  /** When a person acted on something published at `since`: after both, sooner rather than later. */
  const when = (person: number, since: number) => {
    const start = Math.max(since, joinedAt[person]!);
    return Math.min(now - 1000, start + (now - start) * random() ** 2);
  };
  const pickCard = (person: number): number => {
    const second = secondary[person]!;
    const roll = random();
    const a = p.attention;
    if (second < 0) {
      return roll < a.primaryWithoutSecondary
        ? cardPickers[primary[person]!]!.pick(random)
        : anyCard.pick(random);
    }
    if (roll < a.primary) return cardPickers[primary[person]!]!.pick(random);
    if (roll < a.primary + a.secondary) return cardPickers[second]!.pick(random);
    return anyCard.pick(random);
  };
  /** A card the person has not picked yet and did not write; the wider pool once theirs runs dry. */
  const pickNewCard = (person: number, taken: Set<number>): number => {
    for (let attempt = 0; attempt < 40; attempt++) {
      const index = attempt < 20 ? pickCard(person) : anyCard.pick(random);
      if (index >= 0 && !taken.has(index) && cards[index]!.author !== person) return index;
    }
    return -1;
  };

  for (let person = 0; person < peopleCount; person++) {
    const total = activity[person]!;
    const followCount = Math.min(roundRandomly(total * p.interactionMix.follows, random), total);
    const studyCount = Math.min(roundRandomly(total * p.interactionMix.studied, random), total - followCount);
    const likeCount = total - followCount - studyCount;

    const liked = new Set<number>();
    const likedList: number[] = [];
    for (let i = 0; i < likeCount; i++) {
      const index = pickNewCard(person, liked);
      if (index < 0) continue;
      liked.add(index);
      likedList.push(index);
      cardLikes[index]!++;
      push(likes, index, person, when(person, cards[index]!.publishedAt));
    }

    const studied = new Set<number>();
    for (let i = 0; i < studyCount; i++) {
      let index = -1;
      if (likedList.length > 0 && random() < p.studyLikedShare) {
        const candidate = likedList[Math.floor(random() * likedList.length)]!;
        if (!studied.has(candidate)) index = candidate;
      }
      if (index < 0) index = pickNewCard(person, studied);
      if (index < 0) continue;
      studied.add(index);
      cardStudied[index]!++;
      push(studies, index, person, when(person, cards[index]!.publishedAt));
    }

    const followed = new Set<number>();
    for (let i = 0; i < followCount; i++) {
      for (let attempt = 0; attempt < 30; attempt++) {
        const roll = random();
        const second = secondary[person]!;
        const author =
          roll < 0.15
            ? anyAuthor.pick(random)
            : authorsByCommunity[second >= 0 && roll < 0.4 ? second : primary[person]!]!.pick(random);
        if (author < 0 || author === person || followed.has(author)) continue;
        followed.add(author);
        followers[author]!++;
        push(follows, author, person, when(person, joinedAt[author]!));
        break;
      }
    }

    people.push({
      key: keys[person]!,
      email: `rec-person-${person + 1}@example.org`,
      handle: `reader_${person + 1}`,
      community: COMMUNITIES[primary[person]!]![0],
      secondCommunity: secondary[person]! >= 0 ? COMMUNITIES[secondary[person]!]![0] : null,
      likes: liked.size,
      studied: studied.size,
      follows: followed.size,
      cards: cardsWritten[person]!,
      interactions: liked.size + studied.size + followed.size,
      activity: 'regular',
    });
  }
  // Activity classes, from the interactions each person ended up with.
  const sorted = people.map((person) => person.interactions).sort((a, b) => a - b);
  const lightUpTo = sorted[Math.floor(0.25 * sorted.length)] ?? 0;
  const activeFrom = sorted[Math.floor(0.9 * sorted.length)] ?? 0;
  for (const person of people) {
    person.activity =
      person.interactions === 0
        ? 'cold'
        : person.interactions >= activeFrom
          ? 'active'
          : person.interactions <= lightUpTo
            ? 'light'
            : 'regular';
  }

  // Counters, as the app keeps them.
  const [fewest, most] = p.viewsPerLike;
  const cardViews = new Int32Array(cards.length);
  const trending = new Float64Array(cards.length);
  const likesReceived = new Int32Array(peopleCount);
  const w = trendingWeights;
  cards.forEach((card, index) => {
    const perLike = fewest * (most / fewest) ** random();
    const idle = Math.floor(40 * random() ** 3);
    cardViews[index] = Math.max(
      cardLikes[index]!,
      Math.round(cardLikes[index]! * perLike + cardStudied[index]! + idle),
    );
    likesReceived[card.author]! += cardLikes[index]!;
    trending[index] =
      (cardLikes[index]! * w.likes + cardRemixes[index]! * w.remixes + cardViews[index]! * w.views + w.base) /
      ((now - card.publishedAt) / 3_600_000 + w.ageOffsetHours) ** w.gravity;
  });

  return {
    sizes,
    now,
    tagVocabulary,
    cards,
    cardLikes,
    cardRemixes,
    cardViews,
    cardStudied,
    trending,
    people,
    joinedAt,
    followers,
    likesReceived,
    likes,
    studies,
    follows,
  };
}

/** The Gini coefficient of non-negative counts: 0 when all are equal, near 1 when one holds everything. */
export function gini(values: ArrayLike<number>): number {
  const sorted = Float64Array.from(values).sort();
  const n = sorted.length;
  let total = 0;
  let weighted = 0;
  for (let i = 0; i < n; i++) {
    total += sorted[i]!;
    weighted += (i + 1) * sorted[i]!;
  }
  return total === 0 ? 0 : (2 * weighted) / (n * total) - (n + 1) / n;
}

/** The share of the total held by the top `fraction` of values. */
export function topShare(values: ArrayLike<number>, fraction: number): number {
  const sorted = Float64Array.from(values).sort().reverse();
  const top = Math.max(1, Math.round(fraction * sorted.length));
  let head = 0;
  let total = 0;
  sorted.forEach((value, i) => {
    total += value;
    if (i < top) head += value;
  });
  return total === 0 ? 0 : head / total;
}

/** What the data holds, to show its shape: counts, and how unequal likes and activity are. */
export function summarise(data: GeneratedData) {
  const activity = data.people.map((person) => person.interactions);
  const classes = { cold: 0, light: 0, regular: 0, active: 0 };
  for (const person of data.people) classes[person.activity]++;
  const sortedActivity = [...activity].sort((a, b) => a - b);
  const cardsPerAuthor = new Map<number, number>();
  for (const card of data.cards) cardsPerAuthor.set(card.author, (cardsPerAuthor.get(card.author) ?? 0) + 1);
  return {
    cards: data.cards.length,
    people: data.people.length,
    authors: cardsPerAuthor.size,
    likes: data.likes.count,
    studied: data.studies.count,
    follows: data.follows.count,
    remixes: data.cards.filter((card) => card.forkOf >= 0).length,
    private: data.cards.filter((card) => card.visibility === 'private').length,
    unlisted: data.cards.filter((card) => card.visibility === 'unlisted').length,
    tags: new Set(data.cards.flatMap((card) => card.tags)).size,
    cardsWithoutLikes: data.cardLikes.filter((count) => count === 0).length,
    likesGini: gini(data.cardLikes),
    likesTop1Percent: topShare(data.cardLikes, 0.01),
    mostLikes: Math.max(...data.cardLikes),
    activityGini: gini(activity),
    activityTop1Percent: topShare(activity, 0.01),
    activityMedian: sortedActivity[Math.floor(sortedActivity.length / 2)] ?? 0,
    activityMax: sortedActivity[sortedActivity.length - 1] ?? 0,
    cardsPerAuthorGini: gini([...cardsPerAuthor.values()]),
    classes,
  };
}
export type DataSummary = ReturnType<typeof summarise>;

export function describeSummary(summary: DataSummary): string[] {
  const n = (value: number) => value.toLocaleString('en-US');
  const percent = (value: number) => `${(100 * value).toFixed(1)} %`;
  return [
    `${n(summary.cards)} cards (${n(summary.remixes)} remixes, ${n(summary.private)} private, ${n(summary.unlisted)} unlisted, ` +
      `${n(summary.tags)} tags) by ${n(summary.authors)} authors among ${n(summary.people)} people`,
    `${n(summary.likes)} likes, ${n(summary.studied)} studied cards, ${n(summary.follows)} follows`,
    `likes per card: Gini ${summary.likesGini.toFixed(2)}, top 1 % of cards hold ${percent(summary.likesTop1Percent)}, ` +
      `most ${n(summary.mostLikes)}, ${percent(summary.cardsWithoutLikes / summary.cards)} without any`,
    `interactions per person: Gini ${summary.activityGini.toFixed(2)}, top 1 % of people ${percent(summary.activityTop1Percent)}, ` +
      `median ${n(summary.activityMedian)}, most ${n(summary.activityMax)}; ` +
      `cold ${n(summary.classes.cold)}, light ${n(summary.classes.light)}, regular ${n(summary.classes.regular)}, active ${n(summary.classes.active)}`,
    `cards per author: Gini ${summary.cardsPerAuthorGini.toFixed(2)}`,
  ];
}

/** The sizes from REC_CARDS, REC_PEOPLE and REC_INTERACTIONS (and REC_SEED), the defaults otherwise. */
export function recommendationSizesFromEnv(env: NodeJS.ProcessEnv = process.env): RecommendationSizes {
  const number = (name: string, fallback: number, min: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number ≥ ${min}`);
    return value;
  };
  const d = defaultRecommendationSizes;
  return {
    cards: number('REC_CARDS', d.cards, 100),
    people: number('REC_PEOPLE', d.people, 100),
    interactions: number('REC_INTERACTIONS', d.interactions, 0),
    seed: number('REC_SEED', d.seed, 0),
  };
}

/** Tables the fill writes many rows to: their secondary indexes are dropped, then built again once. */
const FILLED_TABLES = ['cards', 'card_likes', 'review_states', 'follows'];
const ROWS_PER_STATEMENT = 5_000;
const CARDS_PER_STATEMENT = 2_000;

/** Runs `insert(from, to)` over 0…total in slices, two statements in flight (the pool has the connections). */
async function inSlices(
  total: number,
  size: number,
  insert: (from: number, to: number) => Promise<unknown>,
): Promise<void> {
  let pending: Promise<unknown> | undefined;
  for (let from = 0; from < total; from += size) {
    const next = insert(from, Math.min(total, from + size));
    // Awaited below; until then a failure must not count as unhandled (it would end the process).
    next.catch(() => undefined);
    if (pending) await pending;
    pending = next;
  }
  await pending;
}

const iso = (time: number) => new Date(time).toISOString();

/** A studied card's review state, as a person who has studied it a few times would have it. */
function reviewState(random: () => number, lastReview: number) {
  const roll = random();
  const state = roll < 0.8 ? 2 : roll < 0.88 ? 1 : 3;
  let reps = 1;
  while (reps < 30 && random() < 0.7) reps++;
  const lapses = state === 3 ? 1 + Math.floor(random() * 3) : random() < 0.15 ? 1 : 0;
  const stability = state === 2 ? 2 * 90 ** random() : 0.5 + random() * 2.5;
  const scheduledDays = state === 2 ? Math.max(1, Math.round(stability)) : 0;
  return {
    state,
    reps,
    lapses,
    stability,
    difficulty: 2 + random() * 7,
    scheduledDays,
    elapsedDays: reps > 1 ? Math.round(stability * (0.5 + random() * 0.5)) : 0,
    learningSteps: state === 2 ? 0 : 1,
    due: state === 2 ? lastReview + scheduledDays * DAY : lastReview + 10 * 60_000,
  };
}

/**
 * Fills the database at `databaseUrl` with generated people, cards and interactions (see
 * `generatorParameters`), into the real schema, as the app's own writes would leave it: the counters on cards
 * and profiles agree with the rows, and `card_neighbours` is left empty for the rebuild to fill (the like
 * trigger that adds to it is bypassed, see below). The secondary indexes of the filled tables are dropped and
 * built again once the rows are in, then the tables are vacuumed and analysed. Run it on a fresh database: it
 * refuses one that already holds generated people. Returns the fill's time as figures, the people with their
 * activity, and the data's summary (also logged).
 */
export async function seedRecommendationData(
  databaseUrl: string,
  log: Log,
  sizes: RecommendationSizes = defaultRecommendationSizes,
): Promise<{ figures: Figure[]; people: GeneratedPerson[]; summary: DataSummary }> {
  const n = (value: number) => value.toLocaleString('en-US');
  const started = performance.now();
  const data = generateRecommendationData(sizes);
  const generatedAt = performance.now();
  const summary = summarise(data);
  const { cards, people } = data;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  try {
    const existing = await pool.query<{ count: number }>(
      `select count(*)::int as count from users where email = $1`,
      [people[0]?.email ?? ''],
    );
    if ((existing.rows[0]?.count ?? 0) > 0)
      throw new Error('The database already holds generated people: fill a fresh one.');
    const role = await pool.query<{ superuser: boolean }>(
      `select rolsuper as superuser from pg_roles where rolname = current_user`,
    );
    const superuser = role.rows[0]?.superuser ?? false;
    const indexes = await pool.query<{ name: string; definition: string }>(
      `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i join pg_class t on t.oid = i.indrelid join pg_namespace s on s.oid = t.relnamespace
       where s.nspname = 'public' and t.relname = any($1::text[])
         and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
       order by t.relname, 1`,
      [FILLED_TABLES],
    );

    // The like trigger (migration 0016) would add to card_neighbours on every like, six reads and writes each;
    // the rebuild computes the table from the likes anyway. As superuser (the embedded database's user is), the
    // likes, review states and follows go in with `session_replication_role = replica`, which skips every
    // trigger of those tables for those sessions only: the like trigger and the foreign-key checks (the data
    // refers only to rows inserted before it, and this is checked once at the end). Otherwise the like trigger
    // is disabled for the fill (which needs only the table's owner, as the app's user is) and enabled again.
    const interactionPool = superuser
      ? new pg.Pool({
          connectionString: databaseUrl,
          max: 3,
          options: '-c session_replication_role=replica',
        })
      : pool;
    if (!superuser) await pool.query('alter table card_likes disable trigger card_likes_neighbours');
    try {
      for (const index of indexes.rows) await pool.query(`drop index ${index.name}`);

      await inSlices(people.length, ROWS_PER_STATEMENT, (from, to) => {
        const slice = people.slice(from, to);
        return pool.query(
          `insert into users (id, name, email, created_at, updated_at)
           select id, name, email, joined, joined
           from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[]) as input(id, name, email, joined)`,
          [
            slice.map((person) => person.key),
            slice.map((_, i) => `Reader ${from + i + 1}`),
            slice.map((person) => person.email),
            slice.map((_, i) => iso(data.joinedAt[from + i]!)),
          ],
        );
      });
      // Profiles after users (their key is the user's id); the trigger of migration 0013 puts each in #general.
      await inSlices(people.length, ROWS_PER_STATEMENT, (from, to) => {
        const slice = people.slice(from, to);
        return pool.query(
          `insert into profiles (key, user_id, handle, display_name, email, following, followers, cards, likes,
                                 created_at, updated_at)
           select key, key, handle, name, email, following, followers, cards, likes, joined, joined
           from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::int[], $7::int[], $8::int[],
                       $9::timestamptz[])
             as input(key, handle, name, email, following, followers, cards, likes, joined)`,
          [
            slice.map((person) => person.key),
            slice.map((person) => person.handle),
            slice.map((_, i) => `Reader ${from + i + 1}`),
            slice.map((person) => person.email),
            slice.map((person) => person.follows),
            slice.map((_, i) => data.followers[from + i]!),
            slice.map((person) => person.cards),
            slice.map((_, i) => data.likesReceived[from + i]!),
            slice.map((_, i) => iso(data.joinedAt[from + i]!)),
          ],
        );
      });
      log(`  ${n(people.length)} people in ${((performance.now() - generatedAt) / 1000).toFixed(1)} s`);

      const cardsStarted = performance.now();
      await inSlices(cards.length, CARDS_PER_STATEMENT, (from, to) => {
        const slice = cards.slice(from, to);
        const counter = (values: Int32Array | Float64Array) => Array.from(values.subarray(from, to));
        return pool.query(
          `insert into cards (id, author_key, title, body, type, fields, tags, visibility, status, version,
                              published_at, created_at, updated_at, likes, remixes, views, trending_score)
           select id, author, title, body, type, fields::jsonb, string_to_array(tags, ','), visibility, 'published', 1,
                  published, published, published, likes, remixes, views, trending
           from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                       $9::timestamptz[], $10::int[], $11::int[], $12::int[], $13::float8[])
             as input(id, author, title, body, type, fields, tags, visibility, published, likes, remixes, views,
                      trending)`,
          [
            slice.map((card) => card.id),
            slice.map((card) => people[card.author]!.key),
            slice.map((card) => card.title),
            slice.map((card) => card.body),
            slice.map((card) => card.type),
            slice.map((card) => JSON.stringify(card.fields)),
            slice.map((card) => card.tags.join(',')),
            slice.map((card) => card.visibility),
            slice.map((card) => iso(card.publishedAt)),
            counter(data.cardLikes),
            counter(data.cardRemixes),
            counter(data.cardViews),
            counter(data.trending),
          ],
        );
      });
      // Remixes name their originals once every card is in: an original may be in a slice still in flight.
      const remixes = cards.filter((card) => card.forkOf >= 0);
      await pool.query(
        `update cards set fork_of_id = input.original
         from unnest($1::uuid[], $2::uuid[]) as input(remix, original) where cards.id = input.remix`,
        [remixes.map((card) => card.id), remixes.map((card) => cards[card.forkOf]!.id)],
      );
      log(`  ${n(cards.length)} cards in ${((performance.now() - cardsStarted) / 1000).toFixed(1)} s`);

      const interactionsStarted = performance.now();
      const { likes, studies, follows } = data;
      await inSlices(likes.count, ROWS_PER_STATEMENT, (from, to) =>
        interactionPool.query(
          `insert into card_likes (card_id, profile_key, created_at)
           select * from unnest($1::uuid[], $2::text[], $3::timestamptz[])`,
          [
            Array.from(likes.card.subarray(from, to), (card) => cards[card]!.id),
            Array.from(likes.person.subarray(from, to), (person) => people[person]!.key),
            Array.from(likes.at.subarray(from, to), iso),
          ],
        ),
      );

      // Every study item of a studied card (a cloze card has one per deletion), hashed as the app hashes it.
      const items = new Map<number, { itemKey: string; contentHash: string }[]>();
      const itemsOf = (index: number) => {
        let list = items.get(index);
        if (!list) {
          const card = cards[index]!;
          list = hashedItemsOf(card, false).map(({ itemKey, contentHash }) => ({ itemKey, contentHash }));
          items.set(index, list);
        }
        return list;
      };
      const stateRandom = seededRandom(sizes.seed ^ 0x27d4eb2f);
      let reviewRows = 0;
      await inSlices(studies.count, ROWS_PER_STATEMENT, (from, to) => {
        const columns = {
          person: [] as string[],
          card: [] as string[],
          item: [] as string[],
          hash: [] as string[],
          state: [] as number[],
          due: [] as string[],
          stability: [] as number[],
          difficulty: [] as number[],
          elapsed: [] as number[],
          scheduled: [] as number[],
          steps: [] as number[],
          reps: [] as number[],
          lapses: [] as number[],
          last: [] as string[],
        };
        for (let i = from; i < to; i++) {
          const card = studies.card[i]!;
          for (const item of itemsOf(card)) {
            const lastReview = studies.at[i]!;
            const state = reviewState(stateRandom, lastReview);
            columns.person.push(people[studies.person[i]!]!.key);
            columns.card.push(cards[card]!.id);
            columns.item.push(item.itemKey);
            columns.hash.push(item.contentHash);
            columns.state.push(state.state);
            columns.due.push(iso(state.due));
            columns.stability.push(state.stability);
            columns.difficulty.push(state.difficulty);
            columns.elapsed.push(state.elapsedDays);
            columns.scheduled.push(state.scheduledDays);
            columns.steps.push(state.learningSteps);
            columns.reps.push(state.reps);
            columns.lapses.push(state.lapses);
            columns.last.push(iso(lastReview));
          }
        }
        reviewRows += columns.person.length;
        return interactionPool.query(
          `insert into review_states (profile_key, card_id, item_key, content_hash, state, due, stability, difficulty,
                                      elapsed_days, scheduled_days, learning_steps, reps, lapses, last_review,
                                      updated_at)
           select person, card, item, hash, state, due, stability, difficulty, elapsed, scheduled, steps, reps, lapses,
                  last, last
           from unnest($1::text[], $2::uuid[], $3::text[], $4::text[], $5::smallint[], $6::timestamptz[],
                       $7::float8[], $8::float8[], $9::int[], $10::int[], $11::int[], $12::int[], $13::int[],
                       $14::timestamptz[])
             as input(person, card, item, hash, state, due, stability, difficulty, elapsed, scheduled, steps, reps,
                      lapses, last)`,
          Object.values(columns),
        );
      });

      await inSlices(follows.count, ROWS_PER_STATEMENT, (from, to) =>
        interactionPool.query(
          `insert into follows (follower_key, followee_key, created_at)
           select * from unnest($1::text[], $2::text[], $3::timestamptz[])`,
          [
            Array.from(follows.person.subarray(from, to), (person) => people[person]!.key),
            Array.from(follows.card.subarray(from, to), (followee) => people[followee]!.key),
            Array.from(follows.at.subarray(from, to), iso),
          ],
        ),
      );
      log(
        `  ${n(likes.count)} likes, ${n(reviewRows)} review states (${n(studies.count)} studied cards), ` +
          `${n(follows.count)} follows in ${((performance.now() - interactionsStarted) / 1000).toFixed(1)} s`,
      );
    } finally {
      if (superuser) await interactionPool.end();
      else await pool.query('alter table card_likes enable trigger card_likes_neighbours');
    }
    const insertedAt = performance.now();

    await Promise.all(
      [0, 1].map(async (worker) => {
        const client = await pool.connect();
        try {
          await client.query(`set maintenance_work_mem = '256MB'`);
          for (const [i, index] of indexes.rows.entries())
            if (i % 2 === worker) await client.query(index.definition);
        } finally {
          client.release();
        }
      }),
    );
    for (const table of [...FILLED_TABLES, 'users', 'profiles', 'conversation_members', 'search_head_terms'])
      await pool.query(`vacuum analyze ${table}`);
    // Write the filled tables out now, not over the next minutes in the middle of the measurements.
    if (superuser) await pool.query('checkpoint');
    const indexedAt = performance.now();

    // The rows as the database holds them, and the counters against the rows they count.
    const check = await pool.query<{
      cards: number;
      people: number;
      likes: number;
      review_states: number;
      follows: number;
      neighbours: number;
      dangling: number;
      card_likes_off: number;
      profiles_off: number;
    }>(
      `select (select count(*)::int from cards c join profiles p on p.key = c.author_key where p.email like 'rec-person-%') as cards,
              (select count(*)::int from profiles where email like 'rec-person-%') as people,
              (select count(*)::int from card_likes l join profiles p on p.key = l.profile_key where p.email like 'rec-person-%') as likes,
              (select count(*)::int from review_states r join profiles p on p.key = r.profile_key where p.email like 'rec-person-%') as review_states,
              (select count(*)::int from follows f join profiles p on p.key = f.follower_key where p.email like 'rec-person-%') as follows,
              (select count(*)::int from card_neighbours) as neighbours,
              (select count(*)::int from card_likes l
                where not exists (select 1 from cards c where c.id = l.card_id)
                   or not exists (select 1 from profiles p where p.key = l.profile_key))
            + (select count(*)::int from review_states r
                where not exists (select 1 from cards c where c.id = r.card_id)
                   or not exists (select 1 from profiles p where p.key = r.profile_key))
            + (select count(*)::int from follows f
                where not exists (select 1 from profiles p where p.key = f.follower_key)
                   or not exists (select 1 from profiles p where p.key = f.followee_key)) as dangling,
              (select count(*)::int from cards c
                where c.likes <> (select count(*) from card_likes l where l.card_id = c.id)) as card_likes_off,
              (select count(*)::int from profiles p where p.email like 'rec-person-%' and (
                 p.likes <> (select coalesce(sum(c.likes), 0) from cards c where c.author_key = p.key and c.deleted_at is null)
                 or p.cards <> (select count(*) from cards c where c.author_key = p.key and c.status = 'published' and c.deleted_at is null)
                 or p.followers <> (select count(*) from follows f where f.followee_key = p.key)
                 or p.following <> (select count(*) from follows f where f.follower_key = p.key))) as profiles_off`,
    );
    const rows = check.rows[0]!;
    if (rows.dangling !== 0)
      throw new Error(`${rows.dangling} rows refer to cards or people that do not exist`);
    if (rows.card_likes_off !== 0 || rows.profiles_off !== 0)
      throw new Error(
        `the counters disagree with the rows: ${rows.card_likes_off} cards, ${rows.profiles_off} profiles`,
      );
    if (rows.cards !== cards.length || rows.likes !== data.likes.count || rows.follows !== data.follows.count)
      throw new Error(`the database holds other counts than were generated: ${JSON.stringify(rows)}`);

    for (const line of describeSummary(summary)) log(`  ${line}`);
    log(
      `  filled in ${((indexedAt - started) / 1000).toFixed(1)} s: generated in ${((generatedAt - started) / 1000).toFixed(1)} s, ` +
        `inserted in ${((insertedAt - generatedAt) / 1000).toFixed(1)} s, indexes and VACUUM ANALYZE in ` +
        `${((indexedAt - insertedAt) / 1000).toFixed(1)} s (the like trigger bypassed ` +
        `${superuser ? 'by session_replication_role' : 'by disabling it: not superuser'}); ` +
        `${n(rows.review_states)} review states, ${n(rows.neighbours)} neighbour pairs; every reference holds ` +
        `and the counters agree with the rows`,
    );
    const benchmark =
      `Recommendations: fill ${n(cards.length)} cards, ${n(people.length)} people, ` +
      `${n(sizes.interactions)} interactions`;
    return {
      figures: [
        {
          id: 'recommendations.fillSeconds',
          benchmark,
          name: 'Generate, insert, index and analyse (s)',
          unit: 'count',
          better: 'lower',
          value: Math.round((indexedAt - started) / 1000),
        },
      ],
      people,
      summary,
    };
  } finally {
    await pool.end();
  }
}
