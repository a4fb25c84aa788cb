import { useId, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  arxivIdSchema,
  doiSchema,
  type AddPaperInput,
  type LookupResult,
} from '../../../../contracts/research.ts';
import { SheetDialog } from '../../../components/sheet-dialog.tsx';
import { ApiError } from '../../../lib/api.ts';
import { errorSentence } from '../../../lib/error-sentence.ts';
import { flashState } from '../../../lib/flash.ts';
import { addPaper, lookupPaper, updateQueue } from '../../../lib/research-api.ts';
import {
  emptyPaperForm,
  fieldOfPath,
  formFromMetadata,
  metadataFromForm,
  type PaperFieldErrors,
  type PaperFormValues,
} from './paper-form.ts';
import { PaperFormFields } from './paper-form-fields.tsx';
import { paperPagePath } from './paths.ts';
import { useRefreshResearch } from './use-refresh-research.ts';

/** Who may see a new paper, as the contract names it. */
type Visibility = NonNullable<AddPaperInput['visibility']>;
const visibilityLabels: Record<Visibility, string> = {
  public: 'Public: anyone can find it',
  unlisted: 'Unlisted: only people with the link',
  private: 'Private: only you',
};

/** The form, started from a typed identifier when it is a DOI or an arXiv id, so a failed lookup loses nothing. */
function formFromIdentifier(identifier: string): PaperFormValues {
  const text = identifier.trim();
  if (doiSchema.safeParse(text).success) return { ...emptyPaperForm, doi: text };
  if (arxivIdSchema.safeParse(text).success) return { ...emptyPaperForm, arxivId: text };
  return emptyPaperForm;
}

/** The server's field problems keyed by form field. */
function serverFieldErrors(error: unknown): PaperFieldErrors {
  const errors: PaperFieldErrors = {};
  if (!(error instanceof ApiError)) return errors;
  for (const problem of error.fields) {
    const field = fieldOfPath(problem.path);
    if (field && errors[field] === undefined) errors[field] = problem.message;
  }
  return errors;
}

/**
 * Adds a paper: look it up by DOI or arXiv id and review the record, or fill it in by hand. A paper already
 * in CARD WEB is offered instead of a second copy.
 */
export function AddPaperDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <SheetDialog open={open} onClose={onClose} aria-labelledby="add-paper-title" fullWidth maxWidth="md">
      {/* Mounted only while open, so each opening starts afresh. */}
      {open ? <AddPaperForm onClose={onClose} /> : null}
    </SheetDialog>
  );
}

function AddPaperForm({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const refresh = useRefreshResearch();
  const idPrefix = useId();
  const [identifier, setIdentifier] = useState('');
  const [lookup, setLookup] = useState<LookupResult | null>(null);
  const [lookupError, setLookupError] = useState<unknown>(null);
  const [looking, setLooking] = useState(false);
  const [values, setValues] = useState<PaperFormValues | null>(null);
  const [errors, setErrors] = useState<PaperFieldErrors>({});
  const [visibility, setVisibility] = useState<Visibility>('public');
  const [addToQueue, setAddToQueue] = useState(true);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [queued, setQueued] = useState(false);

  const look = async () => {
    setLooking(true);
    setLookupError(null);
    setLookup(null);
    try {
      const result = await lookupPaper(identifier);
      setLookup(result);
      setValues(result.found ? formFromMetadata(result.paper) : formFromIdentifier(identifier));
      setErrors({});
    } catch (error) {
      setLookupError(error);
      setValues(formFromIdentifier(identifier));
    } finally {
      setLooking(false);
    }
  };

  const queueExisting = async (id: string) => {
    setBusy(true);
    setFailure(null);
    try {
      await updateQueue(id, { status: 'to-read' });
      await refresh();
      setQueued(true);
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values) return;
    const checked = metadataFromForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    setFailure(null);
    try {
      const result = await addPaper({ paper: checked.paper, visibility, addToQueue });
      await refresh();
      onClose();
      void navigate(
        paperPagePath(result.id),
        result.created
          ? { state: flashState('Paper added.') }
          : { state: flashState('This paper was already here', 'info') },
      );
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      setErrors(fieldErrors);
      setFailure(Object.keys(fieldErrors).length > 0 ? null : error);
      setBusy(false);
    }
  };

  const existingId = lookup?.found ? lookup.existingId : null;

  return (
    <>
      <DialogTitle id="add-paper-title">Add paper</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <Box
          component="form"
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            void look();
          }}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}
        >
          <TextField
            label="DOI or arXiv id"
            value={identifier}
            onChange={(event) => setIdentifier(event.target.value)}
            helperText="Or their web address. The record is fetched for you to review."
            sx={{ flex: '1 1 16rem' }}
            autoFocus
          />
          <Button
            type="submit"
            variant="outlined"
            disabled={looking || identifier.trim().length < 3}
            sx={{ mt: 1 }}
          >
            {looking ? 'Looking up…' : 'Look up'}
          </Button>
        </Box>
        {values === null ? (
          <Typography>
            No identifier?{' '}
            <Button onClick={() => setValues(emptyPaperForm)} sx={{ verticalAlign: 'baseline' }}>
              Fill in by hand
            </Button>
          </Typography>
        ) : null}
        {lookup && !lookup.found ? (
          <Alert severity="info">{lookup.message} Fill in the record by hand below.</Alert>
        ) : null}
        {lookupError ? (
          <Alert severity="warning">{errorSentence(lookupError)} Fill in the record by hand below.</Alert>
        ) : null}
        {existingId ? (
          <Alert
            severity="info"
            action={
              queued ? undefined : (
                <Button
                  color="inherit"
                  size="small"
                  disabled={busy}
                  onClick={() => void queueExisting(existingId)}
                >
                  Add to my queue
                </Button>
              )
            }
          >
            Already in CARD WEB:{' '}
            <Link component={RouterLink} to={paperPagePath(existingId)} onClick={onClose}>
              Open it
            </Link>
            {queued ? '. It is in your queue.' : null}
          </Alert>
        ) : null}
        {values !== null && !existingId ? (
          <Box
            component="form"
            id={`${idPrefix}-form`}
            onSubmit={(event: FormEvent) => void submit(event)}
            noValidate
            sx={{ display: 'grid', gap: 2 }}
          >
            <PaperFormFields values={values} errors={errors} onChange={setValues} idPrefix={idPrefix} />
            <TextField
              select
              label="Who can see it"
              value={visibility}
              onChange={(event) => setVisibility(event.target.value as Visibility)}
            >
              {(Object.keys(visibilityLabels) as Visibility[]).map((value) => (
                <MenuItem key={value} value={value}>
                  {visibilityLabels[value]}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel
              control={
                <Checkbox checked={addToQueue} onChange={(event) => setAddToQueue(event.target.checked)} />
              }
              label="Add to my reading queue"
            />
          </Box>
        ) : null}
        {failure ? <Alert severity="error">{errorSentence(failure)}</Alert> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{queued ? 'Close' : 'Cancel'}</Button>
        {values !== null && !existingId ? (
          <Button type="submit" form={`${idPrefix}-form`} variant="contained" disabled={busy}>
            Add paper
          </Button>
        ) : null}
      </DialogActions>
    </>
  );
}
