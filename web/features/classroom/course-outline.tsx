import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import TimelapseIcon from '@mui/icons-material/Timelapse';
import type { CourseDetail, LessonState, OutlineLesson } from '../../../contracts/classroom.ts';
import { lessonPagePath } from '../../lib/classroom-paths.ts';
import { countOf, lessonStateLabels, titlesInWords } from './format.ts';

/** Each state's mark, drawn for the eye beside the words that say it; colours are the theme's. */
const stateIcons: Record<LessonState, { icon: typeof CheckCircleIcon; color: string }> = {
  done: { icon: CheckCircleIcon, color: 'success.main' },
  'in-progress': { icon: TimelapseIcon, color: 'primary.main' },
  available: { icon: RadioButtonUncheckedIcon, color: 'text.secondary' },
  locked: { icon: LockOutlinedIcon, color: 'text.disabled' },
};

/**
 * A course's outline: each module a heading over the numbered list of its lessons, each lesson with where the
 * person stands in it and what it holds. An enrolled person's open lessons are links; a locked lesson is not,
 * and names the lessons it waits for.
 */
export function CourseOutline({ course, signedIn }: { course: CourseDetail; signedIn: boolean }) {
  const enrolled = course.enrolment !== null;
  return (
    <Box component="section" aria-labelledby="course-outline">
      <Typography id="course-outline" variant="h5" component="h2" sx={{ mb: 0.5 }}>
        Lessons
      </Typography>
      {enrolled ? null : (
        <Typography variant="body2" color="text.secondary">
          {signedIn ? 'Enrol to open the lessons.' : 'Sign in and enrol to open the lessons.'}
        </Typography>
      )}
      {course.modules.map((module) => (
        <Module
          key={module.title}
          title={module.title}
          lessons={module.lessons}
          slug={course.slug}
          enrolled={enrolled}
          next={course.enrolment?.next?.slug ?? null}
        />
      ))}
    </Box>
  );
}

function Module({
  title,
  lessons,
  slug,
  enrolled,
  next,
}: {
  title: string;
  lessons: readonly OutlineLesson[];
  slug: string;
  enrolled: boolean;
  next: string | null;
}) {
  const headingId = useId();
  return (
    <Box sx={{ mt: 3 }}>
      <Typography id={headingId} variant="h6" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box
        component="ol"
        aria-labelledby={headingId}
        // The numbers go on across modules; `start` tells assistive technology what the first one is.
        start={lessons[0]?.position ?? 1}
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          '& > li + li': { borderTop: 1, borderColor: 'divider' },
        }}
      >
        {lessons.map((lesson) => (
          <LessonRow
            key={lesson.slug}
            lesson={lesson}
            slug={slug}
            linked={enrolled && lesson.state !== 'locked'}
            next={lesson.slug === next}
          />
        ))}
      </Box>
    </Box>
  );
}

function LessonRow({
  lesson,
  slug,
  linked,
  next,
}: {
  lesson: OutlineLesson;
  slug: string;
  linked: boolean;
  next: boolean;
}) {
  const { icon: Icon, color } = stateIcons[lesson.state];
  const facts = [
    lessonStateLabels[lesson.state],
    countOf(lesson.questions, 'question', 'questions'),
    countOf(lesson.cards, 'card', 'cards'),
  ];
  return (
    <Box
      component="li"
      aria-current={next ? 'step' : undefined}
      sx={{
        display: 'flex',
        gap: 1.5,
        alignItems: 'flex-start',
        px: { xs: 1.5, sm: 2 },
        py: 1.25,
        bgcolor: next ? 'action.selected' : undefined,
      }}
    >
      <Icon aria-hidden fontSize="small" sx={{ color, mt: 0.5, flexShrink: 0 }} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography sx={{ overflowWrap: 'anywhere', fontWeight: next ? 600 : undefined }}>
          {lesson.position}.{' '}
          {linked ? (
            <Link
              component={RouterLink}
              to={lessonPagePath(slug, lesson.slug)}
              sx={{ display: 'inline-block', py: 0.25 }}
            >
              {lesson.title}
            </Link>
          ) : (
            lesson.title
          )}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {next ? 'Up next · ' : ''}
          {facts.join(' · ')}
        </Typography>
        {lesson.state === 'locked' && lesson.missing.length > 0 ? (
          <Typography variant="body2" color="text.secondary">
            Needs: {titlesInWords(lesson.missing.map((missing) => missing.title))}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}
