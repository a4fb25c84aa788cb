import { entitlementsFor } from '../../../../contracts/premium.ts';
import type {
  AskResult,
  CitationStyle,
  LiteratureMap,
  Project,
  ResearchHome,
} from '../../../../contracts/research.ts';
import { citationStyles } from '../../../../contracts/research.ts';
import { AppError } from '../../../lib/app-error.ts';
import { LlmError, type LlmClient } from '../../../lib/llm/client.ts';
import type { CardsService } from '../../cards/index.ts';
import type { PapersRepository } from '../papers/repository.ts';
import { askPrompt, checkAnswer, chunks, rankPassages, type Passage } from './ask.ts';
import type { HomeRepository } from './repository.ts';

/** What the research home needs besides its repository. */
export type HomeDeps = {
  repository: HomeRepository;
  papers: PapersRepository;
  cards: Pick<CardsService, 'create' | 'draft' | 'saveDraft' | 'publish'>;
  /** The language model, when the server has one. */
  llm?: LlmClient | undefined;
  /**
   * Whether the person has premium now, and their requests of the language model today (Ask the library's,
   * the card assistant's and the blog builder's: one allowance).
   */
  premium: (owner: string) => Promise<boolean>;
  modelRequestsToday: (owner: string) => Promise<number>;
};

const SOURCES_PER_ANSWER = 8;

const noProject = () => new AppError('common/not-found', { message: 'There is no such project.' });
const noPaper = () =>
  new AppError('common/not-found', { message: 'There is no such paper, or it is not shared.' });

/** A note card's title: "Notes on …", cut to a card title's length. */
function noteTitle(paperTitle: string): string {
  const title = `Notes on ${paperTitle.replace(/[[\]|\n]/g, ' ')}`;
  return title.length <= 120 ? title : `${title.slice(0, 119).trimEnd()}…`;
}

