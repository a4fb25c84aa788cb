import { useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import HelpIcon from '@mui/icons-material/Help';
import { compareAnswer, type AnswerVerdict } from '../../../../contracts/study-items.ts';
import { BestSoFar, GameOver, GamePage, NotEnoughItems, PromptCard, type GameProps } from './game-shell.tsx';
import { isPlayable, questionsPerRound, shuffle } from './logic.ts';

/** Enough items that a round has ten questions even when some have no plain answer to type. */
const typedSampleSize = 20;

/** `/play/decks/:deckId/games/typed`: type each answer; near misses may be counted. */
export function TypedPage() {
  return (
    <GamePage
      game="typed"
      sampleSize={typedSampleSize}
      intro="Type the answer and press Enter. Case, accents and stray punctuation do not count; a typo or two is a near miss that you may count anyway. Games never change your review schedule."
    >
      {(props) => <TypedGame {...props} />}
    </GamePage>
  );
}

interface Answered {
  typed: string;
  verdict: AnswerVerdict;
  /** A near miss the player chose to count as right. */
  countedAnyway: boolean;
}

const isRight = (answer: Answered) => answer.verdict === 'correct' || answer.countedAnyway;

/** A round of up to ten typed answers, checked leniently, scored at the end. */
export function TypedGame({
  deckId,
  owner,
  items,
  onPlayAgain,
  random = Math.random,
  now = Date.now,
}: GameProps & { random?: () => number; now?: () => number }) {
  const [questions] = useState(() => shuffle(items.filter(isPlayable), random).slice(0, questionsPerRound));
  const [startedAt] = useState(() => now());
  const [answers, setAnswers] = useState<Answered[]>([]);
  const [typed, setTyped] = useState('');
  const [emptyTry, setEmptyTry] = useState(false);
  const [finishedAfter, setFinishedAfter] = useState<number | null>(null);
  const field = useRef<HTMLInputElement>(null);

  // The question on screen: an answered one stays, with its feedback, until the player goes on.
  const [shown, setShown] = useState(0);
  const question = questions[shown];
  const answer = answers[shown];

  if (questions.length === 0) {
    return (
      <NotEnoughItems deckId={deckId}>
        None of the cards in this deck has a short answer to type.
      </NotEnoughItems>
    );
  }

  const score = answers.filter(isRight).length;

  if (finishedAfter !== null || !question) {
    const missed = questions
      .map((item, at) => ({ item, answer: answers[at] }))
      .filter((entry) => entry.answer && !isRight(entry.answer));
    return (
      <GameOver
        deckId={deckId}
        owner={owner}
        game="typed"
        correct={score}
        total={questions.length}
        elapsedMs={finishedAfter ?? 0}
        outcome={`You got ${score} of ${questions.length} right.`}
        onPlayAgain={onPlayAgain}
      >
        {missed.length > 0 ? (
          <Box component="section" aria-labelledby="typed-missed" sx={{ mt: 4 }}>
            <Typography id="typed-missed" variant="h6" component="h3">
              To look at again
            </Typography>
            <Box component="ul" sx={{ pl: 3 }}>
              {missed.map(({ item, answer: given }) => (
                <li key={`${item.cardId}:${item.itemKey}`}>
                  <strong>{item.cardTitle}</strong>: the answer is “{item.answerText}”
                  {given?.typed ? `; you typed “${given.typed}”` : ''}.
                </li>
              ))}
            </Box>
          </Box>
        ) : null}
      </GameOver>
    );
  }

  const last = shown === questions.length - 1;
  const goOn = () => {
    if (last) {
      setFinishedAfter(Math.max(0, now() - startedAt));
      return;
    }
    setShown(shown + 1);
    setTyped('');
    field.current?.focus();
  };

  const check = (verdict: AnswerVerdict) =>
    setAnswers((list) =>
      list.length > shown ? list : [...list, { typed: typed.trim(), verdict, countedAnyway: false }],
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (answer) {
      goOn();
      return;
    }
    if (typed.trim() === '') {
      setEmptyTry(true);
      return;
    }
    setEmptyTry(false);
    check(compareAnswer(typed, question.answerText));
  };

  const countAnyway = () => {
    setAnswers((list) => list.map((entry, at) => (at === shown ? { ...entry, countedAnyway: true } : entry)));
    field.current?.focus();
  };

  return (
    <Box>
      <BestSoFar deckId={deckId} owner={owner} game="typed" />
      <Stack direction="row" sx={{ justifyContent: 'space-between', my: 1 }}>
        <Typography component="p" variant="subtitle1">
          Question {shown + 1} of {questions.length}
        </Typography>
        <Typography component="p" variant="subtitle1">
          Score: {score}
        </Typography>
      </Stack>
      <PromptCard item={question} label="Question" />
      <Box component="form" onSubmit={submit} noValidate sx={{ mt: 2 }}>
        <TextField
          inputRef={field}
          label="Your answer"
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setEmptyTry(false);
          }}
          fullWidth
          autoFocus
          autoComplete="off"
          error={emptyTry}
          helperText={emptyTry ? 'Type your answer first, or choose “I don’t know”.' : ' '}
          slotProps={{ htmlInput: { readOnly: Boolean(answer), spellCheck: false, autoCapitalize: 'off' } }}
        />
        <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
          {answer ? (
            <Button type="submit" variant="contained">
              {last ? 'See your score' : 'Next question'}
            </Button>
          ) : (
            <>
              <Button type="submit" variant="contained">
                Check
              </Button>
              <Button
                variant="text"
                onClick={() => {
                  check('wrong');
                  field.current?.focus();
                }}
              >
                I don’t know
              </Button>
            </>
          )}
        </Stack>
      </Box>
      <Box role="status" sx={{ mt: 2, minHeight: '2rem' }}>
        {answer ? (
          <Feedback answer={answer} expected={question.answerText} onCountAnyway={countAnyway} />
        ) : null}
      </Box>
    </Box>
  );
}

function Feedback({
  answer,
  expected,
  onCountAnyway,
}: {
  answer: Answered;
  expected: string;
  onCountAnyway: () => void;
}) {
  if (answer.verdict === 'correct') {
    return (
      <Typography sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 600 }}>
        <CheckCircleIcon color="success" aria-hidden /> Right!
      </Typography>
    );
  }
  if (answer.verdict === 'close') {
    return (
      <Box>
        <Typography sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 600 }}>
          <HelpIcon color="warning" aria-hidden />
          {answer.countedAnyway ? 'Counted as right.' : 'Almost.'} The expected answer is: {expected}
        </Typography>
        {answer.countedAnyway ? null : (
          <Button variant="outlined" size="small" onClick={onCountAnyway} sx={{ mt: 1 }}>
            Count it anyway
          </Button>
        )}
      </Box>
    );
  }
  return (
    <Typography sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 600 }}>
      <CancelIcon color="error" aria-hidden /> Not quite. The expected answer is: {expected}
    </Typography>
  );
}
