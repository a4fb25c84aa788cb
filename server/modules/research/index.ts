import type { FastifyInstance } from 'fastify';
import { createLlmClient } from '../../lib/llm/client.ts';
import { presetOutboundFetch } from '../../lib/outbound-fetch/index.ts';
import { createConferRepository } from '../confer/index.ts';
import { subscribedNow } from '../profiles/index.ts';
import { createHomeRepository } from './home/repository.ts';
import { createHomeService } from './home/service.ts';
import { createPapersRepository } from './papers/repository.ts';
import { createPapersService } from './papers/service.ts';
import { researchRoutes } from './routes.ts';
import { createTopicsRepository } from './topics/repository.ts';
import { createTopicsService } from './topics/service.ts';

export { installResearchTopics } from './topics/install.ts';

/**
 * Research (docs/research.md): papers as cards with deduplication, import, lookup and export; the research
 * centre's topics and reading lists; each person's queue, notes, projects, literature map and Ask the library.
 */
export async function researchPlugin(app: FastifyInstance) {
  const { config } = app;
  const papersRepository = createPapersRepository(app.db.orm);
  const homeRepository = createHomeRepository(app.db.orm);
  const confer = createConferRepository(app.db.orm);
  const llm = config.llm ? createLlmClient(config.llm) : undefined;
  const home = createHomeService({
    repository: homeRepository,
    papers: papersRepository,
    cards: app.cards,
    llm,
    premium: async (owner) => {
      const [profile] = await confer.profilesByKey([owner]);
      return profile !== undefined && subscribedNow(profile);
    },
    modelRequestsToday: (owner) => confer.modelRequestsToday(owner),
  });
  const papers = createPapersService({
    repository: papersRepository,
    cards: app.cards,
    lookup: {
      fetch: presetOutboundFetch({ timeoutMs: config.LOOKUP_TIMEOUT_MS }),
      crossrefBaseUrl: config.CROSSREF_URL,
      arxivBaseUrl: config.ARXIV_URL,
      enabled: config.OUTBOUND_FETCH,
      userAgent: `CARD WEB${config.PUBLIC_URL ? ` (+${config.PUBLIC_URL})` : ''}`,
    },
    enqueue: (owner, ids) => homeRepository.enqueue(owner, ids),
    addToProject: (owner, projectId, ids) => home.addToProject(owner, projectId, ids),
    styleOf: (reader) => home.styleOf(reader),
  });
  const topics = createTopicsService({
    repository: createTopicsRepository(app.db.orm),
    papers: papersRepository,
  });
  await app.register(researchRoutes({ papers, papersRepository, home, topics }));
}
