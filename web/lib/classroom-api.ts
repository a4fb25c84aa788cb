import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  answerOutcomeSchema,
  certificateSchema,
  courseDetailSchema,
  courseListSchema,
  enrolmentSchema,
  lessonViewSchema,
  type AnswerInput,
  type AnswerOutcome,
  type CourseDetail,
  type CourseList,
  type CourseListQuery,
  type Enrolment,
  type LessonView,
} from '../../contracts/classroom.ts';
import { apiFetch } from './api.ts';
import { useSession, type SessionUser } from './session.ts';

/**
 * The classroom's calls that more than one page makes: the catalogue, the course page and Home. Every query
 * starts with 'classroom' and names the signed-in person, whose enrolments and progress the answers hold, so
 * the next person in the same browser never sees the last one's.
 */
export const classroomQueryRoot = ['classroom'] as const;

/** Whose progress the queries hold: the signed-in person's id, else their email; null when signed out. */
export function classroomViewerOf(user: SessionUser | null): string | null {
  return user?.uid ?? user?.email ?? null;
}

/** The signed-in person's `classroomViewerOf`, for the hooks below and the pages that build keys. */
export function useClassroomViewer(): string | null {
  return classroomViewerOf(useSession().user);
}

/**
 * The catalogue's search with empty and blank values left out, so `{}` and `{ q: ' ' }` share one cached list
 * and one address, and the server never sees a parameter that says nothing.
 */
export function tidyCourseQuery(query: Partial<CourseListQuery>): Partial<CourseListQuery> {
  const tidy: Partial<CourseListQuery> = {};
  const q = query.q?.trim();
  if (q) tidy.q = q;
  if (query.topic) tidy.topic = query.topic;
  if (query.level) tidy.level = query.level;
  if (query.length) tidy.length = query.length;
  return tidy;
}

/** `GET /api/classroom/courses` with its query string, e.g. `/api/classroom/courses?q=ranking&level=beginner`. */
export function coursesPath(query: Partial<CourseListQuery>): string {
  const text = new URLSearchParams(tidyCourseQuery(query)).toString();
  return text ? `/api/classroom/courses?${text}` : '/api/classroom/courses';
}

/** The address of a course in the API. */
const coursePath = (slug: string) => `/api/classroom/courses/${encodeURIComponent(slug)}`;

/** The address of a lesson of a course in the API. */
const lessonPath = (slug: string, lesson: string) =>
  `${coursePath(slug)}/lessons/${encodeURIComponent(lesson)}`;

/** The prefix of every catalogue list of `viewer`: an enrolment changes all of them. */
export const courseListsKey = (viewer: string | null) => [...classroomQueryRoot, viewer, 'courses'] as const;

/** The key of one course page of `viewer`. */
export const courseQueryKey = (viewer: string | null, slug: string) =>
  [...classroomQueryRoot, viewer, 'course', slug] as const;

/**
 * The key of one lesson of `viewer`. It sits beside the course's key, not under it, so refreshing the course
 * after an answer does not ask for the lesson again (the answer already says how it stands).
 */
export const lessonQueryKey = (viewer: string | null, slug: string, lesson: string) =>
  [...classroomQueryRoot, viewer, 'lesson', slug, lesson] as const;

/** `GET /api/classroom/courses?q=&topic=&level=&length=`: the catalogue, the person's enrolled courses first. */
export const coursesQuery = (viewer: string | null, query: Partial<CourseListQuery> = {}) => {
  const tidy = tidyCourseQuery(query);
  return queryOptions({
    queryKey: [...courseListsKey(viewer), tidy] as const,
    queryFn: ({ signal }) => apiFetch(coursesPath(tidy), { schema: courseListSchema, signal }),
  });
};

/** `GET /api/classroom/courses/:slug`: a course, its outline and where the person stands in each lesson. */
export const courseQuery = (viewer: string | null, slug: string) =>
  queryOptions({
    queryKey: courseQueryKey(viewer, slug),
    queryFn: ({ signal }) => apiFetch(coursePath(slug), { schema: courseDetailSchema, signal }),
  });

/** `GET /api/classroom/courses/:slug/lessons/:lesson`: a lesson to study, its questions without answers. */
export const lessonQuery = (viewer: string | null, slug: string, lesson: string) =>
  queryOptions({
    queryKey: lessonQueryKey(viewer, slug, lesson),
    queryFn: ({ signal }) => apiFetch(lessonPath(slug, lesson), { schema: lessonViewSchema, signal }),
  });

/** `GET /api/classroom/certificates/:id`: a certificate, the same for everyone (no person in the key). */
export const certificateQuery = (id: string) =>
  queryOptions({
    queryKey: [...classroomQueryRoot, 'certificate', id] as const,
    queryFn: ({ signal }) =>
      apiFetch(`/api/classroom/certificates/${encodeURIComponent(id)}`, {
        schema: certificateSchema,
        signal,
      }),
  });

/** `POST …/lessons/:lesson/questions/:question/answers`: checks an answer to the form of the question shown. */
export function answerQuestion(slug: string, lesson: string, question: string, input: AnswerInput) {
  return apiFetch(`${lessonPath(slug, lesson)}/questions/${encodeURIComponent(question)}/answers`, {
    method: 'POST',
    body: input,
    schema: answerOutcomeSchema,
  });
}

