import fs from 'node:fs/promises';
import path from 'node:path';
import * as prettier from 'prettier';

/** One number the bench produces. `id` is stable across runs: it is what run-to-run comparisons key on. */
export type Figure = {
  id: string;
  benchmark: string;
  name: string;
  /** `score`: a measure without a unit, such as a recall or a share (shown with three decimals). */
  unit: 'ms' | 'bytes' | 'count' | 'px' | 'req/s' | 'msg/s' | 'score';
  /** The median for repeated measurements, otherwise the single value. */
  value: number;
  min?: number;
  max?: number;
  /** Which direction is an improvement; counts of failures are `lower` too. */
  better: 'lower' | 'higher';
};

export type Machine = {
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  chromium: string;
  /** The 1-minute load average when the run started: other work on the machine skews every timing. */
  loadAverage: number;
};

export type BenchResults = {
  date: string;
  appVersion: string;
  machine: Machine;
  figures: Figure[];
};

export const README_START = '<!-- bench:start -->';
export const README_END = '<!-- bench:end -->';

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  // Safe: middle (and middle - 1 when the length is even) index into a non-empty array.
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Median, min and max of repeated samples, as the fields of a Figure. */
export function spread(values: readonly number[]): Pick<Figure, 'value' | 'min' | 'max'> {
  return { value: median(values), min: Math.min(...values), max: Math.max(...values) };
}

export function formatValue(value: number, unit: Figure['unit']): string {
  switch (unit) {
    case 'ms':
      return `${value.toFixed(value < 10 ? 1 : 0)} ms`;
    case 'bytes':
      return `${(value / 1024).toFixed(1)} KB`;
    case 'req/s':
    case 'msg/s':
      return `${Math.round(value).toLocaleString('en-US')} ${unit}`;
    case 'count':
      return String(Math.round(value));
    case 'px':
      return `${Math.round(value)} px`;
    case 'score':
      return value.toFixed(3);
  }
}

function escapeCell(text: string): string {
  return text.replaceAll('|', '\\|');
}

/** The table the README holds and a run prints: one row per figure. */
export function renderTable(figures: readonly Figure[]): string {
  const rows = figures.map((figure) => {
    const range =
      figure.min === undefined || figure.max === undefined
        ? '—'
        : `${formatValue(figure.min, figure.unit)} – ${formatValue(figure.max, figure.unit)}`;
    return `| ${escapeCell(figure.benchmark)} | ${escapeCell(figure.name)} | ${formatValue(figure.value, figure.unit)} | ${range} |`;
  });
  return [
    '| Benchmark | Figure | Value (median) | Min – max |',
    '| --- | --- | -----: | --- |',
    ...rows,
  ].join('\n');
}

export function renderMachine(results: BenchResults): string {
  const { machine } = results;
  return (
    `Taken ${results.date} on CARD WEB ${results.appVersion}: ${machine.cpu}, ${machine.cores} cores, ` +
    `${machine.memoryGiB} GiB RAM, ${machine.os}, Node ${machine.node}, Chromium ${machine.chromium}; ` +
    `load average ${machine.loadAverage.toFixed(2)} at the start.`
  );
}

/**
 * How far a figure moves between two runs of the same code. Timings on a small shared machine swing by 10–20 %
 * back to back; sizes and counts are deterministic, so any change in them is real.
 */
const NOISE_PERCENT: Record<Figure['unit'], number> = {
  ms: 20,
  'req/s': 20,
  'msg/s': 20,
  bytes: 0,
  count: 0,
  px: 0,
  // Offline metrics are computed on generated data, the same on every run; the random baseline moves more.
  score: 5,
};

/**
 * The change of each figure against the previous run, marked ✓ when it improved and ✗ when it got worse, by
 * more than that figure's noise.
 */
export function renderComparison(current: BenchResults, previous: BenchResults): string {
  const before = new Map(previous.figures.map((figure) => [figure.id, figure]));
  const rows = current.figures.map((figure) => {
    const old = before.get(figure.id);
    const now = formatValue(figure.value, figure.unit);
    if (!old) return `| ${escapeCell(figure.benchmark)} | ${escapeCell(figure.name)} | — | ${now} | new |`;
    const delta = figure.value - old.value;
    let change: string;
    if (old.value === 0) {
      change = delta === 0 ? '±0' : `${delta > 0 ? '+' : ''}${formatValue(delta, figure.unit)}`;
    } else {
      const percent = (delta / Math.abs(old.value)) * 100;
      change = `${percent >= 0 ? '+' : ''}${percent.toFixed(1)} %`;
      // A few bytes are a fraction of a percent, yet a real change in the build: show them.
      if (figure.unit === 'bytes' && delta !== 0) change += ` (${delta > 0 ? '+' : ''}${delta} B)`;
    }
    const improved = figure.better === 'lower' ? delta < 0 : delta > 0;
    const relative = old.value === 0 ? (delta === 0 ? 0 : Infinity) : Math.abs(delta / old.value) * 100;
    const mark = relative <= NOISE_PERCENT[figure.unit] ? '' : improved ? ' ✓' : ' ✗';
    return `| ${escapeCell(figure.benchmark)} | ${escapeCell(figure.name)} | ${formatValue(old.value, old.unit)} | ${now} | ${change}${mark} |`;
  });
  return [
    `Against the previous run (${previous.date}):`,
    '',
    '| Benchmark | Figure | Previous | Now | Change |',
    '| --- | --- | ---: | ---: | ---: |',
    ...rows,
  ].join('\n');
}

export async function readResults(file: string): Promise<BenchResults | undefined> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return JSON.parse(text) as BenchResults;
}

/** Files the bench writes are committed, so they are written as `npm run format:check` expects them. */
async function writeFormatted(file: string, text: string): Promise<void> {
  const options = await prettier.resolveConfig(file);
  await fs.writeFile(file, await prettier.format(text, { ...options, filepath: file }));
}

export async function writeResults(file: string, results: BenchResults): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await writeFormatted(file, JSON.stringify(results, null, 2));
}

/** Replaces what lies between the bench markers in the README; the rest of the file is left as written. */
export async function updateReadme(file: string, section: string): Promise<void> {
  const text = await fs.readFile(file, 'utf8');
  const start = text.indexOf(README_START);
  const end = text.indexOf(README_END);
  if (start === -1 || end === -1 || end < start) {
    throw new Error(`${file} has no "${README_START}" … "${README_END}" section to update`);
  }
  const updated = `${text.slice(0, start + README_START.length)}\n${section}\n${text.slice(end)}`;
  await writeFormatted(file, updated);
}
