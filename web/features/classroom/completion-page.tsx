import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import EmojiEventsOutlinedIcon from '@mui/icons-material/EmojiEventsOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import { lessonRefSchema, type CourseDetail, type Enrolment } from '../../../contracts/classroom.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TextLink } from '../../components/text-link.tsx';
import { useCourse } from '../../lib/classroom-api.ts';
import {
  certificatePagePath,
  completionPagePath,
  courseDeckPagePath,
  coursePagePath,
  lessonPagePath,
} from '../../lib/classroom-paths.ts';
import { loginPathFor } from '../../lib/navigation.ts';
import { useSession } from '../../lib/session.ts';
import { space } from '../../lib/spacing.ts';
import { CopyLinkButton } from './copy-link-button.tsx';

/**
 * `/classroom/classes/:slug/completed`, where finishing a course's last lesson leads: congratulations, the
 * certificate and its link to share, and the course's deck to keep what it taught. A course not finished yet
 * says so, with the way to go on.
 */
export function CompletionPage() {
  const { slug = '' } = useParams();
  const { user } = useSession();
  if (!user || !lessonRefSchema.shape.slug.safeParse(slug).success) {
    return (
      <Frame>
        <EmptyState
          icon={<SchoolOutlinedIcon />}
          link={
            user
              ? { to: '/classroom', label: 'See all courses' }
              : { to: loginPathFor(completionPagePath(slug)), label: 'Sign in' }
          }
        >
          {user ? 'There is no course at this address.' : 'Sign in to see the courses you completed.'}
        </EmptyState>
      </Frame>
    );
  }
  return <Completion slug={slug} />;
}

function Frame({ children, subtitle }: { children: ReactNode; subtitle?: ReactNode }) {
  return (
    <Box component="section" aria-labelledby="section-title" sx={{ maxWidth: 760, minWidth: 0 }}>
      <PageHeader title="Course completed" guideAnchor="classroom" subtitle={subtitle} />
      {children}
    </Box>
  );
}

function Completion({ slug }: { slug: string }) {
  const query = useCourse(slug);
  const course = query.data;
  // One frame whatever the state, so the heading stays put while the course loads and after it is refreshed.
  return (
    <Frame subtitle={course?.title}>
      {!course ? (
        query.isError ? (
          <QueryError
            error={query.error}
            lead="The course could not be loaded."
            onRetry={() => void query.refetch()}
          />
        ) : (
          <PageLoading />
        )
      ) : !course.enrolment || course.enrolment.completedAt === null ? (
        <NotYet course={course} enrolment={course.enrolment} />
      ) : (
        <Completed course={course} enrolment={course.enrolment} />
      )}
    </Frame>
  );
}

function NotYet({ course, enrolment }: { course: CourseDetail; enrolment: Enrolment | null }) {
  const next = enrolment?.next;
  return (
    <EmptyState
      icon={<SchoolOutlinedIcon />}
      link={
        next
          ? { to: lessonPagePath(course.slug, next.slug), label: `Continue: ${next.title}` }
          : { to: coursePagePath(course.slug), label: 'Go to the course' }
      }
    >
      {enrolment
        ? `You have not completed “${course.title}” yet: ${enrolment.done} of ${enrolment.total} lessons are done.`
        : `You are not enrolled in “${course.title}”: enrol on the course page to take it.`}
    </EmptyState>
  );
}

function Completed({ course, enrolment }: { course: CourseDetail; enrolment: Enrolment }) {
  return (
    <Box sx={{ display: 'grid', gap: space.section }}>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 2, sm: 3 }, display: 'flex', gap: 2, alignItems: 'flex-start' }}
      >
        <EmojiEventsOutlinedIcon aria-hidden sx={{ fontSize: 40, color: 'success.main', flexShrink: 0 }} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h2" gutterBottom>
            Congratulations!
          </Typography>
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            You finished every lesson of “{course.title}”.
          </Typography>
        </Box>
      </Paper>
      {enrolment.certificateId ? (
        <Box component="section" aria-labelledby="completion-certificate">
          <Typography id="completion-certificate" variant="h5" component="h2" sx={{ mb: 1 }}>
            Your certificate
          </Typography>
          <Typography sx={{ mb: 2 }}>
            Anyone with its link can see it and check it is genuine: share it where you like.
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: space.inline, alignItems: 'flex-start' }}>
            <Button
              variant="contained"
              component={RouterLink}
              to={certificatePagePath(enrolment.certificateId)}
              sx={{ minHeight: 44 }}
            >
              See your certificate
            </Button>
            <CopyLinkButton
              path={certificatePagePath(enrolment.certificateId)}
              label="Copy the certificate’s link"
              fieldLabel="Link to your certificate"
            />
          </Box>
        </Box>
      ) : null}
      <Box component="section" aria-labelledby="completion-deck">
        <Typography id="completion-deck" variant="h5" component="h2" sx={{ mb: 1 }}>
          Keep it in memory
        </Typography>
        {enrolment.deckId ? (
          <>
            <Typography sx={{ mb: 2 }}>
              The course’s cards are in your deck in Play: a few minutes of review now and then keep them.
            </Typography>
            <Button
              variant="outlined"
              component={RouterLink}
              to={courseDeckPagePath(enrolment.deckId)}
              sx={{ minHeight: 44 }}
            >
              Keep it in memory: review the deck
            </Button>
          </>
        ) : (
          <Typography>
            You deleted the course’s deck in Play; enrolling again on the{' '}
            <TextLink to={coursePagePath(course.slug)}>course page</TextLink> makes a new one.
          </Typography>
        )}
      </Box>
      <Typography>
        Back to <TextLink to="/classroom">all courses</TextLink>.
      </Typography>
    </Box>
  );
}
