import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import CoPresentOutlinedIcon from '@mui/icons-material/CoPresentOutlined';
import type { TaughtCourse } from '../../../contracts/classroom-authoring.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TextLink } from '../../components/text-link.tsx';
import { VisuallyHidden } from '../../components/visually-hidden.tsx';
import { useTeaching } from '../../lib/classroom-authoring-api.ts';
import {
  classViewPath,
  courseEditorPath,
  coursePagePath,
  teachingPagePath,
} from '../../lib/classroom-paths.ts';
import { loginPathFor } from '../../lib/navigation.ts';
import { useSession } from '../../lib/session.ts';
import { space } from '../../lib/spacing.ts';
import { countOf } from './format.ts';
import { NewCourseForm } from './new-course-form.tsx';

/** `/classroom/teaching`, signed in: the courses the person teaches, and a new one if they are an instructor. */
export function TeachingPage() {
  const { signedIn } = useSession();
  return (
    <Box component="section" aria-labelledby="section-title" sx={{ maxWidth: 960 }}>
      <PageHeader title="Teaching" guideAnchor="classroom" subtitle="The courses you write and teach." />
      {signedIn ? (
        <TeachingList />
      ) : (
        <Typography>
          <TextLink to={loginPathFor(teachingPagePath)}>Sign in</TextLink> to see the courses you teach.
        </Typography>
      )}
    </Box>
  );
}

function TeachingList() {
  const teaching = useTeaching();
  if (teaching.isPending) return <PageLoading />;
  if (teaching.isError) {
    return (
      <QueryError
        error={teaching.error}
        lead="Your courses could not be loaded."
        onRetry={() => void teaching.refetch()}
      />
    );
  }
  const { instructor, items } = teaching.data;
  let list: ReactNode = null;
  if (items.length > 0) {
    list = (
      <Box
        component="ul"
        aria-label="Courses you teach"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: space.block }}
      >
        {items.map((course) => (
          <li key={course.slug}>
            <TaughtCourseCard course={course} />
          </li>
        ))}
      </Box>
    );
  } else if (!instructor) {
    list = (
      <EmptyState icon={<CoPresentOutlinedIcon />} link={{ to: '/classroom', label: 'See all courses' }}>
        You teach no course yet. To write one, ask an administrator to give you the instructor role.
      </EmptyState>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: space.section }}>
      {list}
      {instructor ? <NewCourseForm /> : null}
    </Box>
  );
}

/** "Version 2 · unpublished changes", "Draft". */
function stateChips(course: TaughtCourse) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Chip size="small" label={course.publishedVersion ? `Version ${course.publishedVersion}` : 'Draft'} />
      {course.publishedVersion && course.unpublishedChanges ? (
        <Chip size="small" color="warning" variant="outlined" label="Unpublished changes" />
      ) : null}
    </Stack>
  );
}

function TaughtCourseCard({ course }: { course: TaughtCourse }) {
  const headingId = `taught-${course.slug}`;
  return (
    <Paper component="article" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
        {course.publishedVersion ? (
          <TextLink to={coursePagePath(course.slug)}>{course.title}</TextLink>
        ) : (
          course.title
        )}
      </Typography>
      <Box sx={{ mt: 1 }}>{stateChips(course)}</Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {countOf(course.enrolled, 'person enrolled', 'people enrolled')} ·{' '}
        {countOf(course.completed, 'completed it', 'completed it')}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          component={RouterLink}
          to={courseEditorPath(course.slug)}
          sx={{ minHeight: 44 }}
        >
          Edit <VisuallyHidden>{course.title}</VisuallyHidden>
        </Button>
        <Button component={RouterLink} to={classViewPath(course.slug)} sx={{ minHeight: 44 }}>
          Class <VisuallyHidden>of {course.title}</VisuallyHidden>
        </Button>
      </Stack>
    </Paper>
  );
}
