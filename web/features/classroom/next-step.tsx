import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { CourseDetail, Enrolment } from '../../../contracts/classroom.ts';
import { TextLink } from '../../components/text-link.tsx';
import { useEnrol, useLeave } from '../../lib/classroom-api.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { loginPathFor } from '../../lib/navigation.ts';
import {
  certificatePagePath,
  courseDiscussionPath,
  coursePagePath,
  lessonPagePath,
} from '../../lib/classroom-paths.ts';
import { countOf } from './format.ts';
import { CourseProgress } from './course-progress.tsx';
import { LeaveCourseDialog } from './leave-course-dialog.tsx';

const headingId = 'course-next-step';

/** The panel at the top of a course page; its heading names it. */
function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography id={headingId} variant="h5" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

const actionRow = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 2 } as const;

/** Lessons done in a course, counted from its outline (they stay done after leaving it). */
function doneIn(course: CourseDetail): number {
  return course.modules.flatMap((module) => module.lessons).filter((lesson) => lesson.state === 'done')
    .length;
}

/**
 * The person's next action in a course, first on its page: sign in to enrol, enrol, or (enrolled) how far they
 * are with Continue, Leave, the course's discussion, and once finished the certificate. After enrolling or
 * leaving, the new panel's first action takes the focus, since the button that was pressed is gone with its
 * panel.
 */
export function NextStep({ course, signedIn }: { course: CourseDetail; signedIn: boolean }) {
  const [moved, setMoved] = useState(false);
  if (!signedIn) {
    return (
      <Panel title="Take this course">
        <Typography>Enrol to keep your place, answer the quizzes and earn a certificate.</Typography>
        <Box sx={actionRow}>
          <Button variant="contained" component={RouterLink} to={loginPathFor(coursePagePath(course.slug))}>
            Sign in to enrol
          </Button>
        </Box>
      </Panel>
    );
  }
  if (!course.enrolment) {
    return <EnrolPanel course={course} focus={moved} onAct={() => setMoved(true)} />;
  }
  return (
    <EnrolledPanel course={course} enrolment={course.enrolment} focus={moved} onAct={() => setMoved(true)} />
  );
}

/** Focuses `ref`'s element once, when it first shows and `focus` is set. */
function useFocusOnShow<T extends HTMLElement>(focus: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
    // Only when the panel appears: later renders leave the focus where the person put it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return ref;
}

function EnrolPanel({
  course,
  focus,
  onAct,
}: {
  course: CourseDetail;
  focus: boolean;
  /** Called as the person enrols: the panel that follows takes the focus. */
  onAct: () => void;
}) {
  const enrol = useEnrol(course.slug);
  const button = useFocusOnShow<HTMLButtonElement>(focus);
  const before = doneIn(course);
  return (
    <Panel title="Take this course">
      <Typography>
        {before > 0
          ? `You finished ${countOf(before, 'lesson', 'lessons')} of this course before: enrol again to carry on where you left off.`
          : 'Enrol to open the lessons, keep your place, answer the quizzes and earn a certificate.'}
      </Typography>
      <Box sx={actionRow}>
        <Button
          ref={button}
          variant="contained"
          disabled={enrol.isPending}
          onClick={() => {
            onAct();
            enrol.mutate();
          }}
        >
          Enrol
        </Button>
      </Box>
      {enrol.isError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          You are not enrolled yet. {errorSentence(enrol.error)}
        </Alert>
      ) : null}
    </Panel>
  );
}

function EnrolledPanel({
  course,
  enrolment,
  focus,
  onAct,
}: {
  course: CourseDetail;
  enrolment: Enrolment;
  focus: boolean;
  /** Called as the person leaves: the panel that follows takes the focus. */
  onAct: () => void;
}) {
  const leave = useLeave(course.slug);
  const [asking, setAsking] = useState(false);
  const first = useFocusOnShow<HTMLAnchorElement>(focus);
  const completed = enrolment.completedAt !== null;
  return (
    <Panel title={completed ? 'Course completed' : 'Your progress'}>
      {completed ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          <AlertTitle>You finished every lesson.</AlertTitle>
          {enrolment.certificateId ? (
            <TextLink to={certificatePagePath(enrolment.certificateId)}>See your certificate</TextLink>
          ) : null}
        </Alert>
      ) : null}
      <CourseProgress enrolment={enrolment} label={`Progress in ${course.title}`} suffix=" done" />
      <Box sx={actionRow}>
        {enrolment.next ? (
          <Button
            ref={first}
            variant="contained"
            component={RouterLink}
            to={lessonPagePath(course.slug, enrolment.next.slug)}
            sx={{ overflowWrap: 'anywhere', textAlign: 'left' }}
          >
            Continue: {enrolment.next.title}
          </Button>
        ) : null}
        <Button color="inherit" onClick={() => setAsking(true)}>
          Leave course
        </Button>
      </Box>
      {enrolment.channelId ? (
        <Typography sx={{ mt: 2 }}>
          <TextLink to={courseDiscussionPath(enrolment.channelId)}>Discuss this course</TextLink> with its
          learners and instructors in Confer.
        </Typography>
      ) : null}
      <LeaveCourseDialog
        open={asking}
        title={course.title}
        done={enrolment.done}
        total={enrolment.total}
        certificate={enrolment.certificateId !== null}
        onClose={() => setAsking(false)}
        onLeave={() => {
          onAct();
          return leave.mutateAsync();
        }}
      />
    </Panel>
  );
}
