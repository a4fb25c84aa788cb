import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { SheetDialog } from './sheet-dialog.tsx';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { reportReasons } from '../../contracts/profiles.ts';
import type { ReportReason, UserReportRequest } from '../../contracts/profiles.ts';
import { ApiError } from '../lib/api.ts';
import { errorSentence } from '../lib/error-sentence.ts';

/**
 * The report form shared by profiles and cards: a required reason from the administrators' list and optional
 * details. `send` files the report; the dialog shows the server's field error beside the details and any other
 * failure below, and calls `onSent` once the report is kept.
 */
export function ReportDialog({
  open,
  title,
  intro,
  send,
  onClose,
  onSent,
}: {
  open: boolean;
  /** The dialog's title, which names it for screen readers ("Report Ada Lovelace"). */
  title: string;
  /** One sentence on what happens to the report. */
  intro: string;
  send: (report: UserReportRequest) => Promise<unknown>;
  onClose: () => void;
  onSent: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const report = useMutation({
    mutationFn: (request: UserReportRequest) => send(request),
    onSuccess: () => {
      setReason('');
      setDetails('');
      onSent();
    },
  });
  const detailsError =
    report.error instanceof ApiError
      ? report.error.fields.find((field) => field.path === 'details')
      : undefined;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setReasonError('Choose what is wrong.');
      return;
    }
    setReasonError(null);
    report.mutate({ reason, details });
  };

  return (
    <SheetDialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{intro}</DialogContentText>
          <FormControl error={reasonError !== null} required>
            <FormLabel id={`${id}-reason`}>What is wrong?</FormLabel>
            <RadioGroup
              aria-labelledby={`${id}-reason`}
              aria-describedby={reasonError ? `${id}-reason-error` : undefined}
              value={reason}
              onChange={(event) => setReason(event.target.value as ReportReason)}
            >
              {Object.entries(reportReasons).map(([value, label]) => (
                <FormControlLabel key={value} value={value} control={<Radio />} label={label} />
              ))}
            </RadioGroup>
            {reasonError ? (
              <Alert id={`${id}-reason-error`} severity="error" sx={{ mt: 1 }}>
                {reasonError}
              </Alert>
            ) : null}
          </FormControl>
          <TextField
            label="Details (optional)"
            value={details}
            onChange={(event) => setDetails(event.target.value)}
            multiline
            minRows={3}
            fullWidth
            sx={{ mt: 2 }}
            error={detailsError !== undefined}
            helperText={detailsError?.message ?? `${details.length} / 2,000`}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          {report.isError && !detailsError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorSentence(report.error)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={report.isPending}>
            Send report
          </Button>
        </DialogActions>
      </form>
    </SheetDialog>
  );
}
