import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import type { CourseSummary, Enrolment } from '../../../contracts/classroom.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { coursesQuery, useClassroomViewer } from '../../lib/classroom-api.ts';
import { certificatePagePath, coursePagePath, lessonPagePath } from '../../lib/classroom-paths.ts';
import { errorSentence } from '../../lib/error-sentence.ts';

type Enrolled = CourseSummary & { enrolment: Enrolment };

/** "3 of 9 lessons". */
const progressWords = ({ done, total }: Enrolment) =>
  `${done.toLocaleString('en')} of ${total.toLocaleString('en')} ${total === 1 ? 'lesson' : 'lessons'}`;

/**
 * The courses the person is enrolled in, most recently active first (the catalogue's order), each with its
 * progress and the way on: Continue at the next lesson, or the certificate of a finished course.
 */
export function EnrolledCourses() {
  const courses = useQuery(coursesQuery(useClassroomViewer()));
  if (courses.isPending) return <CircularProgress size={28} aria-label="Loading your courses" />;
  if (courses.isError) return <Alert severity="error">{errorSentence(courses.error)}</Alert>;
  const enrolled = courses.data.items.filter((course): course is Enrolled => course.enrolment !== null);
  if (enrolled.length === 0) {
    return (
      <EmptyState icon={<SchoolOutlinedIcon />} link={{ to: '/classroom', label: 'Find a course' }}>
        You are not taking a course. A course’s cards become a deck here, so what it taught stays with you.
      </EmptyState>
    );
  }
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {enrolled.map((course) => (
        <EnrolledCourse key={course.slug} course={course} />
      ))}
    </Box>
  );
}

function EnrolledCourse({ course }: { course: Enrolled }) {
  const { enrolment } = course;
  const words = progressWords(enrolment);
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 2,
        rowGap: 1,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
        <Link
          component={RouterLink}
          to={coursePagePath(course.slug)}
          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {course.title}
        </Link>
        <LinearProgress
          variant="determinate"
          value={enrolment.total > 0 ? Math.round((enrolment.done / enrolment.total) * 100) : 0}
          aria-label={`Progress in ${course.title}`}
          aria-valuetext={words}
          sx={{ height: 6, borderRadius: 3, mt: 1, maxWidth: 320 }}
        />
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {enrolment.completedAt ? `Completed · ${words}` : words}
        </Typography>
      </Box>
      {enrolment.next ? (
        <Button
          variant="contained"
          component={RouterLink}
          to={lessonPagePath(course.slug, enrolment.next.slug)}
          aria-label={`Continue ${course.title}: ${enrolment.next.title}`}
        >
          Continue
        </Button>
      ) : enrolment.certificateId ? (
        <Button
          variant="outlined"
          component={RouterLink}
          to={certificatePagePath(enrolment.certificateId)}
          aria-label={`Certificate of ${course.title}`}
        >
          Certificate
        </Button>
      ) : null}
    </Box>
  );
}
