import { useId } from 'react';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ClassLearner, ClassLesson, ClassQuestion } from '../../../../contracts/classroom-authoring.ts';
import { Markdown } from '../../../components/markdown/markdown.tsx';
import { TextLink } from '../../../components/text-link.tsx';
import { nameOf, progressText } from '../format.ts';
import { percentText } from './class-numbers.ts';
import { ScrollRegion } from './scroll-region.tsx';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A date as the class view shows it. */
export function dayOf(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** A part of the class view: an h2 and its table, which scrolls inside its region on a phone. */
function TablePart({ title, empty, children }: { title: string; empty: string | null; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <Typography id={headingId} variant="h5" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {empty ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <ScrollRegion label={title}>
          <Table size="small" aria-labelledby={headingId}>
            {children}
          </Table>
        </ScrollRegion>
      )}
    </Box>
  );
}

/** Per lesson: how many finished it, how many are at it, and how many stopped there. */
export function LessonTable({ lessons }: { lessons: readonly ClassLesson[] }) {
  return (
    <TablePart title="Lessons" empty={null}>
      <TableHead>
        <TableRow>
          <TableCell>Lesson</TableCell>
          <TableCell align="right">Done</TableCell>
          <TableCell align="right">At this lesson</TableCell>
          <TableCell align="right">Stopped here (14+ days)</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {lessons.map((lesson) => (
          <TableRow key={lesson.slug}>
            <TableCell>
              {lesson.position}. {lesson.title}
            </TableCell>
            <TableCell align="right">{lesson.done}</TableCell>
            <TableCell align="right">{lesson.atThisLesson}</TableCell>
            <TableCell align="right">{lesson.stoppedHere}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </TablePart>
  );
}

/** The questions most people get wrong the first time, worst first, as the server orders them. */
export function QuestionTable({ questions }: { questions: readonly ClassQuestion[] }) {
  return (
    <TablePart
      title="Questions most people get wrong"
      empty={questions.length === 0 ? 'Nobody has answered a question yet.' : null}
    >
      <TableHead>
        <TableRow>
          <TableCell>Question</TableCell>
          <TableCell>Lesson</TableCell>
          <TableCell align="right">Wrong the first time</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {questions.map((question) => (
          <TableRow key={`${question.lesson.slug}/${question.question}`}>
            <TableCell sx={{ minWidth: 200, '& p': { m: 0 } }}>
              <Markdown source={question.prompt} />
            </TableCell>
            <TableCell>{question.lesson.title}</TableCell>
            <TableCell align="right">
              {percentText(question.wrongFirstTime, question.people)}{' '}
              <Typography component="span" variant="body2" color="text.secondary">
                ({question.wrongFirstTime} of {question.people})
              </Typography>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </TablePart>
  );
}

/** Every learner, most recently active first: how far they are and when they were last seen. */
export function LearnerTable({ learners }: { learners: readonly ClassLearner[] }) {
  return (
    <TablePart title="Learners" empty={learners.length === 0 ? 'Nobody has enrolled yet.' : null}>
      <TableHead>
        <TableRow>
          <TableCell>Name</TableCell>
          <TableCell>Progress</TableCell>
          <TableCell>Next lesson</TableCell>
          <TableCell>Last active</TableCell>
          <TableCell>Completed</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {learners.map((learner) => (
          <TableRow key={learner.person.key}>
            <TableCell>
              <TextLink to={`/u/${learner.person.handle}`}>{nameOf(learner.person)}</TextLink>
              {learner.leftAt ? (
                <Typography component="span" variant="body2" color="text.secondary">
                  {' '}
                  (left on {dayOf(learner.leftAt)})
                </Typography>
              ) : null}
            </TableCell>
            <TableCell>{progressText(learner.done, learner.total)}</TableCell>
            <TableCell>{learner.next?.title ?? '—'}</TableCell>
            <TableCell>{dayOf(learner.lastActiveAt)}</TableCell>
            <TableCell>{learner.completedAt ? dayOf(learner.completedAt) : 'Not yet'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </TablePart>
  );
}
