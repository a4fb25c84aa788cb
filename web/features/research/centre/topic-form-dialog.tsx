import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Topic, TopicInput } from '../../../../contracts/research.ts';
import { SheetDialog } from '../../../components/sheet-dialog.tsx';
import { problemsOf, splitList, type FormProblems } from './field-errors.ts';

const fieldNames = ['slug', 'title', 'introduction', 'tags', 'courses'] as const;
const noProblems: FormProblems = { fields: {}, form: null };

/**
 * An editor's topic: its address, title, introduction (Markdown), the tags whose papers belong to it and the
 * classroom courses it leads to. New when `topic` is absent; else its values to change (its address stays, and
 * its other links are kept as they are). The server checks everything and its sentences show by each field.
 */
export function TopicFormDialog({
  open,
  topic,
  onClose,
  onSave,
}: {
  open: boolean;
  topic?: Topic;
  onClose: () => void;
  /** Sends the topic; a rejection's field errors show on the form. */
  onSave: (input: TopicInput) => Promise<unknown>;
}) {
  const id = useId();
  return (
    <SheetDialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <DialogTitle id={`${id}-title`}>{topic ? 'Edit the topic' : 'New topic'}</DialogTitle>
      {/* Mounted only while open, so each opening starts from the topic as it is. */}
      {open ? <TopicForm topic={topic} onClose={onClose} onSave={onSave} formId={`${id}-form`} /> : null}
    </SheetDialog>
  );
}

function TopicForm({
  topic,
  onClose,
  onSave,
  formId,
}: {
  topic: Topic | undefined;
  onClose: () => void;
  onSave: (input: TopicInput) => Promise<unknown>;
  formId: string;
}) {
  const [slug, setSlug] = useState(topic?.slug ?? '');
  const [title, setTitle] = useState(topic?.title ?? '');
  const [introduction, setIntroduction] = useState(topic?.introduction ?? '');
  const [tags, setTags] = useState(topic?.tags.join(', ') ?? '');
  const [courses, setCourses] = useState(topic?.courses.map((course) => course.slug).join(', ') ?? '');
  const [problems, setProblems] = useState<FormProblems>(noProblems);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblems(noProblems);
    try {
      await onSave({
        slug: slug.trim(),
        title: title.trim(),
        introduction,
        tags: splitList(tags),
        courses: splitList(courses),
        links: topic?.links ?? [],
      });
    } catch (error) {
      setProblems(problemsOf(error, fieldNames));
    } finally {
      setBusy(false);
    }
  };
  const problem = (name: (typeof fieldNames)[number]) => problems.fields[name];

  return (
    <>
      <DialogContent>
        <Stack
          component="form"
          id={formId}
          spacing={2}
          sx={{ pt: 1 }}
          noValidate
          onSubmit={(event) => void submit(event)}
        >
          <TextField
            label="Address"
            value={slug}
            onChange={(event) => setSlug(event.target.value)}
            disabled={topic !== undefined}
            required
            error={problem('slug') !== undefined}
            helperText={problem('slug') ?? `The topic’s page: /research_center/topics/${slug || '…'}`}
            slotProps={{ htmlInput: { maxLength: 80, spellCheck: false, autoCapitalize: 'none' } }}
          />
          <TextField
            label="Title"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            required
            error={problem('title') !== undefined}
            helperText={problem('title')}
            slotProps={{ htmlInput: { maxLength: 120 } }}
          />
          <TextField
            label="Introduction"
            value={introduction}
            onChange={(event) => setIntroduction(event.target.value)}
            multiline
            minRows={5}
            error={problem('introduction') !== undefined}
            helperText={
              problem('introduction') ?? 'Markdown: what the field is about and how to read into it.'
            }
            slotProps={{ htmlInput: { maxLength: 10_000 } }}
          />
          <TextField
            label="Tags"
            value={tags}
            onChange={(event) => setTags(event.target.value)}
            required
            error={problem('tags') !== undefined}
            helperText={
              problem('tags') ?? 'Separated by commas: papers with one of these tags belong to the topic.'
            }
          />
          <TextField
            label="Courses"
            value={courses}
            onChange={(event) => setCourses(event.target.value)}
            error={problem('courses') !== undefined}
            helperText={problem('courses') ?? 'Classroom course addresses, separated by commas.'}
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
          />
          {problems.form ? <Alert severity="error">{problems.form}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" form={formId} variant="contained" disabled={busy}>
          {topic ? 'Save the topic' : 'Create the topic'}
        </Button>
      </DialogActions>
    </>
  );
}
