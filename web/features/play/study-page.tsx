import { useEffect, useId, useReducer, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link as RouterLink, useLocation, useParams, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import UndoIcon from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { darken, type Theme } from '@mui/material/styles';
import {
  gradeNames,
  grades,
  type GradeValue,
  type ReviewInput,
  type ReviewResult,
  type SessionItem,
  type SessionMode,
  type StudySession,
} from '../../../contracts/play.ts';
import { DueCounts } from '../../components/due-counts.tsx';
import { TextLink } from '../../components/text-link.tsx';
import { VisuallyHidden } from '../../components/visually-hidden.tsx';
import { loginPathFor } from '../../lib/navigation.ts';
import { useSession } from '../../lib/session.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { QueryError } from '../../components/query-error.tsx';
import {
  deckQuery,
  isTransient,
  ownerOf,
  playQueryRoot,
  sessionQuery,
  undoReview,
  usePatchItem,
  useReview,
} from './api.ts';
import { deckPagePath, studyPath } from './paths.ts';
import { StudyFaceView, useItemLinks } from './study-face.tsx';
import {
  afterCram,
  afterReview,
  dropCurrentCard,
  itemKeyOf,
  remainingCounts,
  remainingTotal,
  skipCurrent,
  startQueue,
  type QueueState,
} from './study-queue.ts';
import { StudySummaryView, type GradeRecord } from './study-summary.tsx';
import { PageHeader } from '../../components/page-header.tsx';

/** The longest look at one item the server stores; a tab left open overnight is not a day of study. */
const maxDurationMs = 24 * 60 * 60 * 1000;

interface StudyState {
  queue: QueueState;
  /** Grades given, each with the queue as it stood before it, so Undo can put the item back in front. */
  history: readonly { before: QueueState; record: GradeRecord }[];
  revealed: boolean;
  /** When the current item appeared, for the grade's `durationMs`. */
  shownAt: number;
}

type StudyAction =
  | { type: 'reveal' }
  | {
      type: 'graded';
      record: GradeRecord;
      result: ReviewResult | null;
      learnAheadMinutes: number;
      now: number;
    }
  | { type: 'undone'; now: number }
  | { type: 'dropped'; now: number }
  | { type: 'skipped'; now: number };

function studyReducer(state: StudyState, action: StudyAction): StudyState {
  switch (action.type) {
    case 'reveal':
      return state.queue.current ? { ...state, revealed: true } : state;
    case 'graded': {
      const queue = action.result
        ? afterReview(state.queue, action.result, action.learnAheadMinutes, action.now)
        : afterCram(state.queue, action.record.rating, action.now);
      return {
        queue,
        history: [...state.history, { before: state.queue, record: action.record }],
        revealed: false,
        shownAt: action.now,
      };
    }
    case 'undone': {
      const last = state.history.at(-1);
      if (!last) return state;
      return {
        queue: last.before,
        history: state.history.slice(0, -1),
        revealed: false,
        shownAt: action.now,
      };
    }
    case 'dropped':
      return {
        ...state,
        queue: dropCurrentCard(state.queue, action.now),
        revealed: false,
        shownAt: action.now,
      };
    case 'skipped':
      return { ...state, queue: skipCurrent(state.queue, action.now), revealed: false, shownAt: action.now };
  }
}

function modeOf(value: string | null): SessionMode {
  return value === 'cram' ? 'cram' : 'review';
}

/** `/play/decks/:deckId/study?mode=review|cram`: the review screen. */
export function StudyPage() {
  const { deckId = '' } = useParams();
  const [params] = useSearchParams();
  const mode = modeOf(params.get('mode'));
  const { pathname, search } = useLocation();
  const { user } = useSession();
  const owner = ownerOf(user);
  const deck = useQuery({ ...deckQuery(deckId, owner), enabled: user !== null });
  const verb = mode === 'cram' ? 'Cram' : 'Study';
  const title = deck.data ? `${verb} ${deck.data.name}` : verb;

  return (
    <Box component="section" aria-labelledby="section-title" sx={{ maxWidth: 820, mx: 'auto' }}>
      <PageHeader title={title} guideAnchor="play" />
      {user ? (
        // A new mode is a new session: nothing of the last one's queue carries over.
        <SessionLoader key={`${deckId}:${mode}`} deckId={deckId} mode={mode} owner={owner} />
      ) : (
        <Typography sx={{ mt: 3 }}>
          You are not signed in. <TextLink to={loginPathFor(`${pathname}${search}`)}>Sign in</TextLink> to
          study your decks.
        </Typography>
      )}
    </Box>
  );
}

function SessionLoader({ deckId, mode, owner }: { deckId: string; mode: SessionMode; owner: string }) {
  const session = useQuery(sessionQuery(deckId, mode, owner));
  if (session.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading the session" />
      </Box>
    );
  }
  if (session.isError) {
    return (
      <QueryError error={session.error} onRetry={() => void session.refetch()} sx={{ mt: 2 }}>
        {' '}
        <TextLink to="/play">See your decks</TextLink>.
      </QueryError>
    );
  }
  if (session.data.items.length === 0) {
    return (
      <Box sx={{ mt: 2 }}>
        <Typography sx={{ mb: 2 }}>
          {mode === 'cram'
            ? 'This deck has no items to cram yet. Add cards to it, or change what it is made from.'
            : 'Nothing is due in this deck now: you are done for today. Cram goes through the whole deck without changing your schedule.'}
        </Typography>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" component={RouterLink} to={deckPagePath(deckId)}>
            Back to the deck
          </Button>
          {mode === 'review' ? (
            <Button variant="outlined" component={RouterLink} to={studyPath(deckId, 'cram')}>
              Cram this deck
            </Button>
          ) : null}
        </Stack>
      </Box>
    );
  }
  return <StudySessionView session={session.data} />;
}

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    target.closest('input, textarea, select, [contenteditable="true"], [role="menu"], [role="dialog"]') !==
      null
  );
}

