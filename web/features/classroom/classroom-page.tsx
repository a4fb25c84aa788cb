import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import FilterListOffIcon from '@mui/icons-material/FilterListOff';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import type { CourseSummary } from '../../../contracts/classroom.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useCourses } from '../../lib/classroom-api.ts';
import { teachingPagePath } from '../../lib/classroom-paths.ts';
import { useSession } from '../../lib/session.ts';
import { space } from '../../lib/spacing.ts';
import { topicsOf, useCatalogueFilters } from './catalogue-filters.ts';
import { CatalogueSearch } from './catalogue-search.tsx';
import { CourseCard, EnrolledCourseCard } from './course-cards.tsx';
import { countOf } from './format.ts';

/**
 * `/classroom`, open to everyone: the catalogue. The person's own courses come first with how far they are and
 * a way back in; then every other course. Words, topic, level and length narrow it, all in the address.
 */
export function ClassroomPage() {
  const { search, filters, query, filtered, setParams, clear } = useCatalogueFilters();
  const { signedIn } = useSession();
  const courses = useCourses(query);
  // The topics on offer are those of the whole catalogue, not of the courses a filter left.
  const everything = useCourses({});
  const topics = topicsOf(everything.data?.items ?? [], filters.topic);

  let results: ReactNode;
  if (courses.isPending) {
    results = <PageLoading />;
  } else if (courses.isError) {
    results = (
      <QueryError
        error={courses.error}
        lead="The courses could not be loaded."
        onRetry={() => void courses.refetch()}
      />
    );
  } else if (courses.data.items.length === 0) {
    results = filtered ? (
      <EmptyState
        icon={<FilterListOffIcon />}
        action={
          <Button variant="outlined" onClick={clear}>
            Clear filters
          </Button>
        }
      >
        No course matches this search.
      </EmptyState>
    ) : (
      <EmptyState icon={<SchoolOutlinedIcon />}>
        No course is open yet. Courses show here as soon as their teachers publish them.
      </EmptyState>
    );
  } else {
    results = (
      <CourseLists
        items={courses.data.items}
        filtered={filtered}
        // The last list stays while the next loads: said to assistive technology, shown faded.
        busy={courses.isPlaceholderData}
      />
    );
  }

  return (
    <Box component="section" aria-labelledby="section-title">
      <PageHeader
        title="Classroom"
        guideAnchor="classroom"
        subtitle="Courses: paths of lessons made of text, cards and quizzes."
        actions={
          signedIn ? (
            <Button component={RouterLink} to={teachingPagePath} sx={{ minHeight: 44 }}>
              Teaching
            </Button>
          ) : undefined
        }
      />
      <CatalogueSearch
        search={search}
        filters={filters}
        topics={topics}
        filtered={filtered}
        onChange={setParams}
        onClear={clear}
      />
      <Box sx={{ mt: space.section }}>{results}</Box>
    </Box>
  );
}

const grid = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gap: space.block,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
} as const;

/** The person's courses (the server puts them first), then the others. */
function CourseLists({
  items,
  filtered,
  busy,
}: {
  items: readonly CourseSummary[];
  filtered: boolean;
  busy: boolean;
}) {
  const mine = items.flatMap((course) => (course.enrolment ? [{ course, enrolment: course.enrolment }] : []));
  const others = items.filter((course) => !course.enrolment);
  return (
    <>
      <Typography
        role="status"
        variant="body2"
        color="text.secondary"
        sx={{ mb: filtered ? space.block : 0 }}
      >
        {filtered ? `${countOf(items.length, 'course matches', 'courses match')} this search.` : ''}
      </Typography>
      <Box
        aria-busy={busy}
        sx={{ display: 'grid', gap: space.section, opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' }}
      >
        {mine.length > 0 ? (
          <Box component="section" aria-labelledby="classroom-yours">
            <Typography id="classroom-yours" variant="h5" component="h2" sx={{ mb: 1.5 }}>
              Your courses
            </Typography>
            <Box component="ul" aria-labelledby="classroom-yours" sx={grid}>
              {mine.map(({ course, enrolment }) => (
                <li key={course.slug}>
                  <EnrolledCourseCard course={course} enrolment={enrolment} />
                </li>
              ))}
            </Box>
          </Box>
        ) : null}
        {others.length > 0 ? (
          <Box component="section" aria-labelledby="classroom-others">
            <Typography id="classroom-others" variant="h5" component="h2" sx={{ mb: 1.5 }}>
              {mine.length > 0 ? 'More courses' : 'Courses'}
            </Typography>
            <Box component="ul" aria-labelledby="classroom-others" sx={grid}>
              {others.map((course) => (
                <li key={course.slug}>
                  <CourseCard course={course} />
                </li>
              ))}
            </Box>
          </Box>
        ) : null}
      </Box>
    </>
  );
}
