// Generated data of the research scenario: a BibTeX library as reference managers export it, the rows of a
// research centre's public papers, and a citation graph for the literature map. All seeded: the same on every
// run for a given size.

import { seededRandom } from '../server/lib/seeded-random.ts';

const givenNames = [
  'Ada',
  'Alan',
  'Grace',
  'Yehuda',
  'Steffen',
  'Xiangnan',
  'Maria',
  'Wei',
  'Lars',
  'Chris',
  'Fei',
  'Jure',
  'Yoshua',
  'Geoffrey',
  'Daphne',
  'Kaiming',
  'Ashish',
  'Noam',
  'Jakob',
  'Ilya',
  'Oriol',
  'Quoc',
  'Tomas',
  'Jeff',
  'Andrew',
  'Michael',
  'Lisa',
  'Hugo',
  'Sofia',
  'Kenji',
  'Aiko',
  'Priya',
  'Ravi',
  'Olga',
  'Ivan',
  'Chloé',
  'Jörg',
  'Zoë',
  'Luis',
  'Ana',
];
const familyNames = [
  'Koren',
  'Rendle',
  'He',
  'Bell',
  'Volinsky',
  'Leskovec',
  'Bengio',
  'Hinton',
  'Koller',
  'Vaswani',
  'Shazeer',
  'Uszkoreit',
  'Sutskever',
  'Vinyals',
  'Le',
  'Mikolov',
  'Dean',
  'Ng',
  'Jordan',
  'Getoor',
  'Larochelle',
  'García',
  'Müller',
  'Nguyen',
  'Tanaka',
  'Sato',
  'Patel',
  'Sharma',
  'Ivanova',
  'Petrov',
  'Dubois',
  'Schmidt',
  'Rossi',
  'Kowalski',
  'Andersson',
  'Silva',
  'Kim',
  'Park',
  'Chen',
  'Wang',
  'Li',
  'Zhang',
  'Liu',
  'Yang',
  'Huang',
  'Zhao',
  'Wu',
  'Zhou',
  'Xu',
  'Sun',
];
const journals = [
  'Computer',
  'ACM Transactions on Information Systems',
  'Journal of Machine Learning Research',
  'IEEE Transactions on Knowledge and Data Engineering',
  'Information Retrieval Journal',
  'Cognitive Science',
  'Memory & Cognition',
  'Nature Machine Intelligence',
  'Machine Learning',
  'User Modeling and User-Adapted Interaction',
];
const conferences = [
  'Proceedings of the ACM Conference on Recommender Systems',
  'Advances in Neural Information Processing Systems',
  'Proceedings of the International Conference on Machine Learning',
  'Proceedings of the Web Conference',
  'Proceedings of SIGIR',
  'Proceedings of KDD',
  'Proceedings of WSDM',
  'Proceedings of ACL',
  'International Conference on Learning Representations',
  'Proceedings of Learning at Scale',
];
/** Words of titles and abstracts: the subject's, then the prose between them. */
const subjectWords = [
  'recommendation',
  'retrieval',
  'ranking',
  'matrix',
  'factorization',
  'collaborative',
  'filtering',
  'neural',
  'graph',
  'attention',
  'transformer',
  'embedding',
  'implicit',
  'feedback',
  'bayesian',
  'personalized',
  'sequential',
  'session',
  'contrastive',
  'learning',
  'spaced',
  'repetition',
  'memory',
  'forgetting',
  'curve',
  'scheduling',
  'knowledge',
  'tracing',
  'students',
  'retention',
  'language',
  'models',
  'diffusion',
  'reinforcement',
  'bandits',
  'exploration',
  'causal',
  'inference',
  'fairness',
  'evaluation',
  'offline',
  'metrics',
  'scalable',
  'distributed',
  'sparse',
  'dense',
  'hashing',
  'nearest',
  'neighbours',
  'clustering',
  'variational',
  'autoencoders',
  'citation',
  'networks',
  'scholarly',
  'search',
  'question',
  'answering',
  'summarization',
  'active',
  'recall',
  'interleaving',
  'cognitive',
  'load',
];
const fillerWords = [
  'we',
  'propose',
  'a',
  'new',
  'method',
  'for',
  'the',
  'problem',
  'of',
  'and',
  'show',
  'that',
  'it',
  'outperforms',
  'strong',
  'baselines',
  'on',
  'three',
  'public',
  'datasets',
  'our',
  'approach',
  'is',
  'simple',
  'to',
  'implement',
  'in',
  'this',
  'paper',
  'study',
  'how',
  'results',
  'suggest',
  'with',
  'experiments',
  'analysis',
  'which',
  'can',
  'be',
  'used',
  'by',
  'practitioners',
  'large',
  'scale',
];
/** Research tags (topics) and their share of papers. */
export const researchTags = [
  'ml/recsys',
  'ml/ir',
  'ml/nlp',
  'ml/deep-learning',
  'learning-science',
  'learning-science/spaced-repetition',
  'education',
  'graphs',
  'evaluation',
  'fairness',
  'bandits',
  'cognition',
];
/** The tags of the topic the search's topic filter uses. */
export const topicTags = ['ml/recsys', 'ml/ir'];

