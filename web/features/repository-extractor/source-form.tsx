import { useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  extractorLimits,
  startExtractionSchema,
  type Extraction,
  type ExtractionMode,
  type ExtractionOptions,
  type StartExtraction,
  type UploadedArchive,
} from '../../../contracts/extractor.ts';
import { ApiError } from '../../lib/api.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { space } from '../../lib/spacing.ts';
import { startExtraction, uploadArchive } from './api.ts';
import { archiveAccept, archiveProblem, archiveTooLarge } from './archive-check.ts';
import { formatBytes } from './format.ts';
import { OptionsPanel } from './options-panel.tsx';
import { errorsUnder, fieldErrorsOf, serverFieldErrors, type FieldErrors } from './validation.ts';

type SourceKind = 'git' | 'upload';

/** Failures the server answers about a field of the form rather than the run. */
const fieldOfCode: Record<string, string> = {
  'extractor/invalid-url': 'source.url',
  'extractor/host-refused': 'source.url',
  'extractor/not-an-archive': 'file',
  'extractor/archive-refused': 'file',
  'files/too-large': 'file',
  'common/payload-too-large': 'file',
};

const uploadWords = {
  overrides: { 'files/too-large': archiveTooLarge, 'common/payload-too-large': archiveTooLarge },
} as const;

const withoutSource = startExtractionSchema.omit({ source: true });

/**
 * Where the repository comes from (a git address with an optional branch, folder and token, or an uploaded
 * archive) and the options, checked with the contract's schema before anything is sent. "Preview" starts a
 * preview run, "Extract now" the document; `onStarted` gets the new extraction.
 */
