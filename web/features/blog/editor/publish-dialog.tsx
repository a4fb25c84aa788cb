import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import type { FieldError } from '../../../../contracts/errors.ts';
import { SheetDialog } from '../../../components/sheet-dialog.tsx';
import { ApiError } from '../../../lib/api.ts';
import { errorSentence } from '../../../lib/error-sentence.ts';
import { blogWriteRoot, loadEditablePost, publishPost } from './api.ts';
import { describeFieldError } from './field-errors.ts';
import type { PostSession } from './post-session.ts';
import { isoToLocalInput, localInputToIso, scheduleProblem } from './schedule-time.ts';

/**
 * Publish now, or schedule for a time in the person's own clock, or keep the post as a draft. Pending saves
 * go first; what the server refuses is listed here by field and shown beside each field (`onFieldErrors`).
 */
export function PublishDialog({
  session,
  open,
  onClose,
  onFieldErrors,
  onPublished,
}: {
  session: PostSession;
  open: boolean;
  onClose: () => void;
  onFieldErrors: (fields: readonly FieldError[]) => void;
  /** Says what happened (published, or scheduled for `at`). */
  onPublished: (at: string | null) => void;
}) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const [when, setWhen] = useState<'now' | 'schedule'>('now');
  const [time, setTime] = useState('');
  const [timeProblem, setTimeProblem] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [fields, setFields] = useState<readonly FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  // The input's lower bound, as of when the dialog opened (it is made afresh each time).
  const [earliest] = useState(() => isoToLocalInput(Date.now()));
  const postId = session.getSnapshot().meta.id;

  const publish = async () => {
    setProblem(null);
    setFields([]);
    let at: string | null = null;
    if (when === 'schedule') {
      const why = scheduleProblem(time, Date.now());
      setTimeProblem(why);
      if (why) return;
      at = localInputToIso(time);
    }
    setBusy(true);
    try {
      if (!(await session.flush())) {
        setProblem(
          'Your latest changes are not saved yet, so nothing was published. Try again once they are.',
        );
        return;
      }
      await publishPost(postId, at ? { at } : {});
    } catch (error) {
      if (error instanceof ApiError && error.code === 'blog/schedule-in-past') {
        setTimeProblem(error.message);
      } else if (error instanceof ApiError && error.code === 'blog/slug-taken') {
        const slugProblem = [{ path: 'slug', message: error.message }];
        setFields(slugProblem);
        onFieldErrors(slugProblem);
      } else if (error instanceof ApiError && error.fields.length > 0) {
        setFields(error.fields);
        onFieldErrors(error.fields);
      } else {
        setProblem(`The post was not published. ${errorSentence(error)}`);
      }
      return;
    } finally {
      setBusy(false);
    }
    onFieldErrors([]);
    void queryClient.invalidateQueries({ queryKey: blogWriteRoot });
    try {
      session.updated(await loadEditablePost(postId));
    } catch {
      // Published all the same; the status catches up when the editor opens next.
    }
    onPublished(at);
    onClose();
  };

  return (
    <SheetDialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event: React.FormEvent) => {
          event.preventDefault();
          void publish();
        }}
      >
        <DialogTitle id={titleId}>Publish the post</DialogTitle>
        <DialogContent>
          <FormControl>
            <FormLabel id={`${titleId}-when`}>When</FormLabel>
            <RadioGroup
              aria-labelledby={`${titleId}-when`}
              value={when}
              onChange={(event) => setWhen(event.target.value === 'schedule' ? 'schedule' : 'now')}
            >
              <FormControlLabel value="now" control={<Radio />} label="Publish now" />
              <FormControlLabel value="schedule" control={<Radio />} label="Schedule" />
            </RadioGroup>
          </FormControl>
          {when === 'schedule' ? (
            <TextField
              type="datetime-local"
              label="Publish at (your time)"
              value={time}
              onChange={(event) => {
                setTime(event.target.value);
                setTimeProblem(null);
              }}
              error={Boolean(timeProblem)}
              helperText={timeProblem ?? 'The post goes live by itself at this time.'}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: earliest } }}
              fullWidth
              sx={{ mt: 2 }}
            />
          ) : null}
          {fields.length > 0 ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              Fix these before publishing:
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {fields.map((field, index) => (
                  <li key={index}>{describeFieldError(field)}</li>
                ))}
              </Box>
            </Alert>
          ) : null}
          {problem ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {problem}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose} disabled={busy}>
            Keep as draft
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {when === 'schedule' ? 'Schedule' : 'Publish now'}
          </Button>
        </DialogActions>
      </Box>
    </SheetDialog>
  );
}