/** `POST …/lessons/:lesson/completion`: marks a lesson done (one with a quiz once every question is right). */
export function completeLesson(slug: string, lesson: string) {
  return apiFetch(`${lessonPath(slug, lesson)}/completion`, { method: 'POST', schema: enrolmentSchema });
}

/** `PUT /api/classroom/courses/:slug/enrolment`: enrols the person (again: nothing changes). */
export function enrol(slug: string) {
  return apiFetch(`${coursePath(slug)}/enrolment`, { method: 'PUT', schema: enrolmentSchema });
}

// The route declares this answer inline rather than in the contracts.
const leftSchema = z.object({ left: z.boolean() });

/** `DELETE /api/classroom/courses/:slug/enrolment`: leaves the course; progress and certificate stay. */
export function leave(slug: string) {
  return apiFetch(`${coursePath(slug)}/enrolment`, { method: 'DELETE', schema: leftSchema });
}

/**
 * The catalogue for `query`. While a new search loads, the last list of the same person stays on screen, so
 * the page does not blink at every letter typed; another person's list never does.
 */
export function useCourses(query: Partial<CourseListQuery>) {
  const viewer = useClassroomViewer();
  return useQuery({
    ...coursesQuery(viewer, query),
    placeholderData: (previous: CourseList | undefined, previousQuery) =>
      previousQuery?.queryKey[1] === viewer ? previous : undefined,
  });
}

/** One course page. */
export function useCourse(slug: string) {
  return useQuery(courseQuery(useClassroomViewer(), slug));
}

/**
 * What an enrolment change does to the cache: the course page shows the answer at once, then it and every
 * catalogue list are asked again (the outline and the list's order follow the enrolment).
 */
function useEnrolmentChange(slug: string) {
  const queryClient = useQueryClient();
  const viewer = useClassroomViewer();
  return (enrolment: CourseDetail['enrolment']) => {
    queryClient.setQueryData<CourseDetail>(courseQueryKey(viewer, slug), (course) =>
      course ? { ...course, enrolment } : course,
    );
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: courseQueryKey(viewer, slug) }),
      queryClient.invalidateQueries({ queryKey: courseListsKey(viewer) }),
    ]);
  };
}

/** One lesson of course `slug`. */
export function useLesson(slug: string, lesson: string) {
  return useQuery(lessonQuery(useClassroomViewer(), slug, lesson));
}

/** A certificate, for anyone. */
export function useCertificate(id: string) {
  return useQuery(certificateQuery(id));
}

/** Enrols the signed-in person in course `slug`. */
export function useEnrol(slug: string) {
  const changed = useEnrolmentChange(slug);
  return useMutation({ mutationFn: () => enrol(slug), onSuccess: (enrolment) => changed(enrolment) });
}

/** Takes the signed-in person out of course `slug`; what they did stays, should they enrol again. */
export function useLeave(slug: string) {
  const changed = useEnrolmentChange(slug);
  return useMutation({ mutationFn: () => leave(slug), onSuccess: () => changed(null) });
}

/**
 * What progress in a lesson does to the cache: the lesson shows the new enrolment (and `change`) at once, and
 * the course and the catalogue are refreshed as after an enrolment, since the outline and the progress moved.
 */
function useLessonProgress(slug: string, lesson: string) {
  const queryClient = useQueryClient();
  const viewer = useClassroomViewer();
  const changed = useEnrolmentChange(slug);
  return (enrolment: Enrolment, change: (view: LessonView) => LessonView) => {
    queryClient.setQueryData<LessonView>(lessonQueryKey(viewer, slug, lesson), (view) =>
      view ? { ...change(view), enrolment } : view,
    );
    return changed(enrolment);
  };
}

/** Whether a lesson is now done: it was, or this step finished it. */
const stateAfter = (view: LessonView, done: boolean): LessonView['lesson']['state'] =>
  done || view.lesson.state === 'done' ? 'done' : 'in-progress';

/** Answers question `question` of a lesson; the question's new state replaces the old one in the lesson. */
export function useAnswerQuestion(slug: string, lesson: string) {
  const progressed = useLessonProgress(slug, lesson);
  return useMutation({
    mutationFn: ({ question, input }: { question: string; input: AnswerInput }) =>
      answerQuestion(slug, lesson, question, input),
    onSuccess: (outcome: AnswerOutcome, { question }) =>
      progressed(outcome.enrolment, (view) => ({
        ...view,
        lesson: { ...view.lesson, state: stateAfter(view, outcome.lessonDone) },
        questions: view.questions.map((entry) => (entry.question.id === question ? outcome.question : entry)),
      })),
  });
}

/** Marks a lesson without a quiz done. */
export function useCompleteLesson(slug: string, lesson: string) {
  const progressed = useLessonProgress(slug, lesson);
  return useMutation({
    mutationFn: () => completeLesson(slug, lesson),
    onSuccess: (enrolment) =>
      progressed(enrolment, (view) => ({ ...view, lesson: { ...view.lesson, state: 'done' } })),
  });
}
