import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
// Editors are listed as instructors are: a person and when the role was given.
import {
  instructorGrantSchema as editorGrantSchema,
  instructorListSchema as editorListSchema,
} from '../../../contracts/classroom-authoring.ts';
import { errorEnvelopeSchema } from '../../../contracts/errors.ts';
import {
  addPaperResultSchema,
  addPaperSchema,
  askRequestSchema,
  askResultSchema,
  citationsRequestSchema,
  citationStyles,
  citeResultSchema,
  exportQuerySchema,
  importPreviewSchema,
  importRequestSchema,
  importResultSchema,
  literatureMapSchema,
  lookupRequestSchema,
  lookupResultSchema,
  noteInputSchema,
  noteSchema,
  publishedNoteSchema,
  paperDetailSchema,
  paperPageSchema,
  paperSearchQuerySchema,
  preferencesInputSchema,
  projectInputSchema,
  projectPaperInputSchema,
  projectSchema,
  queueItemSchema,
  queueUpdateSchema,
  readingListInputSchema,
  researchCentreSchema,
  researchHomeSchema,
  resolvedCitationsSchema,
  topicInputSchema,
  topicSchema,
} from '../../../contracts/research.ts';
import type { RoutesPlugin } from '../../lib/fastify.ts';
import { formatBibliography } from '../../lib/bibliography/format.ts';
import { formatReferenceList } from '../../lib/bibliography/styles.ts';
import { signedInUser } from '../../plugins/access.ts';
import type { HomeService } from './home/service.ts';
import type { PapersService } from './papers/service.ts';
import type { Actor, TopicsService } from './topics/service.ts';
import type { PapersRepository } from './papers/repository.ts';
import { AppError } from '../../lib/app-error.ts';

const tags = ['research'];
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};
const id = z.object({ id: z.uuid() });
const slug = z.object({ slug: z.string().max(80) });
const projectPaper = z.object({ id: z.uuid(), paperId: z.uuid() });
const paperId = z.object({ paperId: z.uuid() });

const actorOf = (request: FastifyRequest): Actor => {
  const user = signedInUser(request);
  return { key: user.id, admin: user.role === 'admin' };
};
const optionalActor = (request: FastifyRequest): Actor | undefined =>
  request.sessionUser
    ? { key: request.sessionUser.id, admin: request.sessionUser.role === 'admin' }
    : undefined;

/** The file an export gives, by format: its type and extension. */
const exportFiles = {
  bibtex: { type: 'application/x-bibtex; charset=utf-8', extension: 'bib' },
  ris: { type: 'application/x-research-info-systems; charset=utf-8', extension: 'ris' },
  'csl-json': { type: 'application/vnd.citationstyles.csl+json; charset=utf-8', extension: 'json' },
} as const;

