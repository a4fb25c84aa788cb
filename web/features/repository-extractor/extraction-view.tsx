import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  rerunExtractionSchema,
  type Extraction,
  type ExtractionMode,
  type ExtractionOptions,
} from '../../../contracts/extractor.ts';
import { isJobFinished } from '../../../contracts/jobs.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { jobErrorSentence } from '../../lib/jobs.ts';
import { formatRelative } from '../../lib/relative-time.ts';
import { space } from '../../lib/spacing.ts';
import { extractionQuery, useRefreshExtractions, useRerunExtraction } from './api.ts';
import { DocumentView } from './document-view.tsx';
import { formatBytes, modeLabels, revisionOf, sourceName, statusLabels } from './format.ts';
import { PreviewPanel } from './preview-panel.tsx';
import { RunProgress } from './run-progress.tsx';
import { fieldErrorsOf } from './validation.ts';

/** Failures a token given again may mend. */
const tokenCodes = new Set(['extractor/needs-token', 'extractor/token-refused', 'extractor/token-lost']);

/** The options' problems in one sentence, for a rerun refused before sending. */
function optionsProblem(options: ExtractionOptions, token: string): string | null {
  const parsed = rerunExtractionSchema.safeParse({ mode: 'document', options, ...(token ? { token } : {}) });
  if (parsed.success) return null;
  const problems = Object.entries(fieldErrorsOf(parsed.error)).map(([field, message]) => {
    const name = field.replace(/^options\./, '');
    return `${name}: ${message}`;
  });
  return `Some options need attention (open Options above). ${problems.join(' ')}`;
}

/**
 * One extraction, open: where it came from, its job's progress while it runs, why it failed, and then its
 * preview (with the choices to make) or its document. Runs again with the current options, as a new
 * extraction of the same source, for "Try again" and "Extract with these choices".
 */
export function ExtractionView({
  viewer,
  extraction,
  options,
  onOptionsChange,
  token,
  autoFocus,
  onStarted,
  onClose,
}: {
  viewer: string;
  extraction: Extraction;
  options: ExtractionOptions;
  onOptionsChange: (options: ExtractionOptions) => void;
  token: string;
  /** Move the focus here when it shows (it was just started). */
  autoFocus: boolean;
  onStarted: (extraction: Extraction) => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const refresh = useRefreshExtractions(viewer);
  const rerun = useRerunExtraction(viewer);
  const heading = useRef<HTMLHeadingElement>(null);
  const running = !isJobFinished(extraction.status);
  const wasRunning = useRef(running);

  useEffect(() => {
    if (autoFocus) heading.current?.focus();
  }, [autoFocus, extraction.id]);

  // A run that ends while the page is open takes the focus to its outcome, which follows the heading.
  useEffect(() => {
    if (wasRunning.current && !running) heading.current?.focus();
    wasRunning.current = running;
  }, [running]);

  const { id } = extraction;
  const onEnded = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: extractionQuery(viewer, id).queryKey });
    void refresh();
  }, [queryClient, viewer, id, refresh]);

  const trimmedToken = token.trim();
  const problem = optionsProblem(options, trimmedToken);
  const runAgain = (mode: ExtractionMode) => {
    if (problem) return;
    rerun.mutate(
      { id, body: { mode, options, ...(trimmedToken ? { token: trimmedToken } : {}) } },
      { onSuccess: onStarted },
    );
  };
  const needsToken = extraction.source.kind === 'git' && extraction.source.private && !trimmedToken;
  const revision = revisionOf(extraction);
  const facts = [
    revision,
    modeLabels[extraction.mode],
    statusLabels[extraction.status],
    `started ${formatRelative(extraction.createdAt)}`,
    extraction.bytesRead > 0 ? `${formatBytes(extraction.bytesRead)} read` : null,
  ].filter((fact) => fact !== null);

  const rerunFailure = rerun.error ? (
    <Alert severity="error" role="alert">
      It did not start. {errorSentence(rerun.error)}
    </Alert>
  ) : null;
  const tokenNote = needsToken ? (
    <Typography variant="body2" color="text.secondary">
      This repository is private and its token is never kept: give it again above before running it again.
    </Typography>
  ) : null;

  return (
    <Box
      component="section"
      aria-labelledby="extraction-heading"
      sx={{ display: 'grid', gap: space.block, minWidth: 0 }}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography
            id="extraction-heading"
            ref={heading}
            tabIndex={-1}
            component="h2"
            variant="h2"
            sx={{ overflowWrap: 'anywhere', '&:focus': { outline: 'none' } }}
          >
            {sourceName(extraction.source)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {facts.join(' · ')}
          </Typography>
        </Box>
        <Button variant="text" onClick={onClose}>
          Close
        </Button>
      </Box>

      {running ? <RunProgress jobId={extraction.jobId} onEnded={onEnded} /> : null}

      {extraction.status === 'failed' || extraction.status === 'cancelled' ? (
        <Box sx={{ display: 'grid', gap: space.inline }}>
          {extraction.status === 'failed' ? (
            <Alert severity="error" role="alert">
              {jobErrorSentence(extraction.errorCode ?? 'jobs/failed')}
              {extraction.errorCode && tokenCodes.has(extraction.errorCode)
                ? ' Give an access token in the form above, then try again.'
                : null}
            </Alert>
          ) : (
            <Alert severity="info">This run was cancelled.</Alert>
          )}
          {problem ? <Alert severity="warning">{problem}</Alert> : null}
          {tokenNote}
          {rerunFailure}
          <Box>
            <Button
              variant="contained"
              disabled={rerun.isPending || problem !== null}
              onClick={() => runAgain(extraction.mode)}
            >
              {rerun.isPending ? 'Starting…' : extraction.status === 'failed' ? 'Try again' : 'Run again'}
            </Button>
          </Box>
        </Box>
      ) : null}

      {extraction.document ? (
        <DocumentView viewer={viewer} extraction={extraction} document={extraction.document} />
      ) : null}

      {extraction.preview ? (
        <>
          {tokenNote}
          {problem ? <Alert severity="warning">{problem}</Alert> : null}
          <PreviewPanel
            preview={extraction.preview}
            previewOptions={extraction.options}
            options={options}
            onOptionsChange={onOptionsChange}
            onExtract={() => runAgain('document')}
            extracting={rerun.isPending}
            blocked={problem !== null}
            extractError={extraction.status === 'succeeded' ? rerun.error : null}
          />
        </>
      ) : null}
    </Box>
  );
}
