import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { normalizeTitle } from '../../../contracts/card-text.ts';
import {
  lessonRefSchema,
  type AnswerOutcome,
  type Enrolment,
  type LessonView,
} from '../../../contracts/classroom.ts';
import type { CardSummary } from '../../../contracts/cards.ts';
import { Markdown, type LinkResolver } from '../../components/markdown/markdown.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { TextLink } from '../../components/text-link.tsx';
import { ApiError } from '../../lib/api.ts';
import { courseQuery, useClassroomViewer, useCompleteLesson, useLesson } from '../../lib/classroom-api.ts';
import {
  completionPagePath,
  courseDeckPagePath,
  courseDiscussionPath,
  coursePagePath,
  lessonPagePath,
} from '../../lib/classroom-paths.ts';
import { space } from '../../lib/spacing.ts';
import { ClassroomFailure } from './classroom-failure.tsx';
import { CourseProgress } from './course-progress.tsx';
import { QuizQuestion } from './quiz-question.tsx';

const validSlug = (value: string) => lessonRefSchema.shape.slug.safeParse(value).success;

/**
 * `/classroom/classes/:slug/lessons/:lesson`, for an enrolled person: the lesson's text, its cards, its quiz
 * and the way on. A person who is not enrolled, or whose lesson is still locked, is told how to get there.
 */
export function LessonPage() {
  const { slug = '', lesson = '' } = useParams();
  if (!validSlug(slug) || !validSlug(lesson)) return <LessonNotFound slug={validSlug(slug) ? slug : null} />;
  // Another lesson is another page: nothing of this one's answers or failures carries over.
  return <Lesson key={`${slug}/${lesson}`} slug={slug} lesson={lesson} />;
}

function LessonNotFound({ slug }: { slug: string | null }) {
  return (
    <Box component="section" aria-labelledby="section-title" sx={{ maxWidth: 760 }}>
      <PageHeader title="Lesson not found" guideAnchor="classroom" />
      <Typography sx={{ mb: 3 }}>
        This course has no lesson at this address. The link may be mistyped, or the lesson may have left the
        course in a new version.
      </Typography>
      <Button variant="contained" component={RouterLink} to={slug ? coursePagePath(slug) : '/classroom'}>
        {slug ? 'See the course' : 'See all courses'}
      </Button>
    </Box>
  );
}

const codeOf = (error: unknown) => (error instanceof ApiError ? error.code : null);

function Lesson({ slug, lesson }: { slug: string; lesson: string }) {
  const query = useLesson(slug, lesson);
  const viewer = useClassroomViewer();
  const locked = codeOf(query.error) === 'classroom/lesson-locked';
  // A locked lesson's refusal does not say what it waits for; the course's outline does.
  const course = useQuery({ ...courseQuery(viewer, slug), enabled: locked });
  const view = query.data;

  if (view) return <LessonContent view={view} />;
  if (query.isError && query.error instanceof ApiError && query.error.status === 404) {
    return <LessonNotFound slug={slug} />;
  }
  const needs =
    course.data?.modules.flatMap((module) => module.lessons).find((item) => item.slug === lesson)?.missing ??
    [];
  return (
    <Box component="section" aria-labelledby="section-title" sx={{ maxWidth: 960 }}>
      <Breadcrumb slug={slug} courseTitle={course.data?.title ?? 'Course'} />
      <PageHeader title={locked ? 'Lesson locked' : 'Lesson'} guideAnchor="classroom" />
      {query.isError ? (
        <ClassroomFailure
          error={query.error}
          slug={slug}
          needs={needs}
          lead={locked ? undefined : 'The lesson could not be opened.'}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <PageLoading />
      )}
    </Box>
  );
}