function isActivatable(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest('button, a[href], [role="button"]') !== null;
}

/**
 * One study session. Grades are sent one at a time and the next item comes only after the server took the
 * grade: a grade that failed stays on screen with Retry (the same id, so it can never count twice).
 */
function StudySessionView({ session }: { session: StudySession }) {
  const { deckId, mode, learnAheadMinutes } = session;
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(studyReducer, undefined, () => {
    const now = Date.now();
    return { queue: startQueue(session.items, now), history: [], revealed: false, shownAt: now };
  });
  const { queue, history, revealed } = state;
  const current = queue.current;
  const review = useReview();
  const patch = usePatchItem();
  const undo = useMutation({ mutationFn: undoReview });
  // The grade being sent (or that failed), kept as it was so a retry sends the very same review.
  const [sending, setSending] = useState<ReviewInput | null>(null);
  const [notice, setNotice] = useState('');

  const showAnswerRef = useRef<HTMLButtonElement>(null);
  const answerRef = useRef<HTMLDivElement>(null);
  const answerHeadingId = useId();
  const currentKey = current ? itemKeyOf(current) : null;

  // Focus follows the work: the answer on reveal, "Show answer" when a new item comes.
  useEffect(() => {
    if (revealed) answerRef.current?.focus();
    else showAnswerRef.current?.focus();
  }, [revealed, currentKey, history.length]);

  const refreshLists = () => {
    // Counts on /play, the deck page, Learn and the statistics are now out of date.
    for (const part of ['decks', 'activity', 'stats'] as const) {
      void queryClient.invalidateQueries({ queryKey: [...playQueryRoot, part] });
    }
  };

  const send = (input: ReviewInput) => {
    setSending(input);
    review.mutate(input, {
      onSuccess: (result) => {
        setSending(null);
        dispatch({
          type: 'graded',
          record: {
            cardId: input.cardId,
            itemKey: input.itemKey,
            rating: input.rating,
            durationMs: input.durationMs,
            due: result.due,
          },
          result,
          learnAheadMinutes,
          now: Date.now(),
        });
        refreshLists();
      },
    });
  };

  const busy = sending !== null || undo.isPending || patch.isPending;

  const grade = (rating: GradeValue) => {
    if (!current || !revealed || busy) return;
    setNotice('');
    const durationMs = Math.min(Math.max(0, Math.round(Date.now() - state.shownAt)), maxDurationMs);
    if (mode === 'cram') {
      const record = { cardId: current.cardId, itemKey: current.itemKey, rating, durationMs, due: null };
      dispatch({ type: 'graded', record, result: null, learnAheadMinutes, now: Date.now() });
      return;
    }
    send({
      id: crypto.randomUUID(),
      deckId,
      cardId: current.cardId,
      itemKey: current.itemKey,
      rating,
      durationMs,
    });
  };

  const takeBack = () => {
    const last = history.at(-1);
    if (!last || busy) return;
    setNotice('');
    if (mode === 'cram') {
      dispatch({ type: 'undone', now: Date.now() });
      setNotice(`Grade taken back: ${gradeNames[last.record.rating]}.`);
      return;
    }
    undo.mutate(undefined, {
      onSuccess: (result) => {
        if (itemKeyOf(result) === itemKeyOf(last.record)) {
          dispatch({ type: 'undone', now: Date.now() });
          setNotice(`Grade taken back: ${gradeNames[last.record.rating]}. The item is back in front.`);
        } else {
          // The last grade was given somewhere else (another tab or device); this session's queue stays.
          setNotice('Your last grade, given in another session, was taken back.');
        }
        refreshLists();
      },
    });
  };

  const setAside = (kind: 'suspend' | 'bury') => {
    if (!current || busy) return;
    setNotice('');
    const title = current.cardTitle;
    patch.mutate(
      kind === 'suspend'
        ? { cardId: current.cardId, suspended: true }
        : { cardId: current.cardId, buried: true },
      {
        onSuccess: () => {
          dispatch({ type: 'dropped', now: Date.now() });
          setNotice(
            kind === 'suspend'
              ? `“${title}” is suspended: it stays out of your reviews until you unsuspend it on the deck page.`
              : `“${title}” is buried: it comes back tomorrow.`,
          );
          refreshLists();
        },
      },
    );
  };

  // The keys are read by one listener on the window; it calls the latest render's actions.
  const keyHandler = useRef<(event: KeyboardEvent) => void>(() => undefined);
  const onKey = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.isComposing || isTyping(event.target)) return;
    const modifier = event.ctrlKey || event.metaKey;
    if (modifier && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'z') {
      event.preventDefault();
      takeBack();
      return;
    }
    if (modifier || event.altKey) return;
    if (!revealed && (event.key === ' ' || event.key === 'Enter')) {
      // A focused button or link acts on its own key press.
      if (isActivatable(event.target)) return;
      event.preventDefault();
      dispatch({ type: 'reveal' });
      return;
    }
    if (revealed && /^[1-4]$/.test(event.key)) {
      event.preventDefault();
      grade(Number(event.key) as GradeValue);
    }
  };
  useEffect(() => {
    keyHandler.current = onKey;
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => keyHandler.current(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  const counts = remainingCounts(queue);
  const left = remainingTotal(queue);
  const done = history.length;
  const progress = done + left === 0 ? 100 : Math.round((done / (done + left)) * 100);

  const status = (
    <Box role="status" aria-live="polite" sx={{ mt: 1 }}>
      {notice ? <Alert severity="info">{notice}</Alert> : null}
    </Box>
  );

  if (!current) {
    return (
      <>
        {status}
        <StudySummaryView
          records={history.map((entry) => entry.record)}
          mode={mode}
          deckPath={deckPagePath(deckId)}
        />
      </>
    );
  }

  const reviewFailed = review.isError && sending !== null;

  return (
    <Box>
      <Box sx={{ mb: 2 }}>
        <LinearProgress
          variant="determinate"
          value={progress}
          aria-label="Session progress"
          aria-valuetext={`${done} of ${done + left} done`}
          sx={{ height: 8, borderRadius: 1, mb: 1 }}
        />
        <Stack
          direction="row"
          useFlexGap
          sx={{ flexWrap: 'wrap', justifyContent: 'space-between', columnGap: 2, rowGap: 0.5 }}
        >
          <DueCounts counts={counts} label="Left in this session" />
          <Typography variant="body2" color="text.secondary">
            {mode === 'cram' ? 'Cram: your schedule does not change' : `${done} done`}
          </Typography>
        </Stack>
        {/* What changed, said once per item for screen readers. */}
        <Box aria-live="polite" aria-atomic="true">
          <VisuallyHidden>
            {`${done} done, ${left} left: ${counts.new} new, ${counts.learning} learning, ${counts.review} to review.`}
          </VisuallyHidden>
        </Box>
      </Box>

      <ItemCard
        item={current}
        revealed={revealed}
        showAnswerRef={showAnswerRef}
        answerRef={answerRef}
        answerHeadingId={answerHeadingId}
        onReveal={() => dispatch({ type: 'reveal' })}
      >
        <GradeButtons item={current} mode={mode} disabled={busy} onGrade={grade} />
      </ItemCard>

      {reviewFailed ? (
        <Alert
          severity="error"
          sx={{ mt: 2 }}
          action={
            <Stack direction="row" spacing={1}>
              <Button color="inherit" size="small" onClick={() => send(sending)}>
                Retry
              </Button>
              {isTransient(review.error) ? null : (
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => {
                    setSending(null);
                    review.reset();
                    dispatch({ type: 'skipped', now: Date.now() });
                  }}
                >
                  Skip this item
                </Button>
              )}
            </Stack>
          }
        >
          Your grade ({gradeNames[sending.rating]}) was not saved. {errorSentence(review.error)}
        </Alert>
      ) : null}
      {sending !== null && review.isPending ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Saving your grade…
        </Typography>
      ) : null}
      {undo.isError ? (
        <Alert severity="error" sx={{ mt: 2 }} onClose={() => undo.reset()}>
          The grade was not taken back. {errorSentence(undo.error)}
        </Alert>
      ) : null}
      {patch.isError ? (
        <Alert severity="error" sx={{ mt: 2 }} onClose={() => patch.reset()}>
          The card was not set aside. {errorSentence(patch.error)}
        </Alert>
      ) : null}
      {status}

      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 3, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={<UndoIcon />}
          onClick={takeBack}
          disabled={history.length === 0 || busy}
          aria-keyshortcuts="Control+Z Meta+Z"
        >
          Undo
        </Button>
        {mode === 'review' ? (
          <>
            <Button variant="outlined" onClick={() => setAside('bury')} disabled={busy}>
              Bury card
            </Button>
            <Button variant="outlined" onClick={() => setAside('suspend')} disabled={busy}>
              Suspend card
            </Button>
          </>
        ) : null}
        <Button component={RouterLink} to={deckPagePath(deckId)}>
          End session
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        Keys: Space or Enter shows the answer; 1 Again, 2 Hard, 3 Good, 4 Easy; Ctrl+Z (⌘Z on a Mac) undoes.
      </Typography>
    </Box>
  );
}

