import type { InstructorGrant, InstructorList } from '../../../../contracts/classroom-authoring.ts';
import type { ReadingListInput, ResearchCentre, Topic, TopicInput } from '../../../../contracts/research.ts';
import { readingListInputSchema, topicInputSchema } from '../../../../contracts/research.ts';
import { AppError } from '../../../lib/app-error.ts';
import { profileSummaryOf } from '../../profiles/index.ts';
import type { PapersRepository } from '../papers/repository.ts';
import type { TopicRow, TopicsRepository } from './repository.ts';

/** Who acts: their profile key, and whether they are an administrator (who may do all an editor may). */
export type Actor = { key: string; admin: boolean };

const noTopic = () => new AppError('common/not-found', { message: 'There is no such topic.' });

/** The research centre: topics with their introductions and reading lists, kept by editors. */
export function createTopicsService(deps: { repository: TopicsRepository; papers: PapersRepository }) {
  const { repository, papers } = deps;

  const canEdit = async (actor: Actor | undefined) =>
    actor !== undefined && (actor.admin || (await repository.isEditor(actor.key)));

  async function requireEditor(actor: Actor) {
    if (!(await canEdit(actor))) throw new AppError('research/not-editor');
  }

  async function topicRow(slug: string) {
    const row = await repository.topic(slug);
    if (!row) throw noTopic();
    return row;
  }

  /** The topic with its lists; each list shows only papers the reader may see. */
  async function present(
    reader: string | undefined,
    row: { topic: TopicRow; paperCount: number },
  ): Promise<Topic> {
    const { topic } = row;
    const [lists, courses] = await Promise.all([
      repository.lists(topic.id),
      repository.coursesBySlug(topic.courses),
    ]);
    const shown = await papers.summaries(reader, [
      ...new Set(lists.flatMap((list) => list.items.map((item) => item.cardId))),
    ]);
    const byId = new Map(shown.map((paper) => [paper.id, paper]));
    return {
      id: topic.id,
      slug: topic.slug,
      title: topic.title,
      introduction: topic.introduction,
      paperCount: row.paperCount,
      listCount: lists.length,
      tags: topic.tags,
      courses: topic.courses.flatMap((slug) => courses.filter((course) => course.slug === slug)),
      links: topic.links,
      lists: lists.map((list) => ({
        id: list.id,
        slug: list.slug,
        title: list.title,
        description: list.description,
        items: list.items.flatMap((item) => {
          const paper = byId.get(item.cardId);
          return paper ? [{ paper, note: item.note }] : [];
        }),
      })),
    };
  }

  /** Reading-list papers must be listed papers: a public page shows them to everyone. */
  async function checkListPapers(ids: string[]) {
    const listed = await papers.summaries(undefined, ids);
    if (listed.length !== new Set(ids).size)
      throw new AppError('common/validation-failed', {
        details: {
          fields: [{ path: 'items', message: 'A reading list can only hold papers shared publicly' }],
        },
      });
  }

  return {
    canEdit,

    /** The research centre's index of topics. */
    async centre(actor: Actor | undefined): Promise<ResearchCentre> {
      const rows = await repository.topics();
      return {
        topics: rows.map(({ topic, paperCount, listCount }) => ({
          id: topic.id,
          slug: topic.slug,
          title: topic.title,
          introduction: topic.introduction,
          paperCount,
          listCount,
        })),
        canEdit: await canEdit(actor),
      };
    },

    async topic(reader: string | undefined, slug: string): Promise<Topic> {
      return present(reader, await topicRow(slug));
    },

    /** The tags that bring papers into the topic (for the topic's paper search). */
    async topicTags(slug: string): Promise<string[]> {
      const tags = await repository.topicTags(slug);
      if (!tags) throw noTopic();
      return tags;
    },

    async createTopic(actor: Actor, input: TopicInput): Promise<Topic> {
      await requireEditor(actor);
      const topic = topicInputSchema.parse(input);
      const created = await repository.createTopic({ ...topic, createdBy: actor.key });
      if (!created) throw new AppError('research/slug-taken');
      return this.topic(actor.key, created.slug);
    },

    async updateTopic(actor: Actor, slug: string, input: TopicInput): Promise<Topic> {
      await requireEditor(actor);
      const topic = topicInputSchema.parse(input);
      const row = await topicRow(slug);
      if (topic.slug !== slug && (await repository.topic(topic.slug)))
        throw new AppError('research/slug-taken');
      await repository.updateTopic(row.topic.id, topic);
      return this.topic(actor.key, topic.slug);
    },

    /** Creates or replaces a reading list of the topic. */
    async saveList(actor: Actor, slug: string, input: ReadingListInput): Promise<Topic> {
      await requireEditor(actor);
      const list = readingListInputSchema.parse(input);
      const row = await topicRow(slug);
      await checkListPapers(list.items.map((item) => item.paperId));
      await repository.saveList(row.topic.id, list);
      return this.topic(actor.key, slug);
    },

    async deleteList(actor: Actor, slug: string, listSlug: string) {
      await requireEditor(actor);
      const row = await topicRow(slug);
      if (!(await repository.deleteList(row.topic.id, listSlug)))
        throw new AppError('common/not-found', { message: 'There is no such reading list.' });
    },

    /** The ids of a reading list's papers the reader may see, in order (for export). */
    async listPaperIds(reader: string | undefined, listId: string) {
      const list = await repository.list(listId);
      if (!list) throw new AppError('common/not-found', { message: 'There is no such reading list.' });
      const [withItems] = (await repository.lists(list.topicId)).filter((entry) => entry.id === listId);
      const ids = withItems!.items.map((item) => item.cardId);
      return (await papers.summaries(reader, ids)).map((paper) => paper.id);
    },

    async editors(): Promise<InstructorList> {
      const rows = await repository.editors();
      return {
        items: rows.map((row) => ({
          person: profileSummaryOf(row.person),
          grantedAt: row.grantedAt.toISOString(),
        })),
      };
    },

    /** Gives the person the editor role (again: nothing changes). */
    async grant(adminKey: string, handle: string): Promise<InstructorGrant> {
      const person = await repository.profileByHandle(handle);
      if (!person) throw new AppError('common/not-found', { message: 'Nobody has this handle.' });
      await repository.addEditor(person.key, adminKey);
      const grant = (await repository.editor(person.key))!;
      return { person: profileSummaryOf(grant.person), grantedAt: grant.grantedAt.toISOString() };
    },

    async revoke(handle: string) {
      const person = await repository.profileByHandle(handle);
      if (!person) throw new AppError('common/not-found', { message: 'Nobody has this handle.' });
      await repository.removeEditor(person.key);
    },
  };
}

export type TopicsService = ReturnType<typeof createTopicsService>;
