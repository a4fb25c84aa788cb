import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import type { QuestionKind, QuestionSource } from '../../../../contracts/classroom.ts';
import { moveItem, newQuestion, variantOfKind } from './draft-edits.ts';
import { VariantForm } from './variant-form.tsx';

const target = { width: 44, height: 44 } as const;

/** A lesson's quiz: its questions in the order they are asked, each with one or more variants. */
export function QuizForm({
  quiz,
  onChange,
}: {
  quiz: QuestionSource[];
  onChange: (quiz: QuestionSource[]) => void;
}) {
  const add = (kind: QuestionKind) => onChange([...quiz, newQuestion(quiz, kind)]);
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0, display: 'grid', gap: 2 }}>
      <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
        Questions
      </Typography>
      {quiz.length === 0 ? (
        <Typography color="text.secondary">
          No questions: learners mark the lesson done themselves.
        </Typography>
      ) : null}
      {quiz.map((question, index) => (
        <QuestionForm
          key={index}
          question={question}
          number={index + 1}
          count={quiz.length}
          onChange={(next) => onChange(quiz.map((other, at) => (at === index ? next : other)))}
          onMove={(step) => onChange(moveItem(quiz, index, step))}
          onRemove={() => onChange(quiz.filter((_, at) => at !== index))}
        />
      ))}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" onClick={() => add('single')} sx={{ minHeight: 44 }}>
          Add a single-choice question
        </Button>
        <Button variant="outlined" onClick={() => add('multiple')} sx={{ minHeight: 44 }}>
          Add a multiple-choice question
        </Button>
        <Button variant="outlined" onClick={() => add('text')} sx={{ minHeight: 44 }}>
          Add a text question
        </Button>
        <Button variant="outlined" onClick={() => add('numeric')} sx={{ minHeight: 44 }}>
          Add a numeric question
        </Button>
      </Box>
    </Box>
  );
}

/** One question: its id, and its variants (a retry asks another). */
function QuestionForm({
  question,
  number,
  count,
  onChange,
  onMove,
  onRemove,
}: {
  question: QuestionSource;
  number: number;
  count: number;
  onChange: (question: QuestionSource) => void;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
}) {
  const name = `Question ${number}`;
  return (
    <Paper
      component="fieldset"
      variant="outlined"
      sx={{ p: 2, m: 0, minWidth: 0, display: 'grid', gap: 1.5 }}
    >
      <Typography component="legend" variant="subtitle1" sx={{ px: 0.5, fontWeight: 600 }}>
        {name}
      </Typography>
      <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          label={`${name}: id`}
          value={question.id}
          onChange={(event) => onChange({ ...question, id: event.target.value })}
          size="small"
          helperText="Lowercase letters, digits and hyphens; unique in the lesson."
          sx={{ flex: '1 1 12rem' }}
        />
        <IconButton
          aria-label={`Move ${name.toLowerCase()} up`}
          disabled={number === 1}
          onClick={() => onMove(-1)}
          sx={target}
        >
          <ArrowUpwardIcon />
        </IconButton>
        <IconButton
          aria-label={`Move ${name.toLowerCase()} down`}
          disabled={number === count}
          onClick={() => onMove(1)}
          sx={target}
        >
          <ArrowDownwardIcon />
        </IconButton>
        <IconButton aria-label={`Remove ${name.toLowerCase()}`} onClick={onRemove} sx={target}>
          <DeleteOutlineIcon />
        </IconButton>
      </Box>
      {question.variants.map((variant, index) => {
        const variantName = question.variants.length > 1 ? `${name}, variant ${index + 1}` : name;
        return (
          <Box
            key={index}
            sx={{
              display: 'grid',
              gap: 1,
              pt: index > 0 ? 1.5 : 0,
              borderTop: index > 0 ? 1 : 0,
              borderColor: 'divider',
            }}
          >
            {question.variants.length > 1 ? (
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
                <Typography variant="subtitle2">Variant {index + 1}</Typography>
                <Button
                  color="error"
                  onClick={() =>
                    onChange({ ...question, variants: question.variants.filter((_, at) => at !== index) })
                  }
                  sx={{ minHeight: 44 }}
                >
                  Remove variant {index + 1}
                </Button>
              </Box>
            ) : null}
            <VariantForm
              variant={variant}
              name={variantName}
              onChange={(next) =>
                onChange({
                  ...question,
                  variants: question.variants.map((other, at) => (at === index ? next : other)),
                })
              }
            />
          </Box>
        );
      })}
      <Box>
        <Button
          disabled={question.variants.length >= 10}
          onClick={() => {
            const last = question.variants.at(-1);
            onChange({
              ...question,
              variants: [...question.variants, variantOfKind(last?.kind ?? 'single', last)],
            });
          }}
          sx={{ minHeight: 44 }}
        >
          Add a variant to {name.toLowerCase()}
        </Button>
      </Box>
    </Paper>
  );
}