export function SourceForm({
  options,
  onOptionsChange,
  token,
  onTokenChange,
  onStarted,
}: {
  options: ExtractionOptions;
  onOptionsChange: (options: ExtractionOptions) => void;
  /** The access token, kept in memory by the page for reruns of this run only. */
  token: string;
  onTokenChange: (token: string) => void;
  onStarted: (extraction: Extraction) => void;
}) {
  const [kind, setKind] = useState<SourceKind>('git');
  const [url, setUrl] = useState('');
  const [ref, setRef] = useState('');
  const [folder, setFolder] = useState('');
  const [compareTo, setCompareTo] = useState('');
  const [file, setFile] = useState<File | null>(null);
  // The last upload, so a second run of the same file does not send it again.
  const [uploaded, setUploaded] = useState<{ file: File; archive: UploadedArchive } | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState<ExtractionMode | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const archiveHelpId = useId();

  const clearError = (field: string) =>
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _gone, ...rest } = current;
      return rest;
    });

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setFailure(null);
    const problem = chosen ? archiveProblem(chosen) : null;
    setErrors((current) => {
      const { file: _gone, ...rest } = current;
      return problem ? { ...rest, file: problem } : rest;
    });
  };

  const showFailure = (error: unknown, words?: Parameters<typeof errorSentence>[1]) => {
    const named = serverFieldErrors(error);
    const field = error instanceof ApiError ? fieldOfCode[error.code] : undefined;
    if (field) {
      setErrors({ ...named, [field]: errorSentence(error, words) });
    } else if (Object.keys(named).length > 0) {
      setErrors(named);
      setFailure(error);
    } else {
      setFailure(error);
    }
  };

  /** The upload's SHA-256, sending the file unless it was just sent. */
  const archiveOf = async (chosen: File): Promise<string | null> => {
    if (uploaded?.file === chosen) return uploaded.archive.sha256;
    try {
      const archive = await uploadArchive(chosen);
      setUploaded({ file: chosen, archive });
      return archive.sha256;
    } catch (error) {
      showFailure(error, uploadWords);
      return null;
    }
  };

  const submit = async (mode: ExtractionMode) => {
    if (busy) return;
    setFailure(null);
    const rest = { mode, options, ...(kind === 'git' && token.trim() ? { token } : {}) };
    let body: StartExtraction;
    if (kind === 'git') {
      const parsed = startExtractionSchema.safeParse({
        ...rest,
        source: {
          kind: 'git',
          url,
          ...(ref.trim() ? { ref } : {}),
          ...(folder.trim() ? { folder } : {}),
          ...(compareTo.trim() ? { compareTo } : {}),
        },
      });
      if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
      body = parsed.data;
    } else {
      const parsed = withoutSource.safeParse(rest);
      const problems: Record<string, string> = parsed.success ? {} : { ...fieldErrorsOf(parsed.error) };
      const fileProblem = file ? archiveProblem(file) : 'Choose an archive to upload.';
      if (fileProblem) problems.file = fileProblem;
      if (!parsed.success || !file || fileProblem) return setErrors(problems);
      setErrors({});
      setBusy(mode);
      const sha256 = await archiveOf(file);
      if (!sha256) return setBusy(null);
      body = { ...parsed.data, source: { kind: 'upload', sha256 } };
    }
    setErrors({});
    setBusy(mode);
    try {
      onStarted(await startExtraction(body));
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(null);
    }
  };

  const optionErrors = errorsUnder(errors, 'options');
  return (
    <Box
      component="form"
      noValidate
      aria-label="Repository to extract"
      onSubmit={(event) => {
        event.preventDefault();
        void submit('preview');
      }}
      sx={{ display: 'grid', gap: space.block, minWidth: 0 }}
    >
      <ToggleButtonGroup
        exclusive
        size="small"
        value={kind}
        onChange={(_event, value: SourceKind | null) => {
          if (!value) return;
          setKind(value);
          setErrors({});
          setFailure(null);
        }}
        aria-label="Where the code comes from"
        sx={{ flexWrap: 'wrap' }}
      >
        <ToggleButton value="git">Repository address</ToggleButton>
        <ToggleButton value="upload">Upload an archive</ToggleButton>
      </ToggleButtonGroup>

      {kind === 'git' ? (
        <>
          <TextField
            label="Repository address"
            value={url}
            onChange={(event) => {
              setUrl(event.target.value);
              clearError('source.url');
            }}
            placeholder="https://github.com/owner/name/tree/main/src"
            required
            fullWidth
            error={Boolean(errors['source.url'])}
            helperText={
              errors['source.url'] ?? 'A git address; a branch and folder in it are used unless given below.'
            }
            slotProps={{
              htmlInput: {
                inputMode: 'url',
                autoCapitalize: 'off',
                spellCheck: false,
                maxLength: extractorLimits.urlChars,
              },
            }}
          />
          <Box
            sx={{
              display: 'grid',
              gap: space.block,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            <TextField
              label="Branch, tag or commit"
              value={ref}
              onChange={(event) => {
                setRef(event.target.value);
                clearError('source.ref');
              }}
              error={Boolean(errors['source.ref'])}
              helperText={errors['source.ref'] ?? 'Optional: the default branch otherwise.'}
              slotProps={{
                htmlInput: { autoCapitalize: 'off', spellCheck: false, maxLength: extractorLimits.refChars },
              }}
            />
            <TextField
              label="Folder"
              value={folder}
              onChange={(event) => {
                setFolder(event.target.value);
                clearError('source.folder');
              }}
              error={Boolean(errors['source.folder'])}
              helperText={errors['source.folder'] ?? 'Optional: all of the repository otherwise.'}
              slotProps={{
                htmlInput: {
                  autoCapitalize: 'off',
                  spellCheck: false,
                  maxLength: extractorLimits.folderChars,
                },
              }}
            />
            <TextField
              label="Compare with"
              value={compareTo}
              onChange={(event) => {
                setCompareTo(event.target.value);
                clearError('source.compareTo');
              }}
              error={Boolean(errors['source.compareTo'])}
              helperText={
                errors['source.compareTo'] ??
                'Optional: another branch, tag or commit. Only the files changed since it are taken, with their diffs.'
              }
              slotProps={{
                htmlInput: { autoCapitalize: 'off', spellCheck: false, maxLength: extractorLimits.refChars },
              }}
            />
          </Box>
          <TextField
            label="Access token"
            type="password"
            autoComplete="off"
            value={token}
            onChange={(event) => {
              onTokenChange(event.target.value);
              clearError('token');
            }}
            error={Boolean(errors.token)}
            helperText={
              errors.token ?? 'Optional, for a private repository: used for this run only, never stored.'
            }
            slotProps={{ htmlInput: { maxLength: extractorLimits.tokenChars } }}
          />
        </>
      ) : (
        <Box sx={{ display: 'grid', gap: space.inline, justifyItems: 'start' }}>
          {/* Reached through the button; out of the tab order so the keyboard meets one control, not two. */}
          <input
            ref={fileInput}
            type="file"
            accept={archiveAccept}
            aria-label="Archive to upload"
            tabIndex={-1}
            hidden
            onChange={(event) => {
              chooseFile(event.target.files?.[0] ?? null);
              event.target.value = '';
            }}
          />
          <Button
            variant="outlined"
            startIcon={<UploadFileIcon />}
            onClick={() => fileInput.current?.click()}
            aria-describedby={archiveHelpId}
          >
            {file ? 'Choose another archive' : 'Choose an archive'}
          </Button>
          {file ? (
            <Typography sx={{ overflowWrap: 'anywhere' }}>
              {file.name} · {formatBytes(file.size)}
            </Typography>
          ) : null}
          {errors.file ? (
            <Typography role="alert" color="error" variant="body2">
              {errors.file}
            </Typography>
          ) : null}
          <Typography id={archiveHelpId} variant="body2" color="text.secondary">
            A .zip, .tar.gz or .tgz of the code, up to {formatBytes(extractorLimits.uploadBytes)}.
          </Typography>
        </Box>
      )}

      <OptionsPanel options={options} onChange={onOptionsChange} errors={optionErrors} />

      {failure ? (
        <Alert severity="error" role="alert">
          {errorSentence(failure)}
        </Alert>
      ) : null}

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: space.inline }}>
        <Button type="submit" variant="contained" disabled={busy !== null}>
          {busy === 'preview' ? 'Starting…' : 'Preview'}
        </Button>
        <Button variant="outlined" disabled={busy !== null} onClick={() => void submit('document')}>
          {busy === 'document' ? 'Starting…' : 'Extract now'}
        </Button>
      </Box>
    </Box>
  );
}
