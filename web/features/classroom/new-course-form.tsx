import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { newCourseInputSchema } from '../../../contracts/classroom-authoring.ts';
import { ApiError } from '../../lib/api.ts';
import { useCreateCourse } from '../../lib/classroom-authoring-api.ts';
import { courseEditorPath } from '../../lib/classroom-paths.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { slugFromTitle } from './course-slug.ts';

type Problems = { title?: string | undefined; slug?: string | undefined; form?: string | undefined };

/**
 * Starts a course: a title, and its address, which follows the title until the person edits it. The server
 * makes a draft with one lesson; the editor opens on it.
 */
export function NewCourseForm() {
  const navigate = useNavigate();
  const create = useCreateCourse();
  const [title, setTitle] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const shownSlug = slugEdited ? slug : slugFromTitle(title);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = newCourseInputSchema.safeParse({ title, slug: shownSlug });
    if (!parsed.success) {
      const about = (field: string) => parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
      setProblems({ title: about('title') && 'Give the course a title', slug: about('slug') });
      return;
    }
    setProblems({});
    try {
      const draft = await create.mutateAsync(parsed.data);
      void navigate(courseEditorPath(draft.slug));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'classroom/slug-taken') {
        setProblems({ slug: errorSentence(error) });
      } else {
        const fields = error instanceof ApiError ? error.fields : [];
        setProblems({
          title: fields.find((field) => field.path === 'title')?.message,
          slug: fields.find((field) => field.path === 'slug')?.message,
          form: fields.length ? undefined : errorSentence(error),
        });
      }
    }
  };

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="new-course-title"
      sx={{ p: { xs: 2, sm: 2.5 } }}
    >
      <Typography id="new-course-title" variant="h5" component="h2" sx={{ mb: 1 }}>
        New course
      </Typography>
      <Box component="form" onSubmit={(event) => void submit(event)} noValidate>
        <Stack spacing={2}>
          <TextField
            label="Title"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            required
            error={problems.title !== undefined}
            helperText={problems.title}
            slotProps={{ htmlInput: { maxLength: 120 } }}
          />
          <TextField
            label="Address"
            value={shownSlug}
            onChange={(event) => {
              setSlugEdited(true);
              setSlug(event.target.value);
            }}
            required
            error={problems.slug !== undefined}
            helperText={
              problems.slug ??
              `The course’s page: /classroom/classes/${shownSlug || '…'}. Lowercase letters, digits and hyphens.`
            }
            slotProps={{ htmlInput: { maxLength: 80, spellCheck: false, autoCapitalize: 'none' } }}
          />
          {problems.form ? <Alert severity="error">{problems.form}</Alert> : null}
          <Box>
            <Button type="submit" variant="contained" disabled={create.isPending} sx={{ minHeight: 44 }}>
              Start the course
            </Button>
          </Box>
        </Stack>
      </Box>
    </Paper>
  );
}
