import { Fragment } from 'react';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import type { CourseDetail } from '../../../contracts/classroom.ts';
import { TextLink } from '../../components/text-link.tsx';
import { coursePagePath } from '../../lib/classroom-paths.ts';

/**
 * "Recommended first: …", the courses worth taking before this one, those the person completed marked so; a
 * recommendation only (enrolling is open all the same). Nothing when the course names none.
 */
export function RecommendedFirst({ courses }: { courses: CourseDetail['recommendedBefore'] }) {
  if (courses.length === 0) return null;
  return (
    <Typography sx={{ maxWidth: 760 }}>
      Recommended first:{' '}
      {courses.map((course, index) => (
        <Fragment key={course.slug}>
          {index > 0 ? ', ' : null}
          <TextLink to={coursePagePath(course.slug)}>{course.title}</TextLink>
          {course.completed ? (
            <>
              {' '}
              <CheckCircleIcon
                aria-hidden
                fontSize="inherit"
                sx={{ color: 'success.main', verticalAlign: '-0.125em' }}
              />{' '}
              (completed)
            </>
          ) : null}
        </Fragment>
      ))}
    </Typography>
  );
}