/** One generated paper's record. */
export type GeneratedPaper = {
  key: string;
  kind: 'article' | 'inproceedings';
  title: string;
  authors: { given: string; family: string }[];
  venue: string;
  year: number;
  doi?: string;
  arxiv?: string;
  url?: string;
  abstract: string;
  keywords: string[];
  volume?: number;
  issue?: number;
  pages?: string;
  codeUrl?: string;
};

/** A generator of paper records: `next()` gives a fresh paper, `n` makes DOIs and keys unique. */
export function paperGenerator(seed: number, doiPrefix: string) {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  // Subject words by Zipf's law: a few in many titles, most in a few.
  const zipf = () => subjectWords[Math.floor(subjectWords.length * random() ** 2.2)]!;
  // Abstracts: one word in seven from the subject, the rest the prose between them.
  const sentence = (words: number) =>
    Array.from({ length: words }, () => (random() < 0.15 ? zipf() : pick(fillerWords))).join(' ');
  let n = 0;
  return {
    random,
    next(): GeneratedPaper {
      n++;
      const titleWords = Array.from({ length: 4 + Math.floor(random() * 6) }, zipf);
      titleWords.splice(1 + Math.floor(random() * 3), 0, pick(['for', 'of', 'with', 'in', 'and']));
      const title = titleWords.join(' ').replace(/^./, (c) => c.toUpperCase()) + ` ${n}`;
      const authors = Array.from({ length: 1 + Math.floor(random() ** 1.6 * 8) }, () => ({
        given: pick(givenNames),
        family: pick(familyNames),
      }));
      const kind = random() < 0.55 ? ('inproceedings' as const) : ('article' as const);
      const year = 2026 - Math.floor(36 * random() ** 1.8);
      // Four sentences, about 90 words: with five (100 words) the 5,000-entry file is 5.3 MB, over the import's
      // 5 MB cap (IMPORT_MAX_BYTES).
      const abstract = Array.from({ length: 4 }, () => `${sentence(22)}.`)
        .join(' ')
        .replace(/(^|\. )([a-z])/g, (_, stop: string, c: string) => stop + c.toUpperCase());
      // New-style arXiv ids: YYMM.NNNN until 2014, YYMM.NNNNN since (from 2007 on).
      const arxiv =
        year >= 2008 && random() < 0.3
          ? `${String(year % 100).padStart(2, '0')}${String(1 + Math.floor(random() * 12)).padStart(2, '0')}.` +
            String(n % (year >= 2015 ? 100_000 : 10_000)).padStart(year >= 2015 ? 5 : 4, '0')
          : undefined;
      const hasDoi = random() < 0.9 || !arxiv;
      return {
        key: `${authors[0]!.family.toLowerCase().replace(/[^a-z]/g, '')}${year}p${n}`,
        kind,
        title,
        authors,
        venue: kind === 'article' ? pick(journals) : pick(conferences),
        year,
        ...(hasDoi ? { doi: `${doiPrefix}/gen.${year}.${n}` } : {}),
        ...(arxiv ? { arxiv } : {}),
        abstract,
        keywords: [pick(researchTags), ...(random() < 0.5 ? [pick(researchTags)] : [])],
        ...(kind === 'article'
          ? { volume: 1 + Math.floor(random() * 60), issue: 1 + Math.floor(random() * 12) }
          : {}),
        pages: `${1 + Math.floor(random() * 400)}--${410 + Math.floor(random() * 20)}`,
        ...(random() < 0.2 ? { codeUrl: `https://github.com/bench/paper-${n}` } : {}),
      };
    },
  };
}

