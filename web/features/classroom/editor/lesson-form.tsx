import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DraftLesson } from '../../../../contracts/classroom-authoring.ts';
import type { LessonSource } from '../../../../contracts/classroom.ts';
import { ListField } from './fields.tsx';
import { LessonBody } from './lesson-body.tsx';
import { QuizForm } from './question-form.tsx';

/** One lesson: title, slug, the lessons it needs, the cards it teaches, its text and its questions. */
export function LessonForm({
  lesson,
  number,
  others,
  onChange,
}: {
  lesson: DraftLesson;
  /** Its place in the course, from 1. */
  number: number;
  /** The course's other lessons, which it may require. */
  others: readonly { slug: string; title: string }[];
  onChange: (lesson: DraftLesson) => void;
}) {
  const source = lesson.source;
  const set = (changes: Partial<LessonSource>) => onChange({ ...lesson, source: { ...source, ...changes } });
  const requires = (slug: string, on: boolean) =>
    set({ requires: on ? [...source.requires, slug] : source.requires.filter((need) => need !== slug) });
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="editor-lesson"
      sx={{ p: { xs: 2, sm: 2.5 }, display: 'grid', gap: 2, minWidth: 0 }}
    >
      <Typography id="editor-lesson" variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
        Lesson {number}: {source.title}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          label="Lesson title"
          value={source.title}
          onChange={(event) => set({ title: event.target.value })}
          required
        />
        <TextField
          label="Lesson slug"
          value={source.slug}
          onChange={(event) => set({ slug: event.target.value })}
          required
          helperText="Its address: lowercase letters, digits and hyphens."
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
        />
      </Box>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600 }}>
          Requires
        </Typography>
        <Typography variant="body2" color="text.secondary">
          The lessons to finish before this one opens.
        </Typography>
        {others.length === 0 ? (
          <Typography variant="body2">There are no other lessons yet.</Typography>
        ) : (
          <FormGroup>
            {others.map((other) => (
              <FormControlLabel
                key={other.slug}
                label={other.title}
                control={
                  <Checkbox
                    checked={source.requires.includes(other.slug)}
                    onChange={(event) => requires(other.slug, event.target.checked)}
                  />
                }
              />
            ))}
          </FormGroup>
        )}
      </Box>
      <ListField
        lines
        label="Cards"
        value={source.cards}
        onChange={(cards) => set({ cards })}
        helperText="The titles of the public cards the lesson teaches, one a line. They go into the course’s deck."
      />
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          Text
        </Typography>
        <LessonBody body={source.body} onChange={(body) => set({ body })} />
      </Box>
      <QuizForm quiz={lesson.quiz} onChange={(quiz) => onChange({ ...lesson, quiz })} />
    </Paper>
  );
}
