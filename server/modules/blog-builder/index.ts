import type { FastifyInstance } from 'fastify';
import { createLlmClient } from '../../lib/llm/client.ts';
import { createBlogPosts } from '../blog/index.ts';
import { countModelRequestsToday } from '../model-allowance/index.ts';
import { createPlay } from '../play/index.ts';
import { createBlogBuilderRepository } from './repository.ts';
import { blogBuilderRoutes } from './routes.ts';
import { createBlogBuilderService } from './service.ts';

/**
 * The blog-builder agent (`/blog_builder`): source cards → outline → a draft whose every sentence names its
 * cards → revisions → a blog draft in the editor. With a language model when one is configured and the
 * person's allowance lasts; with the deterministic composer otherwise.
 */
export async function blogBuilderPlugin(app: FastifyInstance) {
  const { config } = app;
  const posts = createBlogPosts(app.db.orm);
  const play = createPlay(app.db.orm);
  const service = createBlogBuilderService({
    repository: createBlogBuilderRepository(app.db.orm),
    llm: config.llm ? createLlmClient(config.llm) : undefined,
    prices: config.llmPrices,
    modelRequestsToday: (owner) => countModelRequestsToday(app.db.orm, owner),
    deckCardIds: (owner, deckId, limit) => play.deckCardIds(deckId, owner, limit),
    search: async (reader, q, tag, limit) =>
      (await app.explore.search(reader, { q, ...(tag ? { tag } : {}), limit })).items.map((card) => card.id),
    createPostDraft: async (owner, post) => (await posts.create(owner, post, 'agent')).id,
  });
  await app.register(blogBuilderRoutes(service));
}
