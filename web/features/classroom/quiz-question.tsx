import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type {
  AnswerOutcome,
  AnswerResult,
  LessonQuestion,
  QuestionForLearner,
} from '../../../contracts/classroom.ts';
import { Markdown, type LinkResolver } from '../../components/markdown/markdown.tsx';
import { useAnswerQuestion } from '../../lib/classroom-api.ts';
import { ClassroomFailure } from './classroom-failure.tsx';
import { answerOf, correctAnswerWords, emptyDraft, missingAnswer, type QuizDraft } from './quiz-answer.ts';

/** Option texts are Markdown (math); inside a label their paragraph has no margin of its own. */
const optionSx = { minHeight: 44, mr: 0, py: 0.5, alignItems: 'center', '& .markdown p': { m: 0 } } as const;

/**
 * One quiz question: its form (radio group, checkboxes, text or number box, after its kind), then once
 * answered whether it was right in words, the chosen options' feedback, the right answer and the worked
 * explanation. A wrong answer offers the question's next form, which the server chose; a question answered
 * right before shows its result when the lesson is opened again.
 */
export function QuizQuestion({
  slug,
  lesson,
  entry,
  number,
  links,
  onAnswered,
}: {
  slug: string;
  lesson: string;
  /** The question as the person stands with it (kept current by the lesson's cache). */
  entry: LessonQuestion;
  /** Its place in the quiz, from 1. */
  number: number;
  links: LinkResolver;
  onAnswered: (outcome: AnswerOutcome) => void;
}) {
  const answer = useAnswerQuestion(slug, lesson);
  // The form on screen: it stays the one answered while its result shows, even once the server has moved on.
  const [shown, setShown] = useState<QuestionForLearner>(entry.question);
  const [draft, setDraft] = useState<QuizDraft>(emptyDraft);
  const [result, setResult] = useState<AnswerResult | null>(entry.status === 'right' ? entry.result : null);
  const [missing, setMissing] = useState<string | null>(null);
  const [retried, setRetried] = useState(false);
  const heading = useRef<HTMLLegendElement>(null);
  const legendId = useId();
  const promptId = useId();

  // After "Try another version" the new form's heading takes the focus, where the pressed button was.
  useEffect(() => {
    if (retried) heading.current?.focus();
  }, [retried, shown]);

  const answered = result !== null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (answered || answer.isPending) return;
    const given = answerOf(shown, draft);
    setMissing(given ? null : missingAnswer[shown.kind]);
    if (!given) return;
    answer.mutate(
      { question: shown.id, input: { variant: shown.variant, answer: given } },
      {
        onSuccess: (outcome) => {
          setResult(outcome.result);
          onAnswered(outcome);
        },
      },
    );
  };
  const retry = () => {
    setShown(entry.question);
    setDraft(emptyDraft);
    setResult(null);
    setRetried(true);
    answer.reset();
  };
  const sameForm = entry.question.variant === shown.variant;

  return (
    // A region named like its fieldset, holding the form, the result and the retry: a question is all of them.
    <Paper component="section" aria-labelledby={legendId} variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Box component="form" noValidate onSubmit={submit}>
        <Box
          component="fieldset"
          aria-describedby={promptId}
          disabled={answered}
          sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}
        >
          <Typography
            id={legendId}
            component="legend"
            variant="h6"
            sx={{ p: 0, mb: 1 }}
            ref={heading}
            tabIndex={-1}
          >
            Question {number}
          </Typography>
          {entry.status === 'wrong' && !answered && !retried ? (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              Your last answer was not right: here is another version of the question.
            </Typography>
          ) : null}
          <Box id={promptId}>
            <Markdown source={shown.prompt} links={links} />
          </Box>
          <Box sx={{ mt: 1.5 }}>
            <AnswerInput question={shown} draft={draft} labelledBy={legendId} onChange={setDraft} />
          </Box>
        </Box>
        {missing && !answered ? (
          <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
            {missing}
          </Typography>
        ) : null}
        {answered ? null : (
          <Button type="submit" variant="contained" disabled={answer.isPending} sx={{ mt: 2, minHeight: 44 }}>
            Check answer
          </Button>
        )}
      </Box>
      {answer.isError ? (
        <ClassroomFailure
          error={answer.error}
          slug={slug}
          lead="Your answer was not checked."
          sx={{ mt: 2 }}
        />
      ) : null}
      <Box role="status" aria-live="polite">
        {result ? <Result result={result} question={shown} links={links} /> : null}
      </Box>
      {result && !result.correct ? (
        <Button variant="outlined" onClick={retry} sx={{ mt: 2, minHeight: 44 }}>
          {sameForm ? 'Try again' : 'Try another version'}
        </Button>
      ) : null}
    </Paper>
  );
}

