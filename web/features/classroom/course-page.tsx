import { useId } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { courseSummarySchema } from '../../../contracts/classroom.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TextLink } from '../../components/text-link.tsx';
import { ApiError } from '../../lib/api.ts';
import { useCourse } from '../../lib/classroom-api.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { useSession } from '../../lib/session.ts';
import { space } from '../../lib/spacing.ts';
import { courseFacts } from '../../lib/course-labels.ts';
import { CourseCover } from './course-cover.tsx';
import { CourseMemory } from './course-memory.tsx';
import { CourseOutline } from './course-outline.tsx';
import { Instructors } from './instructors.tsx';
import { NextStep } from './next-step.tsx';
import { RecommendedFirst } from './recommended-first.tsx';
import { TeachingActions } from './teaching-actions.tsx';

/** `/classroom/classes/:slug`, open to everyone: a course, the person's next step in it, and its lessons. */
export function CoursePage() {
  const { slug = '' } = useParams();
  // A slug that breaks the contract's rules names no course: no need to ask the server.
  if (!courseSummarySchema.shape.slug.safeParse(slug).success) return <CourseNotFound />;
  // Another course is another page: nothing of this one's state (an open dialog, a failure) carries over.
  return <Course key={slug} slug={slug} />;
}

/** A missing course and an unpublished one look the same: not found. */
function CourseNotFound() {
  useDocumentTitle('Course not found');
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ maxWidth: 760 }}>
      <Typography id={headingId} variant="h1" component="h1" gutterBottom>
        Course not found
      </Typography>
      <Typography sx={{ mb: 3 }}>
        There is no course at this address. The link may be mistyped, or the course may not be published.
      </Typography>
      <Button variant="contained" component={RouterLink} to="/classroom">
        See all courses
      </Button>
    </Box>
  );
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

function Course({ slug }: { slug: string }) {
  const { user } = useSession();
  const query = useCourse(slug);
  const course = query.data;

  if (query.isError && isNotFound(query.error)) return <CourseNotFound />;
  if (!course) {
    return (
      <Box component="section" aria-labelledby="section-title" sx={{ maxWidth: 960 }}>
        <PageHeader title="Course" guideAnchor="classroom" />
        {query.isError ? (
          <QueryError
            error={query.error}
            lead="The course could not be loaded."
            onRetry={() => void query.refetch()}
          />
        ) : (
          <PageLoading />
        )}
      </Box>
    );
  }

  return (
    <Box component="section" aria-labelledby="section-title" sx={{ maxWidth: 960, minWidth: 0 }}>
      <PageHeader
        title={course.title}
        guideAnchor="classroom"
        actions={course.teaching ? <TeachingActions slug={course.slug} /> : undefined}
        subtitle={
          <>
            {courseFacts(course)}
            {course.instructors.length > 0 ? (
              <>
                {' · '}
                <Instructors people={course.instructors} />
              </>
            ) : null}
          </>
        }
      />
      <Box sx={{ display: 'grid', gap: space.section }}>
        <Box sx={{ display: 'grid', gap: space.block }}>
          <CourseCover url={course.coverURL} aspectRatio="3 / 1" sx={{ maxWidth: 760, borderRadius: 1 }} />
          <NextStep course={course} signedIn={user !== null} />
          <Typography sx={{ maxWidth: 760 }}>{course.summary}</Typography>
          <RecommendedFirst courses={course.recommendedBefore} />
        </Box>
        {course.enrolment?.deckId ? <CourseMemory deckId={course.enrolment.deckId} /> : null}
        <CourseOutline course={course} signedIn={user !== null} />
        <Typography>
          Back to <TextLink to="/classroom">all courses</TextLink>.
        </Typography>
      </Box>
    </Box>
  );
}