/** Classroom › the course › the lesson, so the way back is one press away. */
function Breadcrumb({ slug, courseTitle, current }: { slug: string; courseTitle: string; current?: string }) {
  const linkSx = { display: 'inline-flex', alignItems: 'center', minHeight: 44, overflowWrap: 'anywhere' };
  return (
    <Box component="nav" aria-label="Breadcrumb" sx={{ mb: 1 }}>
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          columnGap: 1,
          '& li + li::before': { content: '"›"', mr: 1, color: 'text.secondary' },
        }}
      >
        <li>
          <Link component={RouterLink} to="/classroom" sx={linkSx}>
            Classroom
          </Link>
        </li>
        <li>
          <Link component={RouterLink} to={coursePagePath(slug)} sx={linkSx}>
            {courseTitle}
          </Link>
        </li>
        {current ? (
          <Box component="li" aria-current="page" sx={{ color: 'text.secondary' }}>
            {current}
          </Box>
        ) : null}
      </Box>
    </Box>
  );
}

/** `[[Title]]` in the lesson → the page of the lesson's card of that title; other titles show as missing. */
function useCardLinks(cards: readonly CardSummary[]): LinkResolver {
  const byTitle = useMemo(() => new Map(cards.map((card) => [normalizeTitle(card.title), card])), [cards]);
  return useCallback(
    (title: string) => {
      const card = byTitle.get(normalizeTitle(title));
      return card ? { href: `/cards/${card.id}`, title: card.title } : null;
    },
    [byTitle],
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h5" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function LessonContent({ view }: { view: LessonView }) {
  const navigate = useNavigate();
  const slug = view.course.slug;
  const links = useCardLinks(view.cards);
  // Set when this visit finished the lesson: "Next lesson" then takes the focus.
  const [finished, setFinished] = useState(false);

  const afterProgress = (enrolment: Enrolment, lessonDone: boolean) => {
    if (lessonDone && enrolment.completedAt !== null) {
      void navigate(completionPagePath(slug));
    } else if (lessonDone) {
      setFinished(true);
    }
  };
  const answered = (outcome: AnswerOutcome) => afterProgress(outcome.enrolment, outcome.lessonDone);

  return (
    <Box component="section" aria-labelledby="section-title" sx={{ maxWidth: 860, minWidth: 0 }}>
      <Breadcrumb slug={slug} courseTitle={view.course.title} current={`Lesson ${view.lesson.position}`} />
      <PageHeader
        title={`Lesson ${view.lesson.position}: ${view.lesson.title}`}
        documentTitle={`${view.lesson.title} · ${view.course.title}`}
        guideAnchor="classroom"
      />
      <Box sx={{ display: 'grid', gap: space.section, minWidth: 0 }}>
        <CourseProgress
          enrolment={view.enrolment}
          label={`Progress in ${view.course.title}`}
          suffix=" done in this course"
        />
        <Box component="article" aria-label="Lesson text" sx={{ minWidth: 0 }}>
          <Markdown source={view.lesson.body} links={links} />
        </Box>
        {view.cards.length > 0 ? (
          <LessonCards cards={view.cards} deckId={view.enrolment.deckId} slug={slug} />
        ) : null}
        {view.questions.length > 0 ? (
          <Section id="lesson-quiz" title="Quiz">
            <Box sx={{ display: 'grid', gap: space.block }}>
              {view.questions.map((entry, index) => (
                <QuizQuestion
                  key={entry.question.id}
                  slug={slug}
                  lesson={view.lesson.slug}
                  entry={entry}
                  number={index + 1}
                  links={links}
                  onAnswered={answered}
                />
              ))}
            </Box>
          </Section>
        ) : null}
        <LessonDone view={view} focus={finished} onCompleted={afterProgress} />
        <LessonFoot view={view} />
        {view.enrolment.channelId ? (
          <Typography>
            A question about this lesson?{' '}
            <TextLink to={courseDiscussionPath(view.enrolment.channelId)}>Discuss this course</TextLink> in
            Confer.
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}

function LessonCards({
  cards,
  deckId,
  slug,
}: {
  cards: readonly CardSummary[];
  deckId: string | null;
  slug: string;
}) {
  return (
    <Section id="lesson-cards" title="Cards in this lesson">
      <Box component="ul" sx={{ pl: 3, my: 0 }}>
        {cards.map((card) => (
          <li key={card.id}>
            <Link
              component={RouterLink}
              to={`/cards/${card.id}`}
              sx={{ display: 'inline-block', py: 1, overflowWrap: 'anywhere' }}
            >
              {card.title}
            </Link>
          </li>
        ))}
      </Box>
      <Typography sx={{ mt: 1 }}>
        {deckId ? (
          <>
            These cards are in your course deck in Play:{' '}
            <TextLink to={courseDeckPagePath(deckId)}>review the deck</TextLink> to keep them in memory.
          </>
        ) : (
          <>
            These cards belong to the course’s deck in Play. You deleted yours:{' '}
            <TextLink to={coursePagePath(slug)}>enrol again on the course page</TextLink> for a new one.
          </>
        )}
      </Typography>
    </Section>
  );
}

/**
 * Where the lesson stands: "Mark as done" for a lesson without a quiz; once done, the way to the next lesson.
 * Its status region announces the lesson finished.
 */
function LessonDone({
  view,
  focus,
  onCompleted,
}: {
  view: LessonView;
  focus: boolean;
  onCompleted: (enrolment: Enrolment, lessonDone: boolean) => void;
}) {
  const slug = view.course.slug;
  const complete = useCompleteLesson(slug, view.lesson.slug);
  const nextButton = useRef<HTMLAnchorElement>(null);
  const done = view.lesson.state === 'done';
  const quiz = view.questions.length > 0;

  useEffect(() => {
    if (focus && done) nextButton.current?.focus();
  }, [focus, done]);

  return (
    <Box>
      <Box role="status" aria-live="polite">
        {done ? (
          <Alert severity="success">
            <AlertTitle>You finished this lesson.</AlertTitle>
            {view.next ? `Next comes “${view.next.title}”.` : 'It is the last lesson of the course.'}
          </Alert>
        ) : null}
      </Box>
      {done ? (
        <Button
          ref={nextButton}
          variant="contained"
          component={RouterLink}
          to={view.next ? lessonPagePath(slug, view.next.slug) : coursePagePath(slug)}
          sx={{ mt: 2, minHeight: 44 }}
        >
          {view.next ? 'Next lesson' : 'Back to the course'}
        </Button>
      ) : quiz ? (
        <Typography color="text.secondary">Answer every question right to finish the lesson.</Typography>
      ) : (
        <Button
          variant="contained"
          disabled={complete.isPending}
          onClick={() =>
            complete.mutate(undefined, { onSuccess: (enrolment) => onCompleted(enrolment, true) })
          }
          sx={{ minHeight: 44 }}
        >
          Mark as done
        </Button>
      )}
      {complete.isError ? (
        <ClassroomFailure
          error={complete.error}
          slug={slug}
          lead="The lesson is not marked done."
          sx={{ mt: 2 }}
        />
      ) : null}
    </Box>
  );
}

/** The previous and the next lesson, at the foot. */
function LessonFoot({ view }: { view: LessonView }) {
  const slug = view.course.slug;
  if (!view.previous && !view.next) return null;
  const linkSx = { display: 'inline-block', py: 1.25, overflowWrap: 'anywhere' } as const;
  return (
    <Box
      component="nav"
      aria-label="Other lessons"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'space-between',
        gap: space.block,
        borderTop: 1,
        borderColor: 'divider',
        pt: space.block,
      }}
    >
      {view.previous ? (
        <Box sx={{ minWidth: 0, flex: '1 1 14rem' }}>
          <Typography variant="body2" color="text.secondary">
            Previous lesson
          </Typography>
          <Link component={RouterLink} to={lessonPagePath(slug, view.previous.slug)} rel="prev" sx={linkSx}>
            {view.previous.title}
          </Link>
        </Box>
      ) : null}
      {view.next ? (
        <Box sx={{ minWidth: 0, flex: '1 1 14rem', textAlign: { sm: 'right' } }}>
          <Typography variant="body2" color="text.secondary">
            Next lesson
          </Typography>
          <Link component={RouterLink} to={lessonPagePath(slug, view.next.slug)} rel="next" sx={linkSx}>
            {view.next.title}
          </Link>
        </Box>
      ) : null}
    </Box>
  );
}
