import type { z } from 'zod';
import type { CardFields } from '../../../../contracts/cards.ts';
import type {
  AddPaperInput,
  AddPaperResult,
  BibliographyFormat,
  CitationStyle,
  ImportPreview,
  ImportPreviewEntry,
  ImportRequest,
  ImportResult,
  LookupResult,
  PaperDetail,
  PaperMetadata,
  PaperPage,
} from '../../../../contracts/research.ts';
import {
  addPaperSchema,
  importRequestSchema,
  type paperSearchQuerySchema,
} from '../../../../contracts/research.ts';
import { AppError } from '../../../lib/app-error.ts';
import { BibliographyFileError } from '../../../lib/bibliography/parse.ts';
import type { BibliographyEntry } from '../../../lib/bibliography/csl.ts';
import { formatBibliography } from '../../../lib/bibliography/format.ts';
import { formatCitationText } from '../../../lib/bibliography/styles.ts';
import { excerptOf, publishProblems, type CardsService } from '../../cards/index.ts';
import { lookupArxiv, lookupDoi, type LookupDeps } from '../lookup/lookup.ts';
import { makeCitationKey, normalizeRecord, paperCard, parseIdentifier } from './record.ts';
import { createParsedFiles } from './parsed-files.ts';
import type { DuplicateProbe, PapersRepository } from './repository.ts';

/** What papers need besides their repository. */
export type PapersDeps = {
  repository: PapersRepository;
  cards: Pick<CardsService, 'publishMany'>;
  lookup: LookupDeps;
  /** Puts papers in a person's queue or project (the research home). */
  enqueue: (owner: string, ids: string[]) => Promise<void>;
  addToProject: (owner: string, projectId: string, ids: string[]) => Promise<void>;
  /** The reader's citation style. */
  styleOf: (reader: string | undefined) => Promise<CitationStyle>;
};

const notFound = () =>
  new AppError('common/not-found', { message: 'There is no such paper, or it is not shared.' });

function probeOf(paper: PaperMetadata): DuplicateProbe {
  return {
    ...(paper.doi ? { doi: paper.doi } : {}),
    ...(paper.arxivId ? { arxivId: paper.arxivId } : {}),
    title: paper.title,
    ...(paper.authors[0] ? { firstAuthor: paper.authors[0].name } : {}),
    ...(paper.year !== undefined ? { year: paper.year } : {}),
  };
}

/** "a", "b", … "z", "aa", …: what tells apart papers that would share a citation key. */
function letters(n: number): string {
  let text = '';
  for (let rest = n; rest >= 0; rest = Math.floor(rest / 26) - 1)
    text = String.fromCharCode(97 + (rest % 26)) + text;
  return text;
}

/** A paper card's fields back as a record (for export and citing). */
export function recordOf(row: {
  id: string;
  title: string;
  fields: CardFields;
  tags: string[];
}): BibliographyEntry {
  const fields = row.fields;
  const orcids = fields.authorOrcids ?? [];
  return {
    id: row.id,
    title: row.title,
    authors: (fields.authors ?? []).map((name, index) =>
      orcids[index] ? { name, orcid: orcids[index] } : { name },
    ),
    tags: row.tags,
    ...(fields.venue ? { venue: fields.venue } : {}),
    ...(fields.volume ? { volume: fields.volume } : {}),
    ...(fields.issue ? { issue: fields.issue } : {}),
    ...(fields.pages ? { pages: fields.pages } : {}),
    ...(fields.year !== undefined ? { year: fields.year } : {}),
    ...(fields.doi ? { doi: fields.doi } : {}),
    ...(fields.arxivId ? { arxivId: fields.arxivId } : {}),
    ...(fields.url ? { url: fields.url } : {}),
    ...(fields.citationKey ? { citationKey: fields.citationKey } : {}),
  };
}