function AnswerInput({
  question,
  draft,
  labelledBy,
  onChange,
}: {
  question: QuestionForLearner;
  draft: QuizDraft;
  labelledBy: string;
  onChange: (draft: QuizDraft) => void;
}) {
  const options = question.options ?? [];
  switch (question.kind) {
    case 'single':
      return (
        <RadioGroup
          aria-labelledby={labelledBy}
          value={draft.option}
          onChange={(event) => onChange({ ...draft, option: event.target.value })}
        >
          {options.map((option) => (
            <FormControlLabel
              key={option.id}
              value={option.id}
              control={<Radio />}
              disableTypography
              label={<Markdown source={option.text} />}
              sx={optionSx}
            />
          ))}
        </RadioGroup>
      );
    case 'multiple':
      return (
        // The question's fieldset is the checkboxes' group; its legend names them.
        <Box sx={{ display: 'flex', flexDirection: 'column' }}>
          <Typography variant="body2" color="text.secondary">
            Tick every right answer.
          </Typography>
          {options.map((option) => (
            <FormControlLabel
              key={option.id}
              control={
                <Checkbox
                  checked={draft.options.includes(option.id)}
                  onChange={(event) =>
                    onChange({
                      ...draft,
                      options: event.target.checked
                        ? [...draft.options, option.id]
                        : draft.options.filter((id) => id !== option.id),
                    })
                  }
                />
              }
              disableTypography
              label={<Markdown source={option.text} />}
              sx={optionSx}
            />
          ))}
        </Box>
      );
    case 'text':
      return (
        <TextField
          label="Your answer"
          value={draft.text}
          onChange={(event) => onChange({ ...draft, text: event.target.value })}
          autoComplete="off"
          fullWidth
          // The contract's limit on a text answer.
          slotProps={{ htmlInput: { maxLength: 200 } }}
          sx={{ maxWidth: 480 }}
        />
      );
    case 'numeric':
      return (
        <TextField
          label="Your answer"
          type="number"
          value={draft.value}
          onChange={(event) => onChange({ ...draft, value: event.target.value })}
          autoComplete="off"
          slotProps={{
            htmlInput: { step: 'any', inputMode: 'decimal' },
            input: question.unit
              ? { endAdornment: <InputAdornment position="end">{question.unit}</InputAdornment> }
              : {},
          }}
          sx={{ maxWidth: 280 }}
        />
      );
  }
}

/** Right or wrong in words (not only by colour), the chosen options' feedback, the right answer and why. */
function Result({
  result,
  question,
  links,
}: {
  result: AnswerResult;
  question: QuestionForLearner;
  links: LinkResolver;
}) {
  const words = correctAnswerWords(result.correctAnswer, question.options);
  const markdown = result.correctAnswer.kind === 'single' || result.correctAnswer.kind === 'multiple';
  return (
    <Alert
      severity={result.correct ? 'success' : 'error'}
      sx={{ mt: 2, '& .MuiAlert-message': { minWidth: 0 } }}
    >
      <AlertTitle>{result.correct ? 'Right.' : 'Not right.'}</AlertTitle>
      {result.feedback.length > 0 ? (
        <Box sx={{ display: 'grid', gap: 1, mb: 1.5 }}>
          {result.feedback.map((feedback, index) => (
            <Markdown key={index} source={feedback} links={links} />
          ))}
        </Box>
      ) : null}
      <Typography variant="subtitle2">
        {words.length > 1 ? 'The right answers' : 'The right answer'}
      </Typography>
      {markdown ? (
        <Box component="ul" sx={{ pl: 2.5, my: 0.5, '& .markdown p': { m: 0 } }}>
          {words.map((text) => (
            <li key={text}>
              <Markdown source={text} links={links} />
            </li>
          ))}
        </Box>
      ) : (
        <Typography sx={{ my: 0.5 }}>{words[0]}</Typography>
      )}
      <Typography variant="subtitle2" sx={{ mt: 1.5 }}>
        Worked answer
      </Typography>
      <Markdown source={result.explanation} links={links} />
    </Alert>
  );
}
