import { and, asc, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Orm } from '../../../db/client.ts';
import {
  cardLinks,
  cards,
  pdfDocuments,
  pdfPages,
  researchNotes,
  researchPreferences,
  researchProjectPapers,
  researchProjects,
  researchQueue,
  researchQuestions,
} from '../../../db/schema.ts';
import { paperVisibleTo, summaryOf } from '../papers/repository.ts';

const summaryColumns = {
  id: cards.id,
  title: cards.title,
  fields: cards.fields,
  tags: cards.tags,
  readers: cards.readers,
};

/** The database side of a person's research home: queue, notes, projects and their style. */
export function createHomeRepository(orm: Orm) {
  return {
    /** The person's queue, highest priority and most recently added first, with PDF progress. */
    async queue(owner: string) {
      const rows = await orm
        .select({
          ...summaryColumns,
          status: researchQueue.status,
          priority: researchQueue.priority,
          addedAt: researchQueue.addedAt,
          startedAt: researchQueue.startedAt,
          finishedAt: researchQueue.finishedAt,
          pdfId: sql<
            string | null
          >`(select p.id from ${pdfDocuments} p where p.paper_card_id = ${cards.id} and p.owner_key = ${owner} order by p.updated_at desc limit 1)`,
          lastPage: sql<
            number | null
          >`(select p.last_page from ${pdfDocuments} p where p.paper_card_id = ${cards.id} and p.owner_key = ${owner} order by p.updated_at desc limit 1)`,
          pageCount: sql<
            number | null
          >`(select p.page_count from ${pdfDocuments} p where p.paper_card_id = ${cards.id} and p.owner_key = ${owner} order by p.updated_at desc limit 1)`,
          hasNote: sql<boolean>`exists (select 1 from ${researchNotes} n where n.owner_key = ${owner} and n.paper_card_id = ${cards.id} and n.body <> '')`,
        })
        .from(researchQueue)
        .innerJoin(cards, eq(cards.id, researchQueue.cardId))
        .where(and(eq(researchQueue.profileKey, owner), paperVisibleTo(owner)))
        .orderBy(asc(researchQueue.priority), desc(researchQueue.addedAt), asc(cards.id))
        .limit(2_000);
      return rows.map((row) => ({
        paper: summaryOf(row),
        status: row.status as 'to-read' | 'reading' | 'read',
        priority: row.priority,
        addedAt: row.addedAt.toISOString(),
        startedAt: row.startedAt?.toISOString() ?? null,
        finishedAt: row.finishedAt?.toISOString() ?? null,
        pdf: row.pdfId ? { id: row.pdfId, lastPage: row.lastPage ?? 1, pageCount: row.pageCount ?? 1 } : null,
        hasNote: row.hasNote,
      }));
    },

    /**
     * Puts papers in the queue (those already there keep their place) or moves one along: reading sets when it
     * was started, read when it was finished (and started, if it skipped reading).
     */
    async enqueue(owner: string, ids: string[]) {
      if (ids.length === 0) return;
      await orm
        .insert(researchQueue)
        .values(ids.map((cardId) => ({ profileKey: owner, cardId })))
        .onConflictDoNothing();
    },

    async updateQueue(owner: string, id: string, change: { status?: string; priority?: number }) {
      const now = new Date();
      const status = change.status;
      const set = {
        ...(change.priority !== undefined ? { priority: change.priority } : {}),
        ...(status
          ? {
              status,
              startedAt:
                status === 'to-read'
                  ? null
                  : sql`coalesce(${researchQueue.startedAt}, ${now.toISOString()}::timestamptz)`,
              finishedAt:
                status === 'read'
                  ? sql`coalesce(${researchQueue.finishedAt}, ${now.toISOString()}::timestamptz)`
                  : null,
            }
          : {}),
      };
      const insert = orm.insert(researchQueue).values({
        profileKey: owner,
        cardId: id,
        status: status ?? 'to-read',
        priority: change.priority ?? 2,
        startedAt: status === 'reading' || status === 'read' ? now : null,
        finishedAt: status === 'read' ? now : null,
      });
      // Queueing a paper already queued, with nothing to change, leaves it as it is (an empty update fails).
      if (Object.keys(set).length === 0) {
        await insert.onConflictDoNothing();
        return;
      }
      await insert.onConflictDoUpdate({ target: [researchQueue.profileKey, researchQueue.cardId], set });
    },

    async dequeue(owner: string, id: string) {
      await orm
        .delete(researchQueue)
        .where(and(eq(researchQueue.profileKey, owner), eq(researchQueue.cardId, id)));
    },

    /** The person's note on a paper. */
    async note(owner: string, id: string) {
      const [row] = await orm
        .select()
        .from(researchNotes)
        .where(and(eq(researchNotes.ownerKey, owner), eq(researchNotes.paperCardId, id)));
      return row;
    },

    async saveNote(owner: string, id: string, body: string) {
      const [row] = await orm
        .insert(researchNotes)
        .values({ ownerKey: owner, paperCardId: id, body })
        .onConflictDoUpdate({
          target: [researchNotes.ownerKey, researchNotes.paperCardId],
          set: { body, updatedAt: new Date() },
        })
        .returning();
      return row!;
    },

    async markNotePublished(noteId: string, cardId: string) {
      await orm.update(researchNotes).set({ publishedCardId: cardId }).where(eq(researchNotes.id, noteId));
    },

    /** The person's notes on these papers. */
    async notesOn(owner: string, ids: string[]) {
      if (ids.length === 0) return [];
      return orm
        .select({ paperCardId: researchNotes.paperCardId, body: researchNotes.body })
        .from(researchNotes)
        .where(and(eq(researchNotes.ownerKey, owner), inArray(researchNotes.paperCardId, ids)));
    },

    async citationStyle(owner: string) {
      const [row] = await orm
        .select({ style: researchPreferences.citationStyle })
        .from(researchPreferences)
        .where(eq(researchPreferences.profileKey, owner));
      return row?.style;
    },

    async setCitationStyle(owner: string, style: string) {
      await orm
        .insert(researchPreferences)
        .values({ profileKey: owner, citationStyle: style })
        .onConflictDoUpdate({
          target: researchPreferences.profileKey,
          set: { citationStyle: style, updatedAt: new Date() },
        });
    },

    /** The person's projects, most recently changed first, with how many papers each holds. */
    async projects(owner: string) {
      return orm
        .select({
          id: researchProjects.id,
          title: researchProjects.title,
          question: researchProjects.question,
          updatedAt: researchProjects.updatedAt,
          paperCount: sql<number>`(select count(*)::int from ${researchProjectPapers} pp where pp.project_id = research_projects.id)`,
        })
        .from(researchProjects)
        .where(eq(researchProjects.ownerKey, owner))
        .orderBy(desc(researchProjects.updatedAt), asc(researchProjects.id));
    },

    async project(owner: string, id: string) {
      const [row] = await orm
        .select()
        .from(researchProjects)
        .where(and(eq(researchProjects.id, id), eq(researchProjects.ownerKey, owner)));
      return row;
    },

    async createProject(owner: string, input: { title: string; question: string }) {
      const [row] = await orm
        .insert(researchProjects)
        .values({ ownerKey: owner, ...input })
        .returning();
      return row!;
    },

    async updateProject(owner: string, id: string, input: { title: string; question: string }) {
      const [row] = await orm
        .update(researchProjects)
        .set({ ...input, updatedAt: new Date() })
        .where(and(eq(researchProjects.id, id), eq(researchProjects.ownerKey, owner)))
        .returning();
      return row;
    },

    async deleteProject(owner: string, id: string) {
      const rows = await orm
        .delete(researchProjects)
        .where(and(eq(researchProjects.id, id), eq(researchProjects.ownerKey, owner)))
        .returning({ id: researchProjects.id });
      return rows.length > 0;
    },

    /** The project's papers the owner may still see, in the project's order, with annotation and note. */
    async projectPapers(owner: string, projectId: string) {
      const rows = await orm
        .select({
          ...summaryColumns,
          annotation: researchProjectPapers.annotation,
          note: sql<
            string | null
          >`(select n.body from ${researchNotes} n where n.owner_key = ${owner} and n.paper_card_id = ${cards.id})`,
        })
        .from(researchProjectPapers)
        .innerJoin(cards, eq(cards.id, researchProjectPapers.cardId))
        .where(and(eq(researchProjectPapers.projectId, projectId), paperVisibleTo(owner)))
        .orderBy(asc(researchProjectPapers.position), asc(researchProjectPapers.addedAt));
      return rows.map((row) => ({ paper: summaryOf(row), annotation: row.annotation, note: row.note }));
    },

    /** Adds papers at the end of a project (those already in it keep their place and annotation). */
    async addToProject(projectId: string, ids: string[]) {
      if (ids.length === 0) return;
      await orm.transaction(async (tx) => {
        await tx
          .select({ id: researchProjects.id })
          .from(researchProjects)
          .where(eq(researchProjects.id, projectId))
          .for('update');
        const [last] = await tx
          .select({ position: max(researchProjectPapers.position) })
          .from(researchProjectPapers)
          .where(eq(researchProjectPapers.projectId, projectId));
        const start = (last?.position ?? 0) + 1;
        await tx
          .insert(researchProjectPapers)
          .values(ids.map((cardId, index) => ({ projectId, cardId, position: start + index })))
          .onConflictDoNothing();
        await tx
          .update(researchProjects)
          .set({ updatedAt: new Date() })
          .where(eq(researchProjects.id, projectId));
      });
    },

    async annotate(projectId: string, id: string, annotation: string) {
      await orm
        .update(researchProjectPapers)
        .set({ annotation })
        .where(and(eq(researchProjectPapers.projectId, projectId), eq(researchProjectPapers.cardId, id)));
    },

    async removeFromProject(projectId: string, id: string) {
      await orm
        .delete(researchProjectPapers)
        .where(and(eq(researchProjectPapers.projectId, projectId), eq(researchProjectPapers.cardId, id)));
    },

    /** Links between papers by card links (`[[Title]]`, typed links, citations) among `ids` and beyond. */
    async paperLinksFrom(ids: string[]) {
      if (ids.length === 0) return [];
      return orm
        .select({ from: cardLinks.sourceId, to: cardLinks.targetId })
        .from(cardLinks)
        .innerJoin(cards, eq(cards.id, cardLinks.targetId))
        .where(and(inArray(cardLinks.sourceId, ids), sql`${cards.type} = 'paper'`));
    },

    /** The paper cards' references and identifiers, for the literature map. */
    async paperRecords(ids: string[]) {
      if (ids.length === 0) return [];
      return orm
        .select({ id: cards.id, title: cards.title, fields: cards.fields, body: cards.body })
        .from(cards)
        .where(inArray(cards.id, ids));
    },

    async recordQuestion(owner: string, projectId: string) {
      await orm.insert(researchQuestions).values({ profileKey: owner, projectId });
    },

    /** The text of the person's PDFs attached to these papers, page by page, for Ask the library. */
    async pdfPagesOf(owner: string, ids: string[]) {
      if (ids.length === 0) return [];
      return orm
        .select({ paperCardId: pdfDocuments.paperCardId, page: pdfPages.page, text: pdfPages.text })
        .from(pdfPages)
        .innerJoin(pdfDocuments, eq(pdfDocuments.id, pdfPages.documentId))
        .where(and(eq(pdfDocuments.ownerKey, owner), inArray(pdfDocuments.paperCardId, ids)))
        .orderBy(asc(pdfPages.documentId), asc(pdfPages.page))
        .limit(20_000);
    },
  };
}

export type HomeRepository = ReturnType<typeof createHomeRepository>;
