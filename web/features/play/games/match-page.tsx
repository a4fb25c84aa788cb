import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { alpha } from '@mui/material/styles';
import { BestSoFar, GameOver, GamePage, NotEnoughItems, type GameProps } from './game-shell.tsx';
import {
  buildMatchBoard,
  formatStopwatch,
  minimumPairs,
  practiceSampleSize,
  spokenDuration,
  type MatchTile,
} from './logic.ts';

/** `/play/decks/:deckId/games/match`: pair prompts with their answers against the clock. */
export function MatchPage() {
  return (
    <GamePage
      game="match"
      sampleSize={practiceSampleSize}
      intro="Select a question, then its answer. Right pairs disappear; a wrong pair counts as a miss. The clock runs until the board is clear. Games never change your review schedule."
    >
      {(props) => <MatchGame {...props} />}
    </GamePage>
  );
}

/** How long a wrong pair stays marked before the tiles return to normal. */
const wrongFlashMs = 800;
/** How often the visible clock moves: tenths of a second, as it shows them. */
const clockTickMs = 100;
/** How many columns the tile grid has at the current width, read from its laid-out style. */
function gridColumns(element: HTMLElement | null): number {
  if (!element) return 1;
  const template = window.getComputedStyle(element).gridTemplateColumns;
  const repeat = /^repeat\((\d+)/.exec(template);
  if (repeat) return Number(repeat[1]);
  const tracks = template.split(' ').filter(Boolean).length;
  return tracks > 0 ? tracks : 1;
}

/** The page's monotonic clock; one function, so effects that depend on it do not restart every render. */
const performanceNow = () => performance.now();

/** The Match board: tiles as buttons, a visible clock, misses counted; the time is posted when it is clear. */
export function MatchGame({
  deckId,
  owner,
  items,
  onPlayAgain,
  random = Math.random,
  now = performanceNow,
}: GameProps & { random?: () => number; now?: () => number }) {
  const [board] = useState(() => buildMatchBoard(items, random));
  const [startedAt] = useState(() => now());
  const [elapsed, setElapsed] = useState(0);
  const [finishedAfter, setFinishedAfter] = useState<number | null>(null);
  const [matched, setMatched] = useState<ReadonlySet<number>>(() => new Set());
  const [selected, setSelected] = useState<MatchTile | null>(null);
  const [wrong, setWrong] = useState<readonly string[]>([]);
  const [misses, setMisses] = useState(0);
  const [message, setMessage] = useState('');
  const tileRefs = useRef(new Map<string, HTMLButtonElement>());
  const focusNext = useRef<string | null>(null);
  const grid = useRef<HTMLDivElement>(null);

  const playing = board.pairs >= minimumPairs && finishedAfter === null;

  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => setElapsed(now() - startedAt), clockTickMs);
    return () => window.clearInterval(timer);
  }, [playing, now, startedAt]);

  useEffect(() => {
    if (wrong.length === 0) return;
    const timer = window.setTimeout(() => setWrong([]), wrongFlashMs);
    return () => window.clearTimeout(timer);
  }, [wrong]);

  // A matched tile leaves the board; focus goes on to the next tile rather than getting lost.
  useEffect(() => {
    const id = focusNext.current;
    focusNext.current = null;
    if (id !== null) tileRefs.current.get(id)?.focus();
  }, [matched]);

  if (board.pairs < minimumPairs) {
    return (
      <NotEnoughItems deckId={deckId}>
        Match needs at least {minimumPairs} cards with different questions and answers, and this deck has{' '}
        {board.pairs === 0 ? 'none' : 'only one'}.
      </NotEnoughItems>
    );
  }

  if (finishedAfter !== null) {
    return (
      <GameOver
        deckId={deckId}
        owner={owner}
        game="match"
        correct={board.pairs}
        total={board.pairs}
        elapsedMs={finishedAfter}
        outcome={`You matched all ${board.pairs} pairs in ${spokenDuration(finishedAfter)}.`}
        onPlayAgain={onPlayAgain}
      >
        <Typography sx={{ mt: 2 }}>{misses === 0 ? 'No misses.' : `Misses: ${misses}.`}</Typography>
      </GameOver>
    );
  }

  const select = (tile: MatchTile) => {
    if (matched.has(tile.pair)) return;
    setWrong([]);
    if (selected === null || selected.side === tile.side) {
      setSelected(selected?.id === tile.id ? null : tile);
      return;
    }
    setSelected(null);
    if (selected.pair !== tile.pair) {
      setMisses((value) => value + 1);
      setWrong([selected.id, tile.id]);
      setMessage(`Not a pair. Misses: ${misses + 1}.`);
      return;
    }
    const done = new Set(matched).add(tile.pair);
    setMatched(done);
    const left = board.pairs - done.size;
    if (left === 0) {
      setFinishedAfter(Math.max(0, now() - startedAt));
      return;
    }
    setMessage(`Pair found. ${left} ${left === 1 ? 'pair' : 'pairs'} left.`);
    const order = board.tiles.filter((other) => !done.has(other.pair) || other.id === tile.id);
    const at = order.findIndex((other) => other.id === tile.id);
    const after =
      order.slice(at + 1).find((other) => !done.has(other.pair)) ??
      order.find((other) => !done.has(other.pair));
    if (after) focusNext.current = after.id;
  };

  // Arrow keys move between tiles as they sit in the grid, skipping the empty places of found pairs.
  const moveFocus = (event: KeyboardEvent<HTMLButtonElement>, tile: MatchTile) => {
    const columns = gridColumns(grid.current);
    const steps: Record<string, number> = {
      ArrowLeft: -1,
      ArrowRight: 1,
      ArrowUp: -columns,
      ArrowDown: columns,
    };
    const step = steps[event.key];
    if (step === undefined) return;
    event.preventDefault();
    let at = board.tiles.findIndex((other) => other.id === tile.id) + step;
    while (at >= 0 && at < board.tiles.length) {
      const target = board.tiles[at];
      if (target && !matched.has(target.pair)) {
        tileRefs.current.get(target.id)?.focus();
        return;
      }
      at += step;
    }
  };

  return (
    <Box>
      <BestSoFar deckId={deckId} owner={owner} game="match" />
      <Stack direction="row" spacing={3} useFlexGap sx={{ my: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
        <Typography component="p" variant="h5" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          <span>Time </span>
          {/* role="timer" is not announced as it changes; the end is said once, by the result. */}
          <Box component="span" role="timer" aria-label="Time" sx={{ fontWeight: 700 }}>
            {formatStopwatch(elapsed)}
          </Box>
        </Typography>
        <Typography component="p">
          Pairs left: {board.pairs - matched.size} of {board.pairs}
        </Typography>
        <Typography component="p">Misses: {misses}</Typography>
      </Stack>
      <Box role="status" sx={{ minHeight: '1.5rem', mb: 1 }}>
        {message}
      </Box>
      <Box
        ref={grid}
        role="group"
        aria-label="Tiles"
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            sm: 'repeat(3, minmax(0, 1fr))',
            md: 'repeat(4, minmax(0, 1fr))',
          },
        }}
      >
        {board.tiles.map((tile) => {
          if (matched.has(tile.pair)) {
            // An empty cell keeps the other tiles where the player last saw them.
            return <Box key={tile.id} aria-hidden sx={{ minHeight: 96 }} />;
          }
          const isSelected = selected?.id === tile.id;
          const isWrong = wrong.includes(tile.id);
          const side = tile.side === 'prompt' ? 'Question' : 'Answer';
          return (
            <ButtonBase
              key={tile.id}
              ref={(element: HTMLButtonElement | null) => {
                if (element) tileRefs.current.set(tile.id, element);
                else tileRefs.current.delete(tile.id);
              }}
              onClick={() => select(tile)}
              onKeyDown={(event) => moveFocus(event, tile)}
              aria-pressed={isSelected}
              aria-label={`${side}: ${tile.text}${isWrong ? ' (not a pair)' : ''}`}
              focusRipple
              sx={(theme) => ({
                minHeight: 96,
                p: 1.5,
                borderRadius: 1,
                border: 2,
                // Selected and wrong differ in border style and icon as well as colour.
                borderStyle: isSelected ? 'solid' : isWrong ? 'dashed' : 'solid',
                borderColor: isWrong
                  ? theme.palette.error.main
                  : isSelected
                    ? theme.palette.primary.main
                    : theme.palette.divider,
                bgcolor: isSelected
                  ? alpha(theme.palette.primary.main, 0.16)
                  : isWrong
                    ? alpha(theme.palette.error.main, 0.12)
                    : theme.palette.background.paper,
                boxShadow: isSelected ? `inset 0 0 0 2px ${theme.palette.primary.main}` : 'none',
                color: theme.palette.text.primary,
                textAlign: 'center',
                overflowWrap: 'anywhere',
                fontSize: '0.95rem',
                lineHeight: 1.4,
                flexDirection: 'column',
                gap: 0.5,
                '&.Mui-focusVisible': {
                  outline: `3px solid ${theme.palette.primary.main}`,
                  outlineOffset: 2,
                },
                '@media (prefers-reduced-motion: no-preference)': isWrong
                  ? {
                      animation: 'match-shake 0.3s',
                      '@keyframes match-shake': {
                        '0%, 100%': { transform: 'translateX(0)' },
                        '25%': { transform: 'translateX(-4px)' },
                        '75%': { transform: 'translateX(4px)' },
                      },
                    }
                  : {},
              })}
            >
              <Typography
                component="span"
                variant="caption"
                aria-hidden
                sx={{ color: 'text.secondary', textTransform: 'uppercase', letterSpacing: 1 }}
              >
                {side}
              </Typography>
              <span aria-hidden>{tile.text}</span>
              {isWrong ? <CloseIcon color="error" fontSize="small" aria-hidden /> : null}
            </ButtonBase>
          );
        })}
      </Box>
    </Box>
  );
}
