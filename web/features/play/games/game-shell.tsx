import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import { normalizeTitle } from '../../../../contracts/card-text.ts';
import type { GameKind, GameRecord, StudyFace, StudyItem } from '../../../../contracts/play.ts';
import { Markdown, type LinkResolver } from '../../../components/markdown/markdown.tsx';
import { TextLink } from '../../../components/text-link.tsx';
import { loginPathFor } from '../../../lib/navigation.ts';
import { useSession } from '../../../lib/session.ts';
import { deckQuery, ownerOf } from '../api.ts';
import { errorSentence } from '../../../lib/error-sentence.ts';
import { QueryError } from '../../../components/query-error.tsx';
import { gameRecordsQuery, practiceQuery, usePostGameResult } from './api.ts';
import { formatStopwatch } from './logic.ts';
import { PageHeader } from '../../../components/page-header.tsx';

/** The names of the games, as headings and tab titles say them. */
export const gameTitles: Record<GameKind, string> = {
  'multiple-choice': 'Multiple choice',
  match: 'Match',
  typed: 'Type the answer',
};

/** What a game gets from the page around it. */
export interface GameProps {
  deckId: string;
  owner: string;
  /** The practice sample, in the server's random order. */
  items: StudyItem[];
  /** Deals a new sample and starts over. */
  onPlayAgain: () => void;
}

/** The deck page, where every game page leads back to. */
export function deckPath(deckId: string): string {
  return `/play/decks/${encodeURIComponent(deckId)}`;
}

/**
 * The frame of a game page: heading, the deck's name, the way back to the deck, sign-in for visitors, and the
 * practice sample loaded for each round. The game itself is rendered by `children` and keyed by the round,
 * so "Play again" starts from a clean state.
 */
export function GamePage({
  game,
  sampleSize,
  intro,
  children,
}: {
  game: GameKind;
  sampleSize: number;
  intro: ReactNode;
  children: (props: GameProps) => ReactNode;
}) {
  const title = gameTitles[game];
  const { deckId = '' } = useParams();
  const { pathname } = useLocation();
  const { user } = useSession();
  const owner = ownerOf(user);

  return (
    <Box component="section" aria-labelledby="section-title" sx={{ maxWidth: 960 }}>
      <PageHeader title={title} guideAnchor="play" />
      {user ? (
        <SignedInGame deckId={deckId} owner={owner} sampleSize={sampleSize} intro={intro}>
          {children}
        </SignedInGame>
      ) : (
        <Typography sx={{ mt: 3 }}>
          You are not signed in. <TextLink to={loginPathFor(pathname)}>Sign in</TextLink> to play with your
          decks.
        </Typography>
      )}
    </Box>
  );
}

function SignedInGame({
  deckId,
  owner,
  sampleSize,
  intro,
  children,
}: {
  deckId: string;
  owner: string;
  sampleSize: number;
  intro: ReactNode;
  children: (props: GameProps) => ReactNode;
}) {
  const [round, setRound] = useState(0);
  const deck = useQuery(deckQuery(deckId, owner));
  const practice = useQuery(practiceQuery(deckId, sampleSize, round, owner));
  const onPlayAgain = useCallback(() => setRound((value) => value + 1), []);

  let body: ReactNode;
  if (practice.isPending) {
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Dealing the cards" />
      </Box>
    );
  } else if (practice.isError) {
    body = (
      <Alert severity="error" sx={{ mt: 2 }}>
        {errorSentence(practice.error)} <TextLink to="/play">See your decks</TextLink>.
      </Alert>
    );
  } else {
    body = (
      <Box key={round} sx={{ mt: 2 }}>
        {children({ deckId, owner, items: practice.data.items, onPlayAgain })}
      </Box>
    );
  }

  return (
    <>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        {deck.data ? (
          <Typography variant="h6" component="p">
            Deck: {deck.data.name}
          </Typography>
        ) : null}
        <Link component={RouterLink} to={deckPath(deckId)} sx={{ display: 'inline-block', py: 1.25 }}>
          Back to the deck
        </Link>
      </Stack>
      <Typography sx={{ mt: 1 }}>{intro}</Typography>
      {body}
    </>
  );
}

/** Says that the deck has too little to play with, and where to go instead. */
export function NotEnoughItems({ deckId, children }: { deckId: string; children: ReactNode }) {
  return (
    <Alert severity="info">
      {children} Add cards to the deck, or try another game.{' '}
      <TextLink to={deckPath(deckId)}>Go to the deck page</TextLink>.
    </Alert>
  );
}

