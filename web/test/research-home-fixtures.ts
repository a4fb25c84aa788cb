import {
  askResultSchema,
  importPreviewSchema,
  literatureMapSchema,
  paperDetailSchema,
  paperSummarySchema,
  projectSchema,
  queueItemSchema,
  researchHomeSchema,
  type AskResult,
  type ImportPreview,
  type LiteratureMap,
  type PaperDetail,
  type PaperSummary,
  type Project,
  type QueueItem,
  type ResearchHome,
} from '../../contracts/research.ts';

/** Research-home answers (queue, notes, projects, map, ask) as the API gives them, parsed through the contracts. */

/** A valid UUID for test paper `n` of the research home. */
export function homePaperId(n: number): string {
  return `00000000-0000-4000-8000-0000000a${String(n).padStart(4, '0')}`;
}

/** A valid UUID for test project `n`. */
export function projectId(n: number): string {
  return `00000000-0000-4000-8000-0000000b${String(n).padStart(4, '0')}`;
}

/** A valid UUID for test card `n` (a published note). */
export function noteCardId(n: number): string {
  return `00000000-0000-4000-8000-0000000d${String(n).padStart(4, '0')}`;
}

/** A valid UUID for test PDF `n` attached to a queued paper. */
export function queuePdfId(n: number): string {
  return `00000000-0000-4000-8000-0000000e${String(n).padStart(4, '0')}`;
}

/** Paper `n` as a list shows it. */
export function paperSummaryFixture(n: number, changes: Partial<PaperSummary> = {}): PaperSummary {
  return paperSummarySchema.parse({
    id: homePaperId(n),
    title: `Paper number ${n}`,
    authors: ['Ada Lovelace', 'Charles Babbage'],
    venue: 'Journal of Engines',
    year: 2000 + n,
    doi: null,
    arxivId: null,
    tldr: null,
    tags: [],
    citationKey: null,
    hasCode: false,
    readers: 1,
    ...changes,
  });
}

/** Paper `n` in the queue: to read, normal priority, added on 1 November 2026, no PDF, no note. */
export function queueItemFixture(n: number, changes: Partial<QueueItem> = {}): QueueItem {
  return queueItemSchema.parse({
    paper: paperSummaryFixture(n),
    status: 'to-read',
    priority: 2,
    addedAt: '2026-11-01T10:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    pdf: null,
    hasNote: false,
    ...changes,
  });
}

/** The research home: the queue given, no projects unless given, APA. */
export function researchHomeFixture(
  queue: QueueItem[] = [],
  changes: Partial<ResearchHome> = {},
): ResearchHome {
  return researchHomeSchema.parse({ queue, projects: [], citationStyle: 'apa', ...changes });
}

/** Paper `n`'s page as its reader sees it: in the queue, with `note` as their note (none by default). */
export function paperDetailFixture(
  n: number,
  note: { body: string; publishedCardId: string | null } | null = null,
): PaperDetail {
  return paperDetailSchema.parse({
    ...paperSummaryFixture(n),
    authorOrcids: [],
    url: null,
    codeUrl: null,
    abstract: '',
    visibility: 'public',
    addedBy: { handle: 'ada', displayName: 'Ada Lovelace' },
    isOwner: true,
    citingCards: [],
    references: [],
    citedBy: [],
    related: [],
    topics: [],
    mine: {
      queue: { status: 'to-read', priority: 2 },
      note: note ? { ...note, updatedAt: '2026-11-20T10:00:00.000Z' } : null,
      pdf: null,
      projects: [],
    },
  });
}

/** Project `n` with `papers` (annotation and note as given). */
export function projectFixture(
  n: number,
  papers: Project['papers'] = [],
  changes: Partial<Project> = {},
): Project {
  return projectSchema.parse({
    id: projectId(n),
    title: `Project ${n}`,
    question: 'Does implicit feedback beat explicit ratings?',
    papers,
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...changes,
  });
}

/** A literature map, parsed. */
export function literatureMapFixture(map: LiteratureMap): LiteratureMap {
  return literatureMapSchema.parse(map);
}

/** An import preview, parsed. */
export function importPreviewFixture(preview: ImportPreview): ImportPreview {
  return importPreviewSchema.parse(preview);
}

/** An answer of Ask the library, parsed. */
export function askResultFixture(result: AskResult): AskResult {
  return askResultSchema.parse(result);
}
