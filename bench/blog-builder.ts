import { createHash } from 'node:crypto';
import {
  composeDraft,
  composeOutline,
  composeRevision,
  type ComposerCard,
} from '../server/modules/blog-builder/composer.ts';
import type { Figure } from './lib/report.ts';

/** Cards in the benchmark's session: the builder's limit. */
const CARDS = 50;
const RUNS = 21;

const topics = ['retrieval', 'ranking', 'embeddings', 'evaluation', 'feedback'];
const words =
  'model user item score vector query signal feature weight metric recall ranking latent factor sparse dense neighbour candidate click session'.split(
    ' ',
  );

/** A deterministic sentence generator (a linear congruential sequence, so every run reads the same cards). */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state;
  };
}

/**
 * 50 cards of about 300 words: definitions, examples, a code fence and inline math among plain sentences,
 * tagged by five topics, each linking to one or two earlier cards by `[[Title]]` and by id.
 */
export function benchCards(): ComposerCard[] {
  const next = sequence(42);
  const cards: ComposerCard[] = [];
  for (let i = 0; i < CARDS; i++) {
    const title = `Card ${String(i).padStart(2, '0')} on ${topics[i % topics.length]}`;
    const sentences: string[] = [`${title.slice(8)} is a way to weigh each ${words[i % words.length]}.`];
    while (sentences.join(' ').split(' ').length < 290) {
      const length = 8 + (next() % 12);
      const picked = Array.from({ length }, () => words[next() % words.length]!);
      const kind = next() % 10;
      const text = picked.join(' ');
      sentences.push(
        kind === 0
          ? `For example, the ${text} shows it.`
          : kind === 1
            ? `The score is $s = u^T v$ for ${text}.`
            : `${text.charAt(0).toUpperCase()}${text.slice(1)}.`,
      );
    }
    const linked = i > 0 ? [cards[(i * 7) % i]!] : [];
    const body = `${sentences.join(' ')}\n\n\`\`\`ts\nconst score = dot(user, item);\n\`\`\`\n\n${linked
      .map((card) => `See [[${card.title}]].`)
      .join(' ')}`;
    cards.push({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      title,
      body,
      tags: [topics[i % topics.length]!, 'recommendation'],
      links: i > 1 ? [cards[i - 2]!.id] : [],
    });
  }
  return cards;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The composer on 50 cards of ~300 words: outline, first draft and one revision, as the builder runs them. */
export function measureBlogBuilder(log: (line: string) => void): Figure[] {
  const cards = benchCards();
  const steps = {
    'outline + draft of 50 cards': () => composeDraft(composeOutline(cards), cards),
    'outline + draft + "longer" revision of 50 cards': () =>
      composeRevision(composeDraft(composeOutline(cards), cards), 'longer', null, cards),
  };
  const figures: Figure[] = [];
  for (const [name, step] of Object.entries(steps)) {
    const first = createHash('sha256').update(JSON.stringify(step())).digest('hex');
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const start = performance.now();
      const result = step();
      times.push(performance.now() - start);
      // The same cards give the same bytes, run after run.
      if (createHash('sha256').update(JSON.stringify(result)).digest('hex') !== first)
        throw new Error(`The composer gave different output on run ${run + 1}`);
    }
    const value = median(times);
    log(`  ${name}: ${value.toFixed(1)} ms`);
    figures.push({
      id: `blog-builder.${name.replace(/\W+/g, '-')}`,
      benchmark: 'Blog builder: the deterministic composer (target ≤ 200 ms)',
      name,
      unit: 'ms',
      value: Math.round(value * 10) / 10,
      min: Math.round(Math.min(...times) * 10) / 10,
      max: Math.round(Math.max(...times) * 10) / 10,
      better: 'lower',
    });
  }
  return figures;
}
