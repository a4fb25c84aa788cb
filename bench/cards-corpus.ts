// A synthetic but realistic corpus of knowledge cards for the search and feed benchmarks: titles, tags and
// bodies of a few hundred words, with words drawn from a Zipf distribution (a few very common words, a long
// tail of rare ones), as in real text. Deterministic for a given seed, so runs compare.

import { seededRandom } from '../server/lib/seeded-random.ts';

/** Subject words, most frequent first: the head of the vocabulary. */
const HEAD = `
learning model data function value system network method example problem set time order graph
vector matrix algorithm result training error state number memory space point rate layer feature
distribution probability sample loss gradient process structure theory user item query index
search ranking recommendation signal pattern class type variable equation proof theorem lemma
language word sentence token embedding attention transformer encoder decoder sequence context
tree node edge path cycle flow cut heap stack queue list array hash table key cache page disk
file thread lock transaction log commit replica partition shard cluster server client request
response protocol packet latency throughput bandwidth compiler parser grammar syntax semantics
type-checker interpreter runtime garbage collector pointer reference closure object method trait
interface module package library dependency version release test benchmark profile trace metric
cell protein gene enzyme membrane neuron synapse receptor hormone species population evolution
selection mutation ecosystem climate carbon energy entropy temperature pressure volume force mass
velocity acceleration momentum wave frequency field charge current voltage resistance circuit
photon electron atom molecule bond reaction catalyst acid base solution crystal lattice spin
empire war treaty revolution republic parliament constitution dynasty trade market price demand
supply inflation interest debt credit bank currency tax policy election law court contract
poem novel author character plot narrative metaphor rhythm verse chapter myth symbol painting
sculpture music harmony melody scale chord tempo composer symphony opera film camera light colour
regression classification clustering boosting bagging forest kernel margin support perceptron
backpropagation optimizer momentum regularization dropout normalization convolution pooling
recurrent residual bottleneck autoencoder variational adversarial diffusion score likelihood
posterior prior bayesian inference estimator bias variance overfitting underfitting validation
cross-entropy softmax sigmoid activation logit calibration precision recall accuracy auc ndcg
collaborative filtering factorization implicit feedback cold-start candidate retrieval reranking
exploration exploitation bandit reward policy agent environment episode value-function q-learning
markov chain monte carlo sampling importance rejection gibbs metropolis hastings ergodic stationary
eigenvalue eigenvector determinant trace rank nullspace orthogonal projection basis span dimension
derivative integral limit series convergence continuity topology manifold metric norm inner product
group ring field module homomorphism isomorphism kernel image quotient subgroup permutation symmetry
prime divisor modulus congruence residue polynomial root factor fraction decimal logarithm exponent
sorting searching hashing dynamic programming greedy divide conquer recursion iteration induction
complexity polynomial exponential logarithmic amortized worst-case average-case lower-bound reduction
automaton regular expression context-free turing machine halting decidable undecidable oracle
database relation schema normal-form join projection selection aggregate view trigger constraint
consistency availability durability isolation atomicity consensus raft paxos quorum leader follower
encryption signature certificate key-exchange cipher block stream nonce salt password authentication
authorization session cookie token origin header request-forgery injection sanitization escaping
`;

/** Words that carry the sentences between subject words. English stop words are among them on purpose. */
const FILLER = `
the a an of to in and or is are was were be been it this that these those with for on by from as at
which when where while because although however therefore thus so then also often usually sometimes
we you they one can may might must should could would will each every many most some few more less
new old large small simple hard easy first second last next other same different important useful
shows gives makes uses finds builds keeps takes explains describes compares measures improves reduces
`;

const SYLLABLES = [
  'ka',
  'lo',
  'mir',
  'ven',
  'tor',
  'qua',
  'zel',
  'pra',
  'dun',
  'sel',
  'rix',
  'bo',
  'na',
  'thi',
  'gor',
  'ul',
];

/** Proper-noun-like rare words: the long tail of the vocabulary (names, jargon, identifiers). */
function tailWords(count: number, random: () => number): string[] {
  const words = new Set<string>();
  while (words.size < count) {
    const length = 2 + Math.floor(random() * 3);
    let word = '';
    for (let i = 0; i < length; i++) word += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    words.add(word);
  }
  return [...words];
}

/** Tags, the broad ones first; nested tags use `/`. */
export const benchTags = [
  'ml',
  'ml/recsys',
  'ml/deep-learning',
  'math',
  'math/linear-algebra',
  'algorithms',
  'databases',
  'systems',
  'security',
  'biology',
  'physics',
  'chemistry',
  'history',
  'economics',
  'literature',
  'music',
  'ml/nlp',
  'ml/reinforcement-learning',
  'math/probability',
  'math/number-theory',
  'algorithms/graphs',
  'databases/transactions',
  'systems/distributed',
  'systems/compilers',
  'security/crypto',
  'biology/genetics',
  'physics/quantum',
  'history/modern',
  'art',
  'statistics',
];

/** Draws indexes 0…n-1 with probability ∝ 1/(index + 1): Zipf's law with exponent 1. */
function zipf(n: number, random: () => number): () => number {
  const cumulative = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) cumulative[i] = total += 1 / (i + 1);
  return () => {
    const target = random() * total;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

export type BenchCard = { title: string; body: string; tags: string[]; type: string };

/** A generator of cards; `vocabulary` is the subject words in frequency order, for picking search terms. */
export function corpus(seed = 42) {
  const random = seededRandom(seed);
  const head = HEAD.split(/\s+/).filter(Boolean);
  const vocabulary = [...head, ...tailWords(20_000, random)];
  const filler = FILLER.split(/\s+/).filter(Boolean);
  const subjectWord = zipf(vocabulary.length, random);
  const titleWord = zipf(head.length, random);
  const tagIndex = zipf(benchTags.length, random);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;

  function sentence(): string {
    const length = 8 + Math.floor(random() * 14);
    const words: string[] = [];
    for (let i = 0; i < length; i++) {
      if (random() < 0.45) words.push(pick(filler));
      else {
        const word = vocabulary[subjectWord()]!;
        // Some emphasis and wiki links, as people write them.
        const roll = random();
        words.push(roll < 0.02 ? `**${word}**` : roll < 0.03 ? `[[${word}]]` : word);
      }
    }
    const text = words.join(' ');
    return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
  }

  function card(): BenchCard {
    const titleLength = 2 + Math.floor(random() * 3);
    const title = Array.from({ length: titleLength }, () => head[titleWord()]!).join(' ');
    const paragraphs: string[] = [];
    const sentences = 12 + Math.floor(random() * 16);
    let paragraph: string[] = [];
    for (let i = 0; i < sentences; i++) {
      paragraph.push(sentence());
      if (paragraph.length >= 4 || i === sentences - 1) {
        paragraphs.push(paragraph.join(' '));
        paragraph = [];
      }
    }
    const body = `## ${title}\n\n${paragraphs.join('\n\n')}`;
    const tags = [
      ...new Set(Array.from({ length: 1 + Math.floor(random() * 3) }, () => benchTags[tagIndex()]!)),
    ];
    const type = random() < 0.7 ? 'note' : pick(['flashcard', 'code', 'paper', 'link', 'cloze']);
    return { title: `${title[0]!.toUpperCase()}${title.slice(1)}`, body, tags, type };
  }

  return { card, vocabulary, random };
}
