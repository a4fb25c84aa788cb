import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { BestSoFar, GameOver, GamePage, NotEnoughItems, PromptCard, type GameProps } from './game-shell.tsx';
import { buildChoiceQuestions, optionTextMax, practiceSampleSize, shortText } from './logic.ts';

/** `/play/decks/:deckId/games/multiple-choice`: pick the right answer among four. */
export function MultipleChoicePage() {
  return (
    <GamePage
      game="multiple-choice"
      sampleSize={practiceSampleSize}
      intro="Choose the answer that goes with each question, by clicking it or pressing 1 to 4. Games never change your review schedule."
    >
      {(props) => <MultipleChoiceGame {...props} />}
    </GamePage>
  );
}

/** True when a key press belongs to a text field or carries a modifier, so it is not a game key. */
function isForeignKey(event: KeyboardEvent): boolean {
  const target = event.target;
  if (event.altKey || event.ctrlKey || event.metaKey) return true;
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/** A round of up to ten questions with four options each, scored at the end. */
export function MultipleChoiceGame({
  deckId,
  owner,
  items,
  onPlayAgain,
  random = Math.random,
  now = Date.now,
}: GameProps & { random?: () => number; now?: () => number }) {
  const [questions] = useState(() => buildChoiceQuestions(items, random));
  const [startedAt] = useState(() => now());
  const [index, setIndex] = useState(0);
  // The option picked for each question so far; the score is counted from them.
  const [picks, setPicks] = useState<number[]>([]);
  const [finishedAfter, setFinishedAfter] = useState<number | null>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  const questionStart = useRef<HTMLDivElement>(null);

  const question = questions?.[index];
  const chosen = picks[index] ?? null;
  const answered = chosen !== null;
  const score = picks.filter((pick, at) => pick === questions?.[at]?.correctIndex).length;

  // Only the first pick of a question counts, also when a key and a click arrive together.
  const choose = (option: number) =>
    setPicks((current) => (current.length > index ? current : [...current, option]));

  // Keys 1–4 choose while the question is open; after that, Enter on the focused Next button goes on.
  useEffect(() => {
    if (answered || !question) return;
    const onKey = (event: KeyboardEvent) => {
      if (isForeignKey(event)) return;
      const option = Number(event.key) - 1;
      if (!Number.isInteger(option) || option < 0 || option >= question.options.length) return;
      event.preventDefault();
      setPicks((current) => (current.length > index ? current : [...current, option]));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [answered, question, index]);

  useEffect(() => {
    if (answered) nextButton.current?.focus();
  }, [answered]);

  if (!questions) {
    return (
      <NotEnoughItems deckId={deckId}>
        Multiple choice needs at least four different answers in the deck, and this deck has fewer.
      </NotEnoughItems>
    );
  }

  if (finishedAfter !== null || !question) {
    return (
      <GameOver
        deckId={deckId}
        owner={owner}
        game="multiple-choice"
        correct={score}
        total={questions.length}
        elapsedMs={finishedAfter ?? 0}
        outcome={`You got ${score} of ${questions.length} right.`}
        onPlayAgain={onPlayAgain}
      />
    );
  }

  const last = index === questions.length - 1;
  const next = () => {
    if (last) {
      setFinishedAfter(Math.max(0, now() - startedAt));
      return;
    }
    setIndex(index + 1);
    questionStart.current?.focus();
  };
  const right = chosen === question.correctIndex;

  return (
    <Box>
      <BestSoFar deckId={deckId} owner={owner} game="multiple-choice" />
      <Box
        ref={questionStart}
        tabIndex={-1}
        sx={{ '&:focus': { outline: 'none' } }}
        aria-label={`Question ${index + 1} of ${questions.length}`}
      >
        <Stack direction="row" sx={{ justifyContent: 'space-between', my: 1 }}>
          <Typography component="p" variant="subtitle1">
            Question {index + 1} of {questions.length}
          </Typography>
          <Typography component="p" variant="subtitle1">
            Score: {score}
          </Typography>
        </Stack>
        <PromptCard item={question.item} label="Question" />
      </Box>
      <Box
        role="group"
        aria-label="Answers"
        sx={{ display: 'grid', gap: 1.5, mt: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        {question.options.map((option, optionIndex) => {
          const isRight = optionIndex === question.correctIndex;
          const isChosen = optionIndex === chosen;
          // After answering, the right option and a wrong choice say so in words and icons, not colour alone.
          const text = shortText(option, optionTextMax);
          const verdict =
            answered && isRight ? 'right answer' : answered && isChosen ? 'your answer, wrong' : '';
          return (
            <Button
              key={option}
              variant="outlined"
              color={answered ? (isRight ? 'success' : isChosen ? 'error' : 'inherit') : 'primary'}
              onClick={() => choose(optionIndex)}
              aria-disabled={answered || undefined}
              aria-label={`${optionIndex + 1}: ${text}${verdict ? ` (${verdict})` : ''}`}
              startIcon={
                answered && isRight ? (
                  <CheckCircleIcon aria-hidden />
                ) : answered && isChosen ? (
                  <CancelIcon aria-hidden />
                ) : undefined
              }
              sx={(theme) => {
                const mark = answered && isRight ? 'success' : answered && isChosen ? 'error' : null;
                return {
                  justifyContent: 'flex-start',
                  textAlign: 'left',
                  textTransform: 'none',
                  whiteSpace: 'pre-wrap',
                  overflowWrap: 'anywhere',
                  py: 1.5,
                  // A tint behind text in the page's own colour reads in both themes; the icon and the
                  // words in the status line carry the verdict too.
                  ...(mark && {
                    color: theme.palette.text.primary,
                    borderWidth: 2,
                    borderColor: theme.palette[mark].main,
                    bgcolor: alpha(theme.palette[mark].main, 0.14),
                    '&:hover': { borderWidth: 2, bgcolor: alpha(theme.palette[mark].main, 0.2) },
                    '& .MuiButton-startIcon': { color: theme.palette[mark].main },
                  }),
                };
              }}
            >
              <Box component="span" aria-hidden sx={{ fontWeight: 700, mr: 1.5 }}>
                {optionIndex + 1}
              </Box>
              <span aria-hidden>{text}</span>
            </Button>
          );
        })}
      </Box>
      <Box role="status" sx={{ mt: 2, minHeight: '2rem' }}>
        {answered ? (
          <Typography sx={{ fontWeight: 600 }}>
            {right ? 'Right!' : `Not quite. The answer is: ${question.options[question.correctIndex] ?? ''}`}
          </Typography>
        ) : null}
      </Box>
      {answered ? (
        <Button ref={nextButton} variant="contained" onClick={next} sx={{ mt: 1 }}>
          {last ? 'See your score' : 'Next question'}
        </Button>
      ) : null}
    </Box>
  );
}
