import type { Orm } from '../../db/client.ts';
import { createModerationRepository } from './repository.ts';
import { createModerationService } from './service.ts';

/** Reports of people and cards, and what administrators do about them. */
export { default as moderationRoutes } from './routes.ts';

/** The moderation service on `orm`, for modules that file reports (blog comments). */
export function createModeration(orm: Orm) {
  return createModerationService(createModerationRepository(orm));
}
export type ModerationService = ReturnType<typeof createModeration>;