/** The research home: the reading queue, notes, projects with their map and bibliography, Ask the library. */
export function createHomeService(deps: HomeDeps) {
  const { repository } = deps;

  async function ownProject(owner: string, id: string) {
    const project = await repository.project(owner, id);
    if (!project) throw noProject();
    return project;
  }

  async function visiblePaper(owner: string, id: string) {
    const [paper] = await deps.papers.summaries(owner, [id]);
    if (!paper) throw noPaper();
    return paper;
  }

  return {
    /** The person's citation style (APA until they choose). */
    async styleOf(owner: string | undefined): Promise<CitationStyle> {
      const style = owner ? await repository.citationStyle(owner) : undefined;
      return (citationStyles as readonly string[]).includes(style ?? '') ? (style as CitationStyle) : 'apa';
    },

    async home(owner: string): Promise<ResearchHome> {
      const [queue, projects, style] = await Promise.all([
        repository.queue(owner),
        repository.projects(owner),
        this.styleOf(owner),
      ]);
      return {
        queue,
        projects: projects.map((project) => ({ ...project, updatedAt: project.updatedAt.toISOString() })),
        citationStyle: style,
      };
    },

    async setStyle(owner: string, style: CitationStyle) {
      await repository.setCitationStyle(owner, style);
      return { citationStyle: style };
    },

    enqueue: (owner: string, ids: string[]) => repository.enqueue(owner, ids),

    /** Puts a paper in the queue or moves it along (to read, reading, read) or changes its priority. */
    async updateQueue(owner: string, id: string, change: { status?: string; priority?: number }) {
      await visiblePaper(owner, id);
      await repository.updateQueue(owner, id, change);
      return (await repository.queue(owner)).find((item) => item.paper.id === id)!;
    },

    async dequeue(owner: string, id: string) {
      await repository.dequeue(owner, id);
    },

    /** Saves the person's note on a paper; notes are private to their owner. */
    async saveNote(owner: string, id: string, body: string) {
      await visiblePaper(owner, id);
      const note = await repository.saveNote(owner, id, body);
      return {
        body: note.body,
        publishedCardId: note.publishedCardId,
        updatedAt: note.updatedAt.toISOString(),
      };
    },

    /**
     * Publishes the note as a card of the owner's ("Notes on <paper>"), linked to the paper; publishing again
     * updates that card. The note itself stays private.
     */
    async publishNote(owner: string, id: string) {
      const paper = await visiblePaper(owner, id);
      const note = await repository.note(owner, id);
      if (!note || !note.body.trim())
        throw new AppError('common/validation-failed', {
          details: { fields: [{ path: 'body', message: 'Write the note before publishing it' }] },
        });
      let cardId = note.publishedCardId;
      let draft = cardId ? await deps.cards.draft(cardId, owner).catch(() => undefined) : undefined;
      if (!draft) {
        draft = await deps.cards.create(owner, {
          title: noteTitle(paper.title),
          type: 'note',
          tags: paper.tags,
        });
        cardId = draft.cardId;
      }
      const typedLinks = draft.typedLinks.some((link) => link.targetId === id)
        ? draft.typedLinks.map(({ targetId, kind }) => ({ targetId, kind }))
        : [
            ...draft.typedLinks.map(({ targetId, kind }) => ({ targetId, kind })),
            { targetId: id, kind: 'related' as const },
          ];
      await deps.cards.saveDraft(cardId!, owner, {
        title: draft.title || noteTitle(paper.title),
        body: note.body,
        type: 'note',
        fields: {},
        tags: draft.tags,
        coverURL: draft.coverURL,
        visibility: draft.published ? draft.visibility : 'public',
        typedLinks,
        baseRevision: draft.revision,
      });
      const card = await deps.cards.publish(cardId!, owner);
      await repository.markNotePublished(note.id, card.id);
      return { cardId: card.id };
    },

    async createProject(owner: string, input: { title: string; question: string }) {
      const project = await repository.createProject(owner, input);
      return this.project(owner, project.id);
    },

    async updateProject(owner: string, id: string, input: { title: string; question: string }) {
      if (!(await repository.updateProject(owner, id, input))) throw noProject();
      return this.project(owner, id);
    },

    async deleteProject(owner: string, id: string) {
      if (!(await repository.deleteProject(owner, id))) throw noProject();
    },

    async project(owner: string, id: string): Promise<Project> {
      const project = await ownProject(owner, id);
      return {
        id: project.id,
        title: project.title,
        question: project.question,
        papers: await repository.projectPapers(owner, id),
        updatedAt: project.updatedAt.toISOString(),
      };
    },

    /** Adds papers to a project of the owner's (none: only checks the project is theirs). */
    async addToProject(owner: string, projectId: string, ids: string[]) {
      await ownProject(owner, projectId);
      const visible = await deps.papers.summaries(owner, ids);
      if (visible.length !== new Set(ids).size) throw noPaper();
      await repository.addToProject(projectId, ids);
    },

    async annotate(owner: string, projectId: string, id: string, annotation: string) {
      await this.addToProject(owner, projectId, [id]);
      await repository.annotate(projectId, id, annotation);
      return this.project(owner, projectId);
    },

    async removeFromProject(owner: string, projectId: string, id: string) {
      await ownProject(owner, projectId);
      await repository.removeFromProject(projectId, id);
    },

    /** The ids of a project's papers, in order (for export). */
    async projectPaperIds(owner: string, projectId: string) {
      await ownProject(owner, projectId);
      return (await repository.projectPapers(owner, projectId)).map((entry) => entry.paper.id);
    },

    /**
     * The literature map: the project's papers and the references between them (from reference lists and
     * card links), with papers cited by two or more of them but not yet in the project as suggestions.
     */
    async map(owner: string, projectId: string): Promise<LiteratureMap> {
      await ownProject(owner, projectId);
      const inProject = (await repository.projectPapers(owner, projectId)).map((entry) => entry.paper);
      const ids = inProject.map((paper) => paper.id);
      const records = await repository.paperRecords(ids);
      const flat = records.flatMap((record) =>
        (record.fields.references ?? []).map((reference) => ({ from: record.id, reference })),
      );
      const [resolved, links] = await Promise.all([
        deps.papers.resolveReferences(
          owner,
          flat.map((entry) => entry.reference),
        ),
        repository.paperLinksFrom(ids),
      ]);
      const edges = new Map<string, { from: string; to: string }>();
      flat.forEach((entry, index) => {
        const to = resolved[index];
        if (to && to !== entry.from) edges.set(`${entry.from}>${to}`, { from: entry.from, to });
      });
      for (const link of links) if (link.to !== link.from) edges.set(`${link.from}>${link.to}`, link);
      const citedBy = new Map<string, number>();
      for (const edge of edges.values()) citedBy.set(edge.to, (citedBy.get(edge.to) ?? 0) + 1);
      const member = new Set(ids);
      const suggestedIds = [...citedBy.entries()]
        .filter(([id, count]) => !member.has(id) && count >= 2)
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .slice(0, 30)
        .map(([id]) => id);
      const suggested = await deps.papers.summaries(owner, suggestedIds);
      const shown = new Set([...ids, ...suggested.map((paper) => paper.id)]);
      return {
        nodes: [
          ...inProject.map((paper) => ({ paper, inProject: true, citedByCount: citedBy.get(paper.id) ?? 0 })),
          ...suggested.map((paper) => ({
            paper,
            inProject: false,
            citedByCount: citedBy.get(paper.id) ?? 0,
          })),
        ],
        edges: [...edges.values()].filter((edge) => shown.has(edge.from) && shown.has(edge.to)),
      };
    },

    /**
     * Ask the library: the passages of the project's papers (summaries, the asker's notes, their PDFs' pages)
     * that best match the question; with a language model, an answer whose every sentence cites them, checked.
     */
    async ask(owner: string, projectId: string, question: string): Promise<AskResult> {
      await ownProject(owner, projectId);
      const papers = await repository.projectPapers(owner, projectId);
      const ids = papers.map((entry) => entry.paper.id);
      const [records, pages] = await Promise.all([
        repository.paperRecords(ids),
        repository.pdfPagesOf(owner, ids),
      ]);
      const titleOf = new Map(papers.map((entry) => [entry.paper.id, entry.paper.title]));
      const candidates: Omit<Passage, 'n'>[] = [];
      for (const record of records) {
        const summary = [record.title, record.fields.tldr ?? '', record.body].filter(Boolean).join('. ');
        for (const text of chunks(summary))
          candidates.push({
            paperId: record.id,
            paperTitle: record.title,
            kind: 'summary',
            page: null,
            text,
          });
      }
      for (const entry of papers)
        if (entry.note)
          for (const text of chunks(entry.note))
            candidates.push({
              paperId: entry.paper.id,
              paperTitle: entry.paper.title,
              kind: 'note',
              page: null,
              text,
            });
      for (const page of pages)
        for (const text of chunks(page.text))
          candidates.push({
            paperId: page.paperCardId!,
            paperTitle: titleOf.get(page.paperCardId!) ?? '',
            kind: 'pdf',
            page: page.page,
            text,
          });
      const sources = rankPassages(question, candidates, SOURCES_PER_ANSWER).map((passage, index) => ({
        ...passage,
        n: index + 1,
      }));
      const passagesOnly = (notice: string): AskResult => ({
        mode: 'passages',
        sentences: [],
        sources,
        notice,
      });
      if (!deps.llm)
        return passagesOnly(
          'No language model is set up on this server, so here are the best matching passages.',
        );
      if (sources.length === 0)
        return passagesOnly(
          'Nothing in this project’s papers, notes or PDFs matches the question. Try other words.',
        );
      const allowed = entitlementsFor(await deps.premium(owner)).assistantRequestsPerDay;
      const asked = await deps.modelRequestsToday(owner);
      if (asked >= allowed) throw new AppError('research/ask-limit');
      await repository.recordQuestion(owner, projectId);
      try {
        const answer = await deps.llm.complete({
          messages: askPrompt(question, sources),
          maxTokens: 700,
          temperature: 0.2,
        });
        return { mode: 'model', sentences: checkAnswer(answer.text, sources.length), sources, notice: null };
      } catch (error) {
        if (!(error instanceof LlmError)) throw error;
        return passagesOnly(
          'The language model could not answer just now, so here are the best matching passages.',
        );
      }
    },
  };
}

export type HomeService = ReturnType<typeof createHomeService>;
