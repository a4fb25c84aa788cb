import type { Orm } from '../../../db/client.ts';
import { createTopicsRepository, type TopicInstall } from './repository.ts';

export type { TopicInstall };

/**
 * Installs a topic of the research centre with its reading lists, its editor's role and the readers' queues,
 * in one transaction. A topic whose slug exists is left as its editors made it (returns false).
 */
export async function installResearchTopics(orm: Orm, topic: TopicInstall): Promise<boolean> {
  return createTopicsRepository(orm).install(topic);
}