/** `[[Title]]` in a study item → the linked card's page, among the links the server resolved. */
function useItemLinks(links: StudyItem['links']): LinkResolver {
  const byTitle = useMemo(() => new Map(links.map((link) => [normalizeTitle(link.title), link])), [links]);
  return useCallback(
    (title: string) => {
      const link = byTitle.get(normalizeTitle(title));
      return link ? { href: `/cards/${link.id}`, title: link.title } : null;
    },
    [byTitle],
  );
}

/** One face of a study item through the shared Markdown renderer, its cloze deletion hidden or marked. */
export function StudyFaceView({ face, links }: { face: StudyFace; links: StudyItem['links'] }) {
  const resolve = useItemLinks(links);
  return <Markdown source={face.markdown} links={resolve} {...(face.cloze ? { cloze: face.cloze } : {})} />;
}

/** The question of a game, framed as a card. */
export function PromptCard({ item, label }: { item: StudyItem; label: string }) {
  return (
    <Box
      component="section"
      aria-label={label}
      sx={{
        p: { xs: 2, sm: 3 },
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
      }}
    >
      <StudyFaceView face={item.prompt} links={item.links} />
    </Box>
  );
}

function recordLine(record: GameRecord): string | null {
  if (record.game === 'match') {
    if (record.bestMs === null) return null;
    // A small deck deals a smaller board, so the best time says how many pairs it was for.
    const pairs =
      record.bestTotal === null ? '' : ` (${record.bestTotal} ${record.bestTotal === 1 ? 'pair' : 'pairs'})`;
    return `Your best time on this deck: ${formatStopwatch(record.bestMs)}${pairs}.`;
  }
  if (record.bestCorrect === null || record.bestTotal === null) return null;
  return `Your best score on this deck: ${record.bestCorrect} of ${record.bestTotal}.`;
}

/** The deck's record in one game before playing, so the player knows what to beat. */
export function BestSoFar({ deckId, owner, game }: { deckId: string; owner: string; game: GameKind }) {
  const records = useQuery(gameRecordsQuery(deckId, owner));
  const record = records.data?.items.find((item) => item.game === game);
  const line = record ? recordLine(record) : null;
  if (!line) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      {line}
    </Typography>
  );
}

/**
 * The end of a game: posts the result once, then shows the outcome, the deck's best and "New best!" when this
 * game set it, with "Play again" and the way back to the deck. Focus moves to the outcome so it is read out.
 */
export function GameOver({
  deckId,
  owner,
  game,
  correct,
  total,
  elapsedMs,
  outcome,
  onPlayAgain,
  children,
}: {
  deckId: string;
  owner: string;
  game: GameKind;
  correct: number;
  total: number;
  elapsedMs: number;
  /** The sentence that sums up the game, e.g. "You got 8 of 10 right." */
  outcome: string;
  onPlayAgain: () => void;
  /** Anything to show below, such as the answers missed. */
  children?: ReactNode;
}) {
  const post = usePostGameResult(owner);
  const { mutate } = post;
  const send = useCallback(
    () => mutate({ deckId, game, correct, total, elapsedMs: Math.round(elapsedMs) }),
    [mutate, deckId, game, correct, total, elapsedMs],
  );
  const sent = useRef(false);
  useEffect(() => {
    // Once per finished game, also under StrictMode's double effects.
    if (sent.current) return;
    sent.current = true;
    send();
  }, [send]);

  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const record = post.data?.record;
  const best = record ? recordLine(record) : null;

  return (
    <Box component="section" aria-labelledby="game-over-title">
      <Typography
        id="game-over-title"
        ref={heading}
        tabIndex={-1}
        variant="h4"
        component="h2"
        gutterBottom
        sx={{ '&:focus': { outline: 'none' } }}
      >
        {outcome}
      </Typography>
      <Box role="status" sx={{ minHeight: '1.5rem' }}>
        {post.isPending ? <Typography>Saving your result…</Typography> : null}
        {post.data?.isNewBest ? (
          <Typography variant="h5" component="p" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <EmojiEventsIcon color="warning" aria-hidden />
            New best!
          </Typography>
        ) : null}
        {best ? <Typography>{best}</Typography> : null}
      </Box>
      {post.isError ? (
        <QueryError error={post.error} onRetry={send} lead="Your result was not saved." sx={{ mt: 1 }} />
      ) : null}
      <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 3, flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={onPlayAgain}>
          Play again
        </Button>
        <Button variant="outlined" component={RouterLink} to={deckPath(deckId)}>
          Back to the deck
        </Button>
      </Stack>
      {children}
    </Box>
  );
}
