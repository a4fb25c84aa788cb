import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import type { CourseSummary, Enrolment } from '../../../contracts/classroom.ts';
import { TextLink } from '../../components/text-link.tsx';
import { courseFacts } from '../../lib/course-labels.ts';
import { certificatePagePath, coursePagePath, lessonPagePath } from '../../lib/classroom-paths.ts';
import { CourseCover } from './course-cover.tsx';
import { CourseProgress } from './course-progress.tsx';
import { Instructors } from './instructors.tsx';

/** A course's box in a list: its cover, its title (a link to the course, the box's heading), then `children`. */
function CourseBox({ course, children }: { course: CourseSummary; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
    >
      <CourseCover url={course.coverURL} />
      <Box sx={{ p: { xs: 2, sm: 2.5 }, flex: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography id={titleId} variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
          <Link component={RouterLink} to={coursePagePath(course.slug)}>
            {course.title}
          </Link>
        </Typography>
        {children}
      </Box>
    </Paper>
  );
}

/** A course of the catalogue: what it teaches, its level, length, lessons and who teaches it. */
export function CourseCard({ course }: { course: CourseSummary }) {
  return (
    <CourseBox course={course}>
      <Typography variant="body2" color="text.secondary">
        {courseFacts(course)}
      </Typography>
      <Typography variant="body2">{course.summary}</Typography>
      {course.instructors.length > 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 'auto', pt: 0.5 }}>
          <Instructors people={course.instructors} />
        </Typography>
      ) : null}
    </CourseBox>
  );
}

/** A course the person is enrolled in: how far they are, and the way back in (or their certificate). */
export function EnrolledCourseCard({ course, enrolment }: { course: CourseSummary; enrolment: Enrolment }) {
  return (
    <CourseBox course={course}>
      <CourseProgress enrolment={enrolment} label={`Progress in ${course.title}`} />
      {enrolment.completedAt ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <CheckCircleIcon aria-hidden fontSize="small" sx={{ color: 'success.main' }} />
          <Typography variant="body2">Completed</Typography>
          {enrolment.certificateId ? (
            <Typography variant="body2">
              · <TextLink to={certificatePagePath(enrolment.certificateId)}>Your certificate</TextLink>
            </Typography>
          ) : null}
        </Box>
      ) : enrolment.next ? (
        <Box
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1, mt: 0.5 }}
        >
          <Button
            variant="contained"
            component={RouterLink}
            to={lessonPagePath(course.slug, enrolment.next.slug)}
            aria-label={`Continue ${course.title}: ${enrolment.next.title}`}
          >
            Continue
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 10rem', minWidth: 0 }}>
            Next: {enrolment.next.title}
          </Typography>
        </Box>
      ) : null}
    </CourseBox>
  );
}
