import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { SheetDialog } from '../../components/sheet-dialog.tsx';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { reportReasons } from '../../../contracts/profiles.ts';
import type { AdminReport, ProfileSummary } from '../../../contracts/profiles.ts';
import { TextLink } from '../../components/text-link.tsx';
import { VisuallyHidden } from '../../components/visually-hidden.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import {
  adminQueryRoot,
  pauseMessages,
  penalize,
  removeBlogComment,
  removeMessage,
  reportsQuery,
  setReportStatus,
} from './api.ts';
import type { ReportStatus } from './api.ts';
import { AdminSection, AdminStatus } from './admin-section.tsx';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const tabs: { status: ReportStatus; label: string }[] = [
  { status: 'open', label: 'Open' },
  { status: 'resolved', label: 'Resolved' },
  { status: 'dismissed', label: 'Dismissed' },
];

const nameOf = (person: ProfileSummary) => person.displayName ?? person.handle;

function Person({ person }: { person: ProfileSummary }) {
  return (
    <>
      <TextLink to={`/u/${person.handle}`}>{nameOf(person)}</TextLink> (@{person.handle}, rank {person.rank})
    </>
  );
}

/** Reports people filed about other people: read them, resolve or dismiss them, and penalise when needed. */
export function ReportsAdminSection() {
  const [status, setStatus] = useState<ReportStatus>('open');
  const [notice, setNotice] = useState<string | null>(null);
  const [penalising, setPenalising] = useState<ProfileSummary | null>(null);
  const baseId = useId();
  return (
    <AdminSection
      title="Reports"
      description="People report others from the … button on a profile, a chat message or a blog comment. Resolve a report once you have acted on it, or dismiss it if nothing was wrong. A penalty takes reputation away and the person sees your reason; a reported message or comment can be removed, and a message's author paused for a day or a week."
    >
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={status}
          onChange={(_event, value: ReportStatus) => setStatus(value)}
          aria-label="Reports by status"
        >
          {tabs.map((tab) => (
            <Tab
              key={tab.status}
              value={tab.status}
              label={tab.label}
              id={`${baseId}-tab-${tab.status}`}
              aria-controls={`${baseId}-panel`}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${status}`} sx={{ pt: 2 }}>
        <ReportList key={status} status={status} onNotice={setNotice} onPenalise={setPenalising} />
      </Box>
      <AdminStatus>{notice}</AdminStatus>
      <PenaltyDialog
        person={penalising}
        onClose={() => setPenalising(null)}
        onDone={(message) => {
          setPenalising(null);
          setNotice(message);
        }}
      />
    </AdminSection>
  );
}

function ReportList({
  status,
  onNotice,
  onPenalise,
}: {
  status: ReportStatus;
  onNotice: (message: string) => void;
  onPenalise: (person: ProfileSummary) => void;
}) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(reportsQuery(status));
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const act = async (report: AdminReport, action: () => Promise<string>) => {
    setBusy(report.id);
    setFailure(null);
    try {
      onNotice(await action());
      await queryClient.invalidateQueries({ queryKey: [...adminQueryRoot, 'reports'] });
    } catch (error) {
      setFailure(errorSentence(error));
    } finally {
      setBusy(null);
    }
  };
  const decide = (report: AdminReport, next: ReportStatus) =>
    act(report, async () => {
      await setReportStatus(report.id, next);
      const verb = { open: 'reopened', resolved: 'resolved', dismissed: 'dismissed' }[next];
      return `The report about ${nameOf(report.reported)} was ${verb}.`;
    });
  const pause = (report: AdminReport, days: number) =>
    act(report, async () => {
      const until = new Date(Date.now() + days * 24 * 3600 * 1000);
      await pauseMessages(
        report.reported.key,
        until,
        `Reported for ${reportReasons[report.reason].toLowerCase()}`,
      );
      return `${nameOf(report.reported)} can’t send chat messages until ${when.format(until)}.`;
    });

  if (query.isPending) return <CircularProgress aria-label="Loading reports" size={28} />;
  if (query.isError) return <Alert severity="error">{errorSentence(query.error)}</Alert>;
  const reports = query.data.pages.flatMap((page) => page.items);
  if (reports.length === 0)
    return <Typography>{status === 'open' ? 'No open reports.' : `No ${status} reports.`}</Typography>;

  return (
    <>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={`${status} reports`}>
        {reports.map((report) => (
          <Box component="li" key={report.id} sx={{ py: 2, borderTop: 1, borderColor: 'divider' }}>
            <Typography sx={{ fontWeight: 600 }}>
              {reportReasons[report.reason]}: <Person person={report.reported} />
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Reported by <Person person={report.reporter} /> on {when.format(new Date(report.createdAt))}
            </Typography>
            {report.details ? (
              <Typography sx={{ mt: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {report.details}
              </Typography>
            ) : null}
            {report.message ? (
              <Box
                component="figure"
                sx={{ m: 0, mt: 1, pl: 1.5, borderLeft: 3, borderColor: 'divider' }}
                aria-label={`The reported message by ${nameOf(report.reported)}`}
              >
                {report.message.removed ? (
                  <Typography color="text.secondary">This message was deleted or removed.</Typography>
                ) : (
                  <Typography
                    component="blockquote"
                    sx={{ m: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
                  >
                    {report.message.body}
                  </Typography>
                )}
                <Typography component="figcaption" variant="body2">
                  <TextLink
                    to={`/confer?${new URLSearchParams({ c: report.message.conversationId, m: report.message.id }).toString()}`}
                  >
                    Open in Confer
                  </TextLink>
                </Typography>
              </Box>
            ) : null}
            {report.blogComment ? (
              <Box
                component="figure"
                sx={{ m: 0, mt: 1, pl: 1.5, borderLeft: 3, borderColor: 'divider' }}
                aria-label={`The reported comment by ${nameOf(report.reported)}`}
              >
                {report.blogComment.removed ? (
                  <Typography color="text.secondary">This comment was deleted or removed.</Typography>
                ) : (
                  <Typography
                    component="blockquote"
                    sx={{ m: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
                  >
                    {report.blogComment.body}
                  </Typography>
                )}
                <Typography component="figcaption" variant="body2">
                  {report.blogComment.url ? (
                    <TextLink to={report.blogComment.url}>Open the post at the comment</TextLink>
                  ) : (
                    'Its post is not published now.'
                  )}
                </Typography>
              </Box>
            ) : null}
            <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
              {report.status === 'open' ? (
                <>
                  <Button
                    size="small"
                    variant="outlined"
                    disabled={busy !== null}
                    onClick={() => void decide(report, 'resolved')}
                  >
                    Resolve <VisuallyHidden>the report about {nameOf(report.reported)}</VisuallyHidden>
                  </Button>
                  <Button
                    size="small"
                    disabled={busy !== null}
                    onClick={() => void decide(report, 'dismissed')}
                  >
                    Dismiss <VisuallyHidden>the report about {nameOf(report.reported)}</VisuallyHidden>
                  </Button>
                </>
              ) : (
                <Button size="small" disabled={busy !== null} onClick={() => void decide(report, 'open')}>
                  Reopen <VisuallyHidden>the report about {nameOf(report.reported)}</VisuallyHidden>
                </Button>
              )}
              <Button size="small" color="error" onClick={() => onPenalise(report.reported)}>
                Penalise {nameOf(report.reported)}…
              </Button>
              {report.message && !report.message.removed ? (
                <Button
                  size="small"
                  color="error"
                  disabled={busy !== null}
                  onClick={() => {
                    const messageId = report.message?.id;
                    if (messageId)
                      void act(report, async () => {
                        await removeMessage(messageId);
                        return `The message by ${nameOf(report.reported)} was removed.`;
                      });
                  }}
                >
                  Remove the message <VisuallyHidden>by {nameOf(report.reported)}</VisuallyHidden>
                </Button>
              ) : null}
              {report.blogComment && !report.blogComment.removed ? (
                <Button
                  size="small"
                  color="error"
                  disabled={busy !== null}
                  onClick={() => {
                    const commentId = report.blogComment?.id;
                    if (commentId)
                      void act(report, async () => {
                        await removeBlogComment(commentId);
                        return `The comment by ${nameOf(report.reported)} was removed.`;
                      });
                  }}
                >
                  Remove the comment <VisuallyHidden>by {nameOf(report.reported)}</VisuallyHidden>
                </Button>
              ) : null}
              {report.message ? (
                <>
                  <Button
                    size="small"
                    color="error"
                    disabled={busy !== null}
                    onClick={() => void pause(report, 1)}
                  >
                    Pause {nameOf(report.reported)}’s messages for a day
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    disabled={busy !== null}
                    onClick={() => void pause(report, 7)}
                  >
                    Pause {nameOf(report.reported)}’s messages for a week
                  </Button>
                </>
              ) : null}
            </Stack>
          </Box>
        ))}
      </Box>
      {failure ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      ) : null}
      {query.hasNextPage ? (
        <Button sx={{ mt: 1 }} onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          Show more
        </Button>
      ) : null}
    </>
  );
}

function PenaltyDialog({
  person,
  onClose,
  onDone,
}: {
  person: ProfileSummary | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const id = useId();
  const [points, setPoints] = useState('50');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ points?: string; reason?: string; form?: string }>({});
  const [pending, setPending] = useState(false);
  const name = person ? nameOf(person) : '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!person) return;
    const amount = Number(points);
    const problems: typeof errors = {};
    if (!Number.isInteger(amount) || amount < 1 || amount > 100_000)
      problems.points = 'A whole number from 1 to 100,000';
    if (!reason.trim()) problems.reason = 'Say why: the person will read this';
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setPending(true);
    try {
      const summary = await penalize(person.key, { points: amount, reason: reason.trim() });
      setReason('');
      onDone(`${name} lost ${amount} reputation and is now rank ${summary.rank}.`);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : [];
      setErrors({
        points: fields.find((field) => field.path === 'points')?.message,
        reason: fields.find((field) => field.path === 'reason')?.message,
        form: fields.length ? undefined : errorSentence(error),
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <SheetDialog
      open={person !== null}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      fullWidth
      maxWidth="sm"
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={`${id}-title`}>Penalise {name}</DialogTitle>
        <DialogContent>
          <TextField
            label="Points to take away"
            value={points}
            onChange={(event) => setPoints(event.target.value)}
            type="number"
            required
            fullWidth
            margin="normal"
            error={errors.points !== undefined}
            helperText={errors.points}
            slotProps={{ htmlInput: { min: 1, max: 100_000, step: 1 } }}
          />
          <TextField
            label="Reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            fullWidth
            multiline
            minRows={2}
            margin="normal"
            error={errors.reason !== undefined}
            helperText={errors.reason ?? 'Shown to the person in their reputation history.'}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          {errors.form ? <Alert severity="error">{errors.form}</Alert> : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" color="error" variant="contained" disabled={pending}>
            Take points away
          </Button>
        </DialogActions>
      </form>
    </SheetDialog>
  );
}
