import type { FastifyInstance } from 'fastify';
import { createConferRepository } from '../confer/index.ts';
import { createPlay } from '../play/index.ts';
import { authoringRoutes } from './authoring/routes.ts';
import { createAuthoringService } from './authoring/service.ts';
import { classroomRoutes } from './routes.ts';
import { createClassroomService } from './service.ts';

export type { ClassroomService } from './service.ts';
export { createClassroomService } from './service.ts';

/**
 * The classroom: courses, lessons and quizzes, progress and certificates; instructors' drafts, publishing and
 * class views (see docs/classroom.md).
 */
export async function classroomPlugin(app: FastifyInstance) {
  const service = createClassroomService({
    orm: app.db.orm,
    listedByIds: (readerKey, ids) => app.explore.listedByIds(readerKey, ids),
    play: createPlay(app.db.orm),
    confer: createConferRepository(app.db.orm),
  });
  await app.register(classroomRoutes(service));
  const authoring = createAuthoringService({ orm: app.db.orm, confer: createConferRepository(app.db.orm) });
  await app.register(authoringRoutes(authoring));
}
export { installCourse, type CourseFiles } from './install.ts';
