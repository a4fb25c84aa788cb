import { markdownWords } from '../contracts/card-text.ts';
import type { Figure } from './lib/report.ts';

const MB = 1024 * 1024;

/** One megabyte of `unit` repeated: an opener without its closer, as a hostile author would publish it. */
function megabyteOf(unit: string): string {
  return unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB);
}

/** The shapes that made the old regular expressions rescan the rest of the text from every opener. */
const hostile: Record<string, string> = {
  'HTML tag openers': '<',
  'wiki link openers': '[[',
  'labelled wiki link openers': '[[a|',
  'Markdown link openers': '[',
  'links without their close': '[a](',
  'image openers': '![',
  'a cloze of colons': '{{c1::' + ':'.repeat(4096),
  'cloze hints': '{{c1::a::',
  'inline math': '$a',
};

const ordinary =
  '# Collaborative filtering\n\nPeople who liked **this** also liked [[Matrix factorisation|that]]: see ' +
  '[the survey](https://example.org/survey), $\\hat r_{ui} = p_u^T q_i$ and {{c1::implicit feedback::a hint}}.\n\n';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Time to read one megabyte of each hostile shape (and of ordinary card text) as plain words. */
export function measureCardText(log: (line: string) => void): Figure[] {
  const figures: Figure[] = [];
  const inputs = { 'ordinary card text': megabyteOf(ordinary), ...mapValues(hostile, megabyteOf) };
  for (const [name, text] of Object.entries(inputs)) {
    markdownWords(text); // warm-up: compile and optimise once
    const times: number[] = [];
    for (let run = 0; run < 5; run++) {
      const start = performance.now();
      markdownWords(text);
      times.push(performance.now() - start);
    }
    const value = median(times);
    log(`  ${name}: ${value.toFixed(1)} ms per MB`);
    figures.push({
      id: `card-text.${name.replace(/\W+/g, '-')}`,
      benchmark: 'Card text: plain words of 1 MB (markdownWords)',
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

function mapValues<T, U>(record: Record<string, T>, map: (value: T) => U): Record<string, U> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));
}
