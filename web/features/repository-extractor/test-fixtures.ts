import {
  extractionOptionsSchema,
  type Extraction,
  type ExtractionDocument,
  type ExtractionListItem,
  type ExtractionPreview,
  type ExtractorUsage,
  type PreviewFile,
} from '../../../contracts/extractor.ts';
import type { Job } from '../../../contracts/jobs.ts';

export const extractionId = '11111111-1111-4111-8111-111111111111';
export const jobId = '22222222-2222-4222-8222-222222222222';
export const otherExtractionId = '33333333-3333-4333-8333-333333333333';
export const otherJobId = '44444444-4444-4444-8444-444444444444';
export const sha256 = 'a'.repeat(64);

export const defaults = extractionOptionsSchema.parse({});

const file = (
  path: string,
  tokens: number,
  decision: PreviewFile['decision'] = 'include',
  reason: PreviewFile['reason'] = null,
): PreviewFile => ({ path, bytes: tokens * 4, tokens, decision, reason });

/**
 * A small repository: 15,800 tokens in the files the preview includes, and 200 of its own (the tree and the
 * headings), so ≈ 16,000 in all.
 */
export function previewFixture(overrides: Partial<ExtractionPreview> = {}): ExtractionPreview {
  return {
    files: [
      file('src/index.ts', 1_000),
      file('src/util.ts', 500),
      file('src/generated/api.ts', 8_000),
      file('src/generated/types.ts', 4_000),
      file('test/index.test.ts', 2_000),
      file('README.md', 300),
      file('package-lock.json', 50_000, 'exclude', 'default-ignore'),
      file('assets/logo.png', 0, 'tree-only', 'binary'),
    ],
    truncated: false,
    estimatedTokens: 16_000,
    suggestions: [
      { glob: 'src/generated/**', files: 2, tokens: 12_000, why: 'generated code' },
      { glob: 'test/**', files: 1, tokens: 2_000, why: 'tests' },
    ],
    ...overrides,
  };
}

export function documentFixture(overrides: Partial<ExtractionDocument> = {}): ExtractionDocument {
  return {
    summary: {
      files: 6,
      treeOnly: 1,
      lines: 1_234,
      tokens: 15_912,
      languages: [
        { language: 'TypeScript', files: 5, tokens: 15_500 },
        { language: 'Markdown', files: 1, tokens: 412 },
      ],
      largest: [{ path: 'src/generated/api.ts', tokens: 8_100 }],
    },
    parts: [
      {
        index: 1,
        tokens: 9_000,
        chars: 36_000,
        files: 3,
        firstFile: 'README.md',
        lastFile: 'src/generated/types.ts',
      },
      {
        index: 2,
        tokens: 6_912,
        chars: 27_000,
        files: 3,
        firstFile: 'src/index.ts',
        lastFile: 'test/index.test.ts',
      },
    ],
    secrets: [
      {
        path: 'src/util.ts',
        line: 12,
        rule: '@secretlint/secretlint-rule-aws',
        message: 'found AWS Secret Access Key',
      },
    ],
    secretCount: 1,
    cached: false,
    ...overrides,
  };
}

export function extractionFixture(overrides: Partial<Extraction> = {}): Extraction {
  return {
    id: extractionId,
    source: {
      kind: 'git',
      url: 'https://github.com/ada/engine',
      host: 'github.com',
      name: 'ada/engine',
      ref: null,
      folder: '',
      private: false,
    },
    mode: 'preview',
    options: defaults,
    jobId,
    status: 'succeeded',
    errorCode: null,
    ref: 'main',
    commit: '0123456789abcdef0123456789abcdef01234567',
    baseCommit: null,
    bytesRead: 2_500_000,
    preview: null,
    document: null,
    cards: null,
    createdAt: '2026-11-25T10:00:00.000Z',
    finishedAt: '2026-11-25T10:00:05.000Z',
    ...overrides,
  };
}

export function listItemFixture(overrides: Partial<ExtractionListItem> = {}): ExtractionListItem {
  const { preview: _preview, document: _document, ...rest } = extractionFixture();
  return { ...rest, tokens: null, parts: null, ...overrides };
}

export function jobFixture(overrides: Partial<Job> = {}): Job {
  return {
    id: jobId,
    kind: 'repository-extract',
    status: 'running',
    stage: null,
    done: null,
    total: null,
    message: null,
    errorCode: null,
    attempts: 1,
    createdAt: '2026-11-25T10:00:00.000Z',
    startedAt: '2026-11-25T10:00:00.100Z',
    finishedAt: null,
    updatedAt: '2026-11-25T10:00:00.100Z',
    result: null,
    ...overrides,
  };
}

export function usageFixture(overrides: Partial<ExtractorUsage> = {}): ExtractorUsage {
  return {
    running: 1,
    concurrentRuns: 3,
    bytesToday: 120 * 1024 * 1024,
    bytesPerDay: 10 * 1024 * 1024 * 1024,
    ...overrides,
  };
}
