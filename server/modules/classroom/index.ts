import type { FastifyInstance } from 'fastify';
import { classroomRoutes } from './routes.ts';
import { createClassroomService } from './service.ts';

export type { ClassroomService } from './service.ts';
export { createClassroomService } from './service.ts';

/** The classroom: courses, lessons and quizzes, progress and certificates (see docs/classroom.md). */
export async function classroomPlugin(app: FastifyInstance) {
  const service = createClassroomService({
    orm: app.db.orm,
    listedByIds: (readerKey, ids) => app.explore.listedByIds(readerKey, ids),
  });
  await app.register(classroomRoutes(service));
}
export { installCourse, type CourseFiles } from './install.ts';