function ItemCard({
  item,
  revealed,
  showAnswerRef,
  answerRef,
  answerHeadingId,
  onReveal,
  children,
}: {
  item: SessionItem;
  revealed: boolean;
  showAnswerRef: RefObject<HTMLButtonElement | null>;
  answerRef: RefObject<HTMLDivElement | null>;
  answerHeadingId: string;
  onReveal: () => void;
  children: ReactNode;
}) {
  const links = useItemLinks(item.links);
  // A cloze item's answer is its whole text with the deletion filled in: it replaces the question.
  const answerReplacesPrompt = item.prompt.cloze !== null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        From the card{' '}
        <Link component={RouterLink} to={`/cards/${item.cardId}`}>
          {item.cardTitle}
        </Link>
        {item.itemKey === 'reverse' ? ' (reversed)' : null}
      </Typography>
      {revealed && answerReplacesPrompt ? null : (
        <Box component="section" aria-label="Question">
          <StudyFaceView face={item.prompt} links={links} />
        </Box>
      )}
      {revealed ? (
        <>
          {answerReplacesPrompt ? null : <Divider sx={{ my: 2 }} />}
          <Box
            ref={answerRef}
            tabIndex={-1}
            component="section"
            aria-labelledby={answerHeadingId}
            sx={{ outline: 'none', '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}
          >
            <VisuallyHidden>
              <span id={answerHeadingId}>Answer</span>
            </VisuallyHidden>
            <StudyFaceView face={item.answer} links={links} />
          </Box>
          {children}
        </>
      ) : (
        <Button
          ref={showAnswerRef}
          variant="contained"
          size="large"
          onClick={onReveal}
          aria-keyshortcuts="Space Enter"
          sx={{ mt: 2, width: { xs: '100%', sm: 'auto' } }}
        >
          Show answer
        </Button>
      )}
    </Paper>
  );
}

const gradeColour = { 1: 'error', 2: 'warning', 3: 'success', 4: 'info' } as const;

// Text in the darker shade on light paper and the lighter one on dark paper: the main shades of warning and
// info fall under 4.5:1 contrast on white. Warning's dark shade (an orange) still does, so it goes darker.
const gradeText = (grade: GradeValue) => (theme: Theme) => {
  const palette = theme.palette[gradeColour[grade]];
  if (theme.palette.mode === 'dark') return palette.light;
  return grade === 2 ? darken(palette.dark, 0.25) : palette.dark;
};

function GradeButtons({
  item,
  mode,
  disabled,
  onGrade,
}: {
  item: SessionItem;
  mode: SessionMode;
  disabled: boolean;
  onGrade: (rating: GradeValue) => void;
}) {
  return (
    <Box
      role="group"
      aria-label="How well did you remember?"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' },
        gap: 1,
        mt: 3,
      }}
    >
      {grades.map((grade) => {
        const interval = mode === 'review' ? item.intervals?.[grade] : undefined;
        return (
          <Button
            key={grade}
            variant="outlined"
            color={gradeColour[grade]}
            disabled={disabled}
            onClick={() => onGrade(grade)}
            aria-keyshortcuts={String(grade)}
            sx={{ flexDirection: 'column', py: 1, lineHeight: 1.3, color: gradeText(grade) }}
          >
            <span>
              <Box component="kbd" aria-hidden="true" sx={{ fontFamily: 'inherit', opacity: 0.8, mr: 0.75 }}>
                {grade}
              </Box>
              {gradeNames[grade]}
            </span>
            {interval ? (
              <>
                <VisuallyHidden>, next in</VisuallyHidden>{' '}
                <Box component="span" sx={{ fontSize: '0.8rem', textTransform: 'none' }}>
                  {interval}
                </Box>
              </>
            ) : null}
          </Button>
        );
      })}
    </Box>
  );
}