/** Research's API: papers (add, look up, import, search, page, cite, export), the centre's topics and the home. */
export function researchRoutes(services: {
  papers: PapersService;
  papersRepository: PapersRepository;
  home: HomeService;
  topics: TopicsService;
}): RoutesPlugin {
  const { papers, home, topics } = services;
  return async (app) => {
    // ---- Papers

    app.get(
      '/api/research/papers',
      {
        config: { auth: 'optional' },
        schema: {
          tags,
          summary: 'Papers the reader may see, searched and filtered (a topic’s, when `topic` names one)',
          querystring: paperSearchQuerySchema,
          response: { 200: paperPageSchema, ...errors },
        },
      },
      async (request) => {
        const reader = request.sessionUser?.id;
        const topicTags = request.query.topic ? await topics.topicTags(request.query.topic) : undefined;
        return papers.search(reader, request.query, topicTags);
      },
    );

    app.post(
      '/api/research/papers',
      {
        config: { auth: 'user', rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Add a paper from its record; a duplicate opens the paper already here',
          body: addPaperSchema,
          response: { 200: addPaperResultSchema, ...errors },
        },
      },
      async (request) => papers.add(signedInUser(request).id, request.body),
    );

    app.get(
      '/api/research/papers/:id',
      {
        config: { auth: 'optional' },
        schema: {
          tags,
          summary: 'A paper’s page: its record, notes and cards citing it, references, cited-by and related',
          params: id,
          response: { 200: paperDetailSchema, ...errors },
        },
      },
      async (request) => papers.detail(request.sessionUser?.id, request.params.id),
    );

    app.get(
      '/api/research/papers/:id/cite',
      {
        config: { auth: 'optional' },
        schema: {
          tags,
          summary: 'The paper’s reference in a style (the reader’s own when left out), and its BibTeX entry',
          params: id,
          querystring: z.object({ style: z.enum(citationStyles).optional() }),
          response: { 200: citeResultSchema, ...errors },
        },
      },
      async (request) => papers.cite(request.sessionUser?.id, request.params.id, request.query.style),
    );

    app.post(
      '/api/research/lookup',
      {
        config: { auth: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Look a DOI (Crossref) or arXiv id (arXiv) up, to review before adding',
          body: lookupRequestSchema,
          response: { 200: lookupResultSchema, ...errors },
        },
      },
      async (request) => papers.lookup(signedInUser(request).id, request.body.identifier),
    );

    app.post(
      '/api/research/import/preview',
      {
        config: { auth: 'user', rateLimit: { max: 20, timeWindow: '1 minute' } },
        bodyLimit: 6 * 1024 * 1024,
        schema: {
          tags,
          summary:
            'What importing a BibTeX, RIS or CSL-JSON file would do: each entry new, duplicate or invalid',
          body: importRequestSchema,
          response: { 200: importPreviewSchema, ...errors },
        },
      },
      async (request) => papers.preview(signedInUser(request).id, request.body.text, request.body.format),
    );

    app.post(
      '/api/research/import',
      {
        config: { auth: 'user', rateLimit: { max: 10, timeWindow: '1 minute' } },
        bodyLimit: 6 * 1024 * 1024,
        schema: {
          tags,
          summary:
            'Import a BibTeX, RIS or CSL-JSON file: new papers are added, duplicates are not added again',
          body: importRequestSchema,
          response: { 200: importResultSchema, ...errors },
        },
      },
      async (request) => papers.import(signedInUser(request).id, request.body),
    );

    app.get(
      '/api/research/export',
      {
        config: { auth: 'optional', rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary:
            'Papers, a project or a reading list as BibTeX, RIS, CSL-JSON, or a reference list in a style',
          querystring: exportQuerySchema,
          response: { 200: z.custom<Buffer>().describe('The file, as an attachment'), ...errors },
        },
      },
      async (request, reply) => {
        const reader = request.sessionUser?.id;
        const query = request.query;
        let ids = query.ids ?? [];
        if (query.projectId) {
          if (!reader) throw new AppError('auth/unauthenticated');
          ids = await home.projectPaperIds(reader, query.projectId);
        }
        if (query.listId) ids = await topics.listPaperIds(reader, query.listId);
        const records = await papers.records(reader, ids);
        if (records.length === 0 && !query.projectId && !query.listId)
          throw new AppError('common/not-found', { message: 'None of these papers can be found.' });
        const format = query.format;
        if (format === 'bibtex' || format === 'ris' || format === 'csl-json') {
          const file = exportFiles[format];
          return reply
            .type(file.type)
            .header('content-disposition', `attachment; filename="papers.${file.extension}"`)
            .header('cache-control', 'no-store')
            .send(Buffer.from(formatBibliography(records, format)));
        }
        const list = formatReferenceList(records, format);
        return reply
          .type('text/plain; charset=utf-8')
          .header('content-disposition', `attachment; filename="references-${format}.txt"`)
          .header('cache-control', 'no-store')
          .send(Buffer.from(list.map((entry) => entry.text).join('\n\n') + (list.length ? '\n' : '')));
      },
    );

    app.post(
      '/api/research/citations',
      {
        config: { auth: 'optional' },
        schema: {
          tags,
          summary: 'Resolve `[@key]` citations as the reader sees them, formatted in their style',
          body: citationsRequestSchema,
          response: { 200: resolvedCitationsSchema, ...errors },
        },
      },
      async (request) => {
        const reader = request.sessionUser?.id;
        const style = await home.styleOf(reader);
        const resolved = await services.papersRepository.resolveCitationKeys(reader, request.body.keys);
        const records = await papers.records(reader, [...new Set(resolved.values())]);
        const byId = new Map(records.map((record) => [record.id, record]));
        const items = request.body.keys.flatMap((key) => {
          const record = byId.get(resolved.get(key) ?? '');
          return record ? [{ key, record }] : [];
        });
        const texts = formatReferenceList(
          items.map(({ record }, index) => ({ ...record, id: String(index) })),
          style,
        );
        const textOf = new Map(texts.map((entry) => [entry.id, entry.text.replace(/^\[\d+\]\s*/, '')]));
        return {
          style,
          items: items.map(({ key, record }, index) => ({
            key,
            paperId: record.id,
            text: textOf.get(String(index)) ?? record.title,
          })),
        };
      },
    );

    // ---- The research centre

    app.get(
      '/api/research/centre',
      {
        config: { auth: 'optional' },
        schema: {
          tags,
          summary: 'The research centre’s topics, and whether the reader may edit them',
          response: { 200: researchCentreSchema, ...errors },
        },
      },
      async (request) => topics.centre(optionalActor(request)),
    );

    app.get(
      '/api/research/topics/:slug',
      {
        config: { auth: 'optional' },
        schema: {
          tags,
          summary: 'A topic: its introduction, reading lists and where it leads',
          params: slug,
          response: { 200: topicSchema, ...errors },
        },
      },
      async (request) => topics.topic(request.sessionUser?.id, request.params.slug),
    );

    app.post(
      '/api/research/topics',
      {
        config: { auth: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Create a topic (editors)',
          body: topicInputSchema,
          response: { 200: topicSchema, ...errors },
        },
      },
      async (request) => topics.createTopic(actorOf(request), request.body),
    );

    app.put(
      '/api/research/topics/:slug',
      {
        config: { auth: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Change a topic (editors)',
          params: slug,
          body: topicInputSchema,
          response: { 200: topicSchema, ...errors },
        },
      },
      async (request) => topics.updateTopic(actorOf(request), request.params.slug, request.body),
    );

    app.put(
      '/api/research/topics/:slug/lists',
      {
        config: { auth: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Create or replace a reading list of the topic, by its slug (editors)',
          params: slug,
          body: readingListInputSchema,
          response: { 200: topicSchema, ...errors },
        },
      },
      async (request) => topics.saveList(actorOf(request), request.params.slug, request.body),
    );

    app.delete(
      '/api/research/topics/:slug/lists/:list',
      {
        config: { auth: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Delete a reading list (editors)',
          params: z.object({ slug: z.string().max(80), list: z.string().max(80) }),
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await topics.deleteList(actorOf(request), request.params.slug, request.params.list);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/admin/research-editors',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Everyone with the research centre’s editor role',
          response: { 200: editorListSchema, ...errors },
        },
      },
      async () => topics.editors(),
    );

    app.put(
      '/api/admin/research-editors/:handle',
      {
        config: { auth: 'admin', rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags: ['admin'],
          summary: 'Give a person the editor role',
          params: z.object({ handle: z.string().max(40) }),
          response: { 200: editorGrantSchema, ...errors },
        },
      },
      async (request) => topics.grant(signedInUser(request).id, request.params.handle),
    );

    app.delete(
      '/api/admin/research-editors/:handle',
      {
        config: { auth: 'admin', rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags: ['admin'],
          summary: 'Take the editor role away',
          params: z.object({ handle: z.string().max(40) }),
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await topics.revoke(request.params.handle);
        return reply.code(204).send(null);
      },
    );

    // ---- The research home

    app.get(
      '/api/research/home',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: 'Your reading queue, projects and citation style',
          response: { 200: researchHomeSchema, ...errors },
        },
      },
      async (request) => home.home(signedInUser(request).id),
    );

    app.put(
      '/api/research/preferences',
      {
        config: { auth: 'user', rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Choose your citation style',
          body: preferencesInputSchema,
          response: { 200: preferencesInputSchema, ...errors },
        },
      },
      async (request) => home.setStyle(signedInUser(request).id, request.body.citationStyle),
    );

    app.put(
      '/api/research/queue/:paperId',
      {
        config: { auth: 'user', rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Put a paper in your queue, or change its step or priority',
          params: paperId,
          body: queueUpdateSchema,
          response: { 200: queueItemSchema, ...errors },
        },
      },
      async (request) => home.updateQueue(signedInUser(request).id, request.params.paperId, request.body),
    );

    app.delete(
      '/api/research/queue/:paperId',
      {
        config: { auth: 'user', rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Take a paper out of your queue',
          params: paperId,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await home.dequeue(signedInUser(request).id, request.params.paperId);
        return reply.code(204).send(null);
      },
    );

    app.put(
      '/api/research/notes/:paperId',
      {
        config: { auth: 'user', rateLimit: { max: 240, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Save your note on a paper (private to you)',
          params: paperId,
          body: noteInputSchema,
          response: {
            200: noteSchema,
            ...errors,
          },
        },
      },
      async (request) => home.saveNote(signedInUser(request).id, request.params.paperId, request.body.body),
    );

    app.post(
      '/api/research/notes/:paperId/publish',
      {
        config: { auth: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Publish your note as a card (again: the card is updated)',
          params: paperId,
          response: { 200: publishedNoteSchema, ...errors },
        },
      },
      async (request) => home.publishNote(signedInUser(request).id, request.params.paperId),
    );

    app.post(
      '/api/research/projects',
      {
        config: { auth: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Start a project',
          body: projectInputSchema,
          response: { 200: projectSchema, ...errors },
        },
      },
      async (request) => home.createProject(signedInUser(request).id, request.body),
    );

    app.get(
      '/api/research/projects/:id',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: 'A project of yours with its papers, annotations and notes',
          params: id,
          response: { 200: projectSchema, ...errors },
        },
      },
      async (request) => home.project(signedInUser(request).id, request.params.id),
    );

    app.patch(
      '/api/research/projects/:id',
      {
        config: { auth: 'user', rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Rename a project or change its question',
          params: id,
          body: projectInputSchema,
          response: { 200: projectSchema, ...errors },
        },
      },
      async (request) => home.updateProject(signedInUser(request).id, request.params.id, request.body),
    );

    app.delete(
      '/api/research/projects/:id',
      {
        config: { auth: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Delete a project (its papers stay)',
          params: id,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await home.deleteProject(signedInUser(request).id, request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.put(
      '/api/research/projects/:id/papers/:paperId',
      {
        config: { auth: 'user', rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Add a paper to a project, or change its annotation',
          params: projectPaper,
          body: projectPaperInputSchema,
          response: { 200: projectSchema, ...errors },
        },
      },
      async (request) =>
        home.annotate(
          signedInUser(request).id,
          request.params.id,
          request.params.paperId,
          request.body.annotation,
        ),
    );

    app.delete(
      '/api/research/projects/:id/papers/:paperId',
      {
        config: { auth: 'user', rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Take a paper out of a project',
          params: projectPaper,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await home.removeFromProject(signedInUser(request).id, request.params.id, request.params.paperId);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/research/projects/:id/map',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary:
            'The literature map: the project’s papers, their references, and papers several of them cite',
          params: id,
          response: { 200: literatureMapSchema, ...errors },
        },
      },
      async (request) => home.map(signedInUser(request).id, request.params.id),
    );

    app.post(
      '/api/research/projects/:id/ask',
      {
        config: { auth: 'user', rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Ask the library: a question over the project’s papers, notes and PDFs',
          params: id,
          body: askRequestSchema,
          response: { 200: askResultSchema, ...errors },
        },
      },
      async (request) => home.ask(signedInUser(request).id, request.params.id, request.body.question),
    );
  };
}
