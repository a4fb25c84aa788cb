import { Link as RouterLink, useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { ApiError } from '../../lib/api.ts';
import { coursePagePath, lessonPagePath } from '../../lib/classroom-paths.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { loginPathFor } from '../../lib/navigation.ts';

/** The way forward from a refusal: sign in, enrol on the course page, or open the lesson a locked one needs. */
function wayForward(
  error: unknown,
  slug: string,
  here: string,
  needs: readonly { slug: string; title: string }[],
): { to: string; label: string } | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 401) return { to: loginPathFor(here), label: 'Sign in' };
  if (error.code === 'classroom/not-enrolled') {
    return { to: coursePagePath(slug), label: 'Enrol on the course page' };
  }
  if (error.code === 'classroom/lesson-locked') {
    const first = needs[0];
    return first
      ? { to: lessonPagePath(slug, first.slug), label: `Open “${first.title}”` }
      : { to: coursePagePath(slug), label: 'See what it needs on the course page' };
  }
  return null;
}

/**
 * A classroom call that failed, in words (role "alert"), with the way forward when there is one: a person
 * who is not enrolled is sent to enrol, a locked lesson names the lesson it needs, a signed-out one signs in.
 */
export function ClassroomFailure({
  error,
  slug,
  lead,
  needs = [],
  onRetry,
  sx,
}: {
  error: unknown;
  /** The course the call was about. */
  slug: string;
  /** What failed, said before the reason. */
  lead?: string;
  /** For a locked lesson: the lessons it waits for, when known. */
  needs?: readonly { slug: string; title: string }[];
  onRetry?: () => void;
  sx?: SxProps<Theme>;
}) {
  const { pathname, search } = useLocation();
  const forward = wayForward(error, slug, `${pathname}${search}`, needs);
  return (
    <Alert
      severity="error"
      role="alert"
      {...(sx ? { sx } : {})}
      action={
        onRetry && !forward ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            Try again
          </Button>
        ) : undefined
      }
    >
      {lead ? `${lead} ` : null}
      {errorSentence(error)}
      {forward ? (
        <Box sx={{ mt: 1.5 }}>
          <Button
            variant="outlined"
            color="inherit"
            component={RouterLink}
            to={forward.to}
            sx={{ minHeight: 44 }}
          >
            {forward.label}
          </Button>
        </Box>
      ) : null}
    </Alert>
  );
}
