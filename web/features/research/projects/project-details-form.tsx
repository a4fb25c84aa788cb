import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { Project } from '../../../../contracts/research.ts';
import { ApiError } from '../../../lib/api.ts';
import { errorSentence } from '../../../lib/error-sentence.ts';
import { updateProject } from '../../../lib/research-api.ts';

/** The project's name and question, edited in place. */
export function ProjectDetailsForm({
  project,
  onDone,
}: {
  project: Project;
  onDone: (saved: boolean) => void;
}) {
  const [title, setTitle] = useState(project.title);
  const [question, setQuestion] = useState(project.question);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      await updateProject(project.id, { title, question });
      onDone(true);
    } catch (error) {
      setFailure(error);
      setBusy(false);
    }
  };
  const fieldMessage = (path: string) =>
    failure instanceof ApiError ? failure.fieldMessage(path) : undefined;
  return (
    <Box
      component="form"
      onSubmit={(event: FormEvent) => void submit(event)}
      noValidate
      sx={{ display: 'grid', gap: 2, maxWidth: 760, mb: 3 }}
    >
      <TextField
        label="Name"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        required
        autoFocus
        error={fieldMessage('title') !== undefined}
        helperText={fieldMessage('title')}
      />
      <TextField
        label="Question"
        value={question}
        onChange={(event) => setQuestion(event.target.value)}
        multiline
        minRows={2}
        error={fieldMessage('question') !== undefined}
        helperText={fieldMessage('question')}
      />
      {failure && !fieldMessage('title') && !fieldMessage('question') ? (
        <Alert severity="error">{errorSentence(failure)}</Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={busy || title.trim() === ''}>
          Save
        </Button>
        <Button onClick={() => onDone(false)}>Cancel</Button>
      </Box>
    </Box>
  );
}