/** Papers: adding (by hand, by lookup, by import) with deduplication, the paper page, search, citing, export. */
export function createPapersService(deps: PapersDeps) {
  const { repository } = deps;
  const parsedFiles = createParsedFiles();

  /** Citation keys for new papers, unique among the papers the owner sees and within the batch. */
  async function keysFor(owner: string, papers: PaperMetadata[]): Promise<string[]> {
    const wanted = papers.map((paper) => paper.citationKey ?? makeCitationKey(paper));
    const once = new Set<string>();
    const repeated = new Set<string>();
    for (const base of wanted) (once.has(base) ? repeated : once).add(base);
    const taken = await repository.citationKeysLike(owner, [...once], [...repeated]);
    return wanted.map((base) => {
      let key = base;
      for (let n = 0; taken.has(key); n++) key = base + letters(n);
      taken.add(key);
      return key;
    });
  }

  /**
   * The preview of an import: each entry new, a duplicate (of a paper the person may see, or of an earlier
   * entry in the file), or invalid with its line and reason (including what publishing a paper needs).
   */
  async function preview(
    owner: string,
    text: string,
    format?: BibliographyFormat,
    read: typeof parsedFiles.preview = parsedFiles.preview,
  ): Promise<ImportPreview> {
    let parsed;
    try {
      parsed = read(owner, text, format);
    } catch (error) {
      if (error instanceof BibliographyFileError)
        throw new AppError('research/invalid-file', { message: error.message });
      throw error;
    }
    const ok = parsed.entries.flatMap((entry, index) =>
      entry.status === 'ok'
        ? [{ number: index + 1, line: entry.line, paper: normalizeRecord(entry.paper) }]
        : [],
    );
    const probes = ok.map(({ paper }) => probeOf(paper));
    const [existing, keys] = await Promise.all([
      repository.duplicates(owner, probes),
      repository.keysOf(probes),
    ]);
    const seen = new Map<string, 'doi' | 'arxiv' | 'title'>();
    const results = new Map<number, ImportPreviewEntry>();
    ok.forEach(({ number, line, paper }, index) => {
      const card = paperCard(paper, 'key');
      const problems = publishProblems({ ...card, coverURL: null });
      if (problems.length > 0) {
        results.set(line, {
          status: 'invalid',
          line,
          // Worded as the parser words its reasons, so every invalid entry reads alike.
          reason: `Entry ${number} (line ${line}): ${problems.map((problem) => problem.message).join('; ')}`,
        });
        return;
      }
      const found = existing[index];
      if (found) {
        results.set(line, {
          status: 'duplicate',
          line,
          paper,
          existingId: found.id,
          matchedBy: found.matchedBy,
        });
        return;
      }
      const own = [
        paper.doi ? (['doi', `doi:${paper.doi}`] as const) : undefined,
        keys[index]!.arxiv ? (['arxiv', `arxiv:${keys[index]!.arxiv}`] as const) : undefined,
        ['title', `title:${keys[index]!.title}`] as const,
      ].filter((key) => key !== undefined);
      const earlier = own.find(([, key]) => seen.has(key));
      if (earlier) {
        results.set(line, { status: 'duplicate', line, paper, existingId: null, matchedBy: earlier[0] });
        return;
      }
      for (const [kind, key] of own) seen.set(key, kind);
      results.set(line, { status: 'new', line, paper });
    });
    const entries = parsed.entries.map((entry) =>
      entry.status === 'invalid'
        ? ({ status: 'invalid', line: entry.line, reason: entry.reason } as const)
        : results.get(entry.line)!,
    );
    const counts = { new: 0, duplicate: 0, invalid: 0 };
    for (const entry of entries) counts[entry.status]++;
    return { format: parsed.format, entries, counts };
  }

  /** Publishes new papers for `owner` and files them (and the duplicates' papers) in queue and project. */
  async function place(
    owner: string,
    ids: string[],
    options: { addToQueue: boolean; projectId?: string | undefined },
  ) {
    if (options.addToQueue) await deps.enqueue(owner, ids);
    if (options.projectId) await deps.addToProject(owner, options.projectId, ids);
  }

  async function summariesOrThrow(reader: string | undefined, ids: string[]) {
    const papers = await repository.summaries(reader, ids);
    return papers;
  }

  return {
    /**
     * Adds a paper from its record, or opens the one it duplicates (by DOI, arXiv id, then title + first author
     * + year, among papers the adder may see). Either way it goes into their queue or project if asked.
     */
    async add(owner: string, input: AddPaperInput): Promise<AddPaperResult> {
      const request = addPaperSchema.parse(input);
      const paper = normalizeRecord(request.paper);
      if (request.projectId) await deps.addToProject(owner, request.projectId, []);
      const [duplicate] = await repository.duplicates(owner, [probeOf(paper)]);
      if (duplicate) {
        await place(owner, [duplicate.id], request);
        return { id: duplicate.id, created: false, matchedBy: duplicate.matchedBy };
      }
      const [key] = await keysFor(owner, [paper]);
      const card = paperCard(paper, key!);
      const problems = publishProblems({ ...card, coverURL: null });
      if (problems.length > 0)
        throw new AppError('common/validation-failed', {
          details: {
            fields: problems.map((problem) => ({
              ...problem,
              path: `paper.${problem.path.replace(/^fields\./, '')}`,
            })),
          },
        });
      const [id] = await deps.cards.publishMany(owner, [{ ...card, visibility: request.visibility }]);
      await place(owner, [id!], request);
      return { id: id!, created: true, matchedBy: null };
    },

    /** Looks a DOI or arXiv id up (Crossref, arXiv), and says whether CARD WEB already has the paper. */
    async lookup(owner: string, identifier: string): Promise<LookupResult> {
      const parsed = parseIdentifier(identifier);
      if (!parsed)
        return {
          found: false,
          reason: 'invalid-input',
          message:
            'That is neither a DOI (10.1234/abcd) nor an arXiv id (1706.03762). Check it, or fill in the fields by hand.',
        };
      const result =
        parsed.kind === 'doi'
          ? await lookupDoi(parsed.doi, deps.lookup)
          : await lookupArxiv(parsed.arxivId, deps.lookup);
      if (!result.found) return result;
      const paper = normalizeRecord(result.paper);
      const [duplicate] = await repository.duplicates(owner, [probeOf(paper)]);
      return { found: true, paper, existingId: duplicate?.id ?? null };
    },

    preview,

    /**
     * Imports a file: its new papers are published (citation keys made unique), duplicates are not added again;
     * both are queued or put in the project when asked. Invalid entries are skipped (the preview showed them).
     */
    async import(owner: string, input: ImportRequest): Promise<ImportResult> {
      const request = importRequestSchema.parse(input);
      if (request.projectId) await deps.addToProject(owner, request.projectId, []);
      const result = await preview(owner, request.text, request.format, parsedFiles.take);
      const fresh = result.entries.flatMap((entry) => (entry.status === 'new' ? [entry.paper] : []));
      const keys = await keysFor(owner, fresh);
      const created = await deps.cards.publishMany(
        owner,
        fresh.map((paper, index) => ({ ...paperCard(paper, keys[index]!), visibility: request.visibility })),
      );
      const existing = [
        ...new Set(
          result.entries.flatMap((entry) =>
            entry.status === 'duplicate' && entry.existingId ? [entry.existingId] : [],
          ),
        ),
      ];
      await place(owner, [...created, ...existing], request);
      return { created, existing, invalid: result.counts.invalid };
    },

    /** The papers search of the research centre. */
    async search(
      reader: string | undefined,
      query: z.infer<typeof paperSearchQuerySchema>,
      topicTags?: string[],
    ): Promise<PaperPage> {
      const { items, total, capped, hasMore } = await repository.search(reader, {
        q: query.q,
        ...(topicTags ? { topicTags } : {}),
        ...(query.tag ? { tag: query.tag } : {}),
        ...(query.venue ? { venue: query.venue } : {}),
        ...(query.yearFrom !== undefined ? { yearFrom: query.yearFrom } : {}),
        ...(query.yearTo !== undefined ? { yearTo: query.yearTo } : {}),
        ...(query.hasPdf !== undefined ? { hasPdf: query.hasPdf } : {}),
        ...(query.hasCode !== undefined ? { hasCode: query.hasCode } : {}),
        sort: query.sort,
        offset: query.cursor,
        limit: query.limit,
      });
      const next = query.cursor + items.length;
      return { items, total, totalCapped: capped, nextCursor: hasMore && next <= 10_000 ? next : null };
    },

    summaries: summariesOrThrow,

    /** The paper page: the record, its people's public notes and cards, references, cited-by and related. */
    async detail(reader: string | undefined, id: string): Promise<PaperDetail> {
      const row = await repository.find(reader, id);
      if (!row) throw notFound();
      const { card } = row;
      const fields = card.fields;
      const references = fields.references ?? [];
      const [resolved, linked, citedBy, citing, related, topics, mine] = await Promise.all([
        repository.resolveReferences(reader, references),
        repository.linkedPapers(reader, id),
        repository.citedBy(reader, {
          id,
          title: card.title,
          ...(fields.doi ? { doi: fields.doi } : {}),
          ...(fields.arxivId ? { arxivId: fields.arxivId } : {}),
        }),
        repository.citingCards(reader, id),
        repository.related(reader, { id, tags: card.tags }, 5),
        repository.topicsOf(id, card.tags),
        reader ? repository.mine(reader, id) : Promise.resolve(undefined),
      ]);
      const referenced = await repository.summaries(reader, [
        ...new Set(resolved.filter((ref) => ref !== undefined)),
      ]);
      const byId = new Map(referenced.map((paper) => [paper.id, paper]));
      const referenceEntries = references.map((reference, index) => {
        const paper = resolved[index] ? (byId.get(resolved[index]!) ?? null) : null;
        const label =
          reference.text ??
          reference.title ??
          (reference.doi
            ? `doi:${reference.doi}`
            : reference.arxivId
              ? `arXiv:${reference.arxivId}`
              : 'A reference');
        return { paper, label: paper ? paper.title : label };
      });
      const listed = new Set(referenceEntries.flatMap((entry) => (entry.paper ? [entry.paper.id] : [])));
      for (const paper of linked)
        if (!listed.has(paper.id)) referenceEntries.push({ paper, label: paper.title });
      const seenRelated = new Set([id]);
      const relatedEntries = [
        ...related.byNeighbours.map((paper) => ({ ...paper, reason: 'neighbours' as const })),
        ...related.byReaders.map((paper) => ({ ...paper, reason: 'co-reading' as const })),
        ...related.byTags.map((paper) => ({ ...paper, reason: 'tags' as const })),
      ].filter((paper) => !seenRelated.has(paper.id) && seenRelated.add(paper.id));
      const summary = (await repository.summaries(reader, [id]))[0]!;
      return {
        ...summary,
        authorOrcids: fields.authorOrcids ?? [],
        url: fields.url ?? null,
        codeUrl: fields.codeUrl ?? null,
        abstract: card.body,
        visibility: card.visibility as PaperDetail['visibility'],
        addedBy: { handle: row.handle, displayName: row.displayName },
        isOwner: card.authorKey === reader,
        citingCards: citing.map((cardRow) => ({
          id: cardRow.id,
          title: cardRow.title,
          excerpt: excerptOf(cardRow.body),
          type: cardRow.type,
          authorHandle: cardRow.authorHandle,
          authorName: cardRow.authorName,
        })),
        references: referenceEntries,
        citedBy,
        related: relatedEntries.slice(0, 10),
        topics,
        mine: mine
          ? {
              queue: mine.queue
                ? {
                    status: mine.queue.status as 'to-read' | 'reading' | 'read',
                    priority: mine.queue.priority,
                  }
                : null,
              note: mine.note
                ? {
                    body: mine.note.body,
                    publishedCardId: mine.note.publishedCardId,
                    updatedAt: mine.note.updatedAt.toISOString(),
                  }
                : null,
              pdf: mine.pdf ?? null,
              projects: mine.projects,
            }
          : null,
      };
    },

    /** The records of papers the reader may see, in the order given (for export and citing). */
    async records(reader: string | undefined, ids: string[]): Promise<BibliographyEntry[]> {
      const rows = await repository.records(reader, ids);
      const byId = new Map(rows.map((row) => [row.id, recordOf(row)]));
      return ids.flatMap((paperId) => byId.get(paperId) ?? []);
    },

    /** A paper's reference in a style, and its BibTeX entry. */
    async cite(reader: string | undefined, id: string, style?: CitationStyle) {
      const [record] = await this.records(reader, [id]);
      if (!record) throw notFound();
      const chosen = style ?? (await deps.styleOf(reader));
      return {
        style: chosen,
        text: formatCitationText(record, chosen),
        bibtex: formatBibliography([record], 'bibtex'),
      };
    },
  };
}

export type PapersService = ReturnType<typeof createPapersService>;