function bibtexEntry(paper: GeneratedPaper): string {
  const lines = [
    `@${paper.kind}{${paper.key},`,
    `  author = {${paper.authors.map((a) => `${a.family}, ${a.given}`).join(' and ')}},`,
    `  title = {${paper.title}},`,
    `  ${paper.kind === 'article' ? 'journal' : 'booktitle'} = {${paper.venue}},`,
    `  year = {${paper.year}},`,
  ];
  if (paper.volume !== undefined) lines.push(`  volume = {${paper.volume}},`);
  if (paper.issue !== undefined) lines.push(`  number = {${paper.issue}},`);
  if (paper.pages) lines.push(`  pages = {${paper.pages}},`);
  if (paper.doi) lines.push(`  doi = {${paper.doi}},`);
  if (paper.arxiv) lines.push(`  eprint = {${paper.arxiv}},`, '  archivePrefix = {arXiv},');
  if (paper.url) lines.push(`  url = {${paper.url}},`);
  lines.push(`  abstract = {${paper.abstract}},`, `  keywords = {${paper.keywords.join(', ')}},`, '}');
  return lines.join('\n');
}

/**
 * A BibTeX file of `entries` entries, articles and inproceedings, of which `duplicateShare` repeat an earlier
 * entry: half by DOI (another key, the title in other capitals), half by title, first author and year (no DOI,
 * a web address instead). Answers the text and how many entries are new.
 */
export function bibtexLibrary(entries: number, seed = 5000, duplicateShare = 0.05) {
  const generator = paperGenerator(seed, '10.5555');
  const { random } = generator;
  const papers: GeneratedPaper[] = [];
  const texts: string[] = ['% Exported by a reference manager (generated for the benchmark)\n'];
  let duplicates = 0;
  for (let i = 0; i < entries; i++) {
    if (papers.length > 10 && random() < duplicateShare) {
      const original = papers[Math.floor(random() * papers.length)]!;
      duplicates++;
      const byDoi = original.doi !== undefined && random() < 0.5;
      const copy: GeneratedPaper = byDoi
        ? { ...original, key: `${original.key}dup${i}`, title: original.title.toUpperCase() }
        : {
            ...original,
            key: `${original.key}dup${i}`,
            doi: undefined,
            arxiv: undefined,
            url: `https://example.org/papers/${original.key}`,
          };
      if (!byDoi) delete copy.doi;
      if (!byDoi) delete copy.arxiv;
      texts.push(bibtexEntry(copy));
      continue;
    }
    const paper = generator.next();
    papers.push(paper);
    texts.push(bibtexEntry(paper));
  }
  return { text: texts.join('\n\n') + '\n', unique: papers.length, duplicates };
}

/**
 * A citation graph like a literature map's: `nodes` papers in order of publication, each citing two to five
 * earlier ones, chosen in proportion to how often they are cited already (preferential attachment, so a few
 * classics are cited by many).
 */
export function citationGraph(nodes: number, seed = 300) {
  const random = seededRandom(seed);
  const cited = new Array<number>(nodes).fill(1);
  const edges: { source: string; target: string }[] = [];
  for (let i = 1; i < nodes; i++) {
    const wanted = Math.min(i, 2 + Math.floor(random() * 4));
    const chosen = new Set<number>();
    let total = 0;
    for (let j = 0; j < i; j++) total += cited[j]!;
    while (chosen.size < wanted) {
      let r = random() * total;
      let j = 0;
      while (j < i - 1 && r >= cited[j]!) r -= cited[j++]!;
      chosen.add(j);
    }
    for (const j of chosen) {
      edges.push({ source: `p${i}`, target: `p${j}` });
      cited[j]!++;
    }
  }
  return { nodes: Array.from({ length: nodes }, (_, i) => ({ id: `p${i}` })), edges };
}
