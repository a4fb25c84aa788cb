import { useId, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
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
  IMPORT_MAX_BYTES,
  type AddPaperInput,
  type BibliographyFormat,
  type ImportPreview,
  type ImportRequest,
  type ImportResult,
  type ResearchHome,
} from '../../../../contracts/research.ts';
import { SheetDialog } from '../../../components/sheet-dialog.tsx';
import { errorSentence } from '../../../lib/error-sentence.ts';
import { importPapers, previewImport } from '../../../lib/research-api.ts';
import { importSummary, previewSummary } from './import-summary.ts';
import { paperPagePath } from './paths.ts';
import { useRefreshResearch } from './use-refresh-research.ts';

/** Who may see a new paper, as the contract names it. */
type Visibility = NonNullable<AddPaperInput['visibility']>;
const formatLabels: Record<BibliographyFormat | 'auto', string> = {
  auto: 'Recognise it',
  bibtex: 'BibTeX',
  ris: 'RIS',
  'csl-json': 'CSL-JSON',
};
const statusLabels = { new: 'New', duplicate: 'Already here', invalid: 'Invalid' } as const;

interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  projects: ResearchHome['projects'];
}

/** Imports a bibliography (BibTeX, RIS, CSL-JSON): pasted or from a file, previewed, then imported. */
export function ImportDialog({ open, onClose, projects }: ImportDialogProps) {
  return (
    <SheetDialog open={open} onClose={onClose} aria-labelledby="import-title" fullWidth maxWidth="md">
      {open ? <ImportForm onClose={onClose} projects={projects} /> : null}
    </SheetDialog>
  );
}

function ImportForm({ onClose, projects }: Omit<ImportDialogProps, 'open'>) {
  const refresh = useRefreshResearch();
  const fileInput = useRef<HTMLInputElement>(null);
  const helpId = useId();
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [format, setFormat] = useState<BibliographyFormat | 'auto'>('auto');
  const [addToQueue, setAddToQueue] = useState(true);
  const [projectId, setProjectId] = useState('');
  const [visibility, setVisibility] = useState<Visibility>('public');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const request = (): ImportRequest => ({
    text,
    ...(format === 'auto' ? {} : { format }),
    visibility,
    addToQueue,
    ...(projectId ? { projectId } : {}),
  });

  // Any change to what would be imported makes the preview stale.
  const changeText = (value: string, name: string | null) => {
    setText(value);
    setFileName(name);
    setPreview(null);
    setResult(null);
  };

  const chooseFile = async (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    if (file.size > IMPORT_MAX_BYTES) {
      setProblem(`${file.name} is over 5 MB. Split it into smaller files.`);
      return;
    }
    changeText(await file.text(), file.name);
  };

  const act = async (step: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await step();
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const showPreview = () =>
    act(async () => {
      setPreview(await previewImport(request()));
    });

  const runImport = () =>
    act(async () => {
      setResult(await importPapers(request()));
      await refresh();
    });

  return (
    <>
      <DialogTitle id="import-title">Import papers</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <Typography id={helpId} variant="body2" color="text.secondary">
          Paste a bibliography or choose a .bib, .ris or .json file. Nothing is added until you press Import.
        </Typography>
        <TextField
          label="Bibliography"
          value={text}
          onChange={(event) => changeText(event.target.value, null)}
          multiline
          minRows={5}
          maxRows={12}
          slotProps={{ htmlInput: { 'aria-describedby': helpId, spellCheck: false } }}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <input
            ref={fileInput}
            type="file"
            accept=".bib,.ris,.json,.txt,application/json,text/plain"
            hidden
            aria-label="Bibliography file"
            onChange={(event) => void chooseFile(event.target.files?.[0])}
          />
          <Button variant="outlined" onClick={() => fileInput.current?.click()}>
            Choose a file
          </Button>
          {fileName ? <Typography variant="body2">{fileName}</Typography> : null}
          <TextField
            select
            size="small"
            label="Format"
            value={format}
            onChange={(event) => {
              setFormat(event.target.value as BibliographyFormat | 'auto');
              setPreview(null);
            }}
            sx={{ minWidth: 160 }}
          >
            {(Object.keys(formatLabels) as (BibliographyFormat | 'auto')[]).map((value) => (
              <MenuItem key={value} value={value}>
                {formatLabels[value]}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        {problem ? <Alert severity="error">{problem}</Alert> : null}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <FormControlLabel
            control={
              <Checkbox checked={addToQueue} onChange={(event) => setAddToQueue(event.target.checked)} />
            }
            label="Add to my reading queue"
          />
          <TextField
            select
            size="small"
            label="Add to a project"
            value={projectId}
            onChange={(event) => setProjectId(event.target.value)}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="">No project</MenuItem>
            {projects.map((project) => (
              <MenuItem key={project.id} value={project.id}>
                {project.title}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label="Who can see new papers"
            value={visibility}
            onChange={(event) => setVisibility(event.target.value as Visibility)}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="public">Public</MenuItem>
            <MenuItem value="unlisted">Unlisted</MenuItem>
            <MenuItem value="private">Private</MenuItem>
          </TextField>
        </Box>
        {failure ? <Alert severity="error">{errorSentence(failure)}</Alert> : null}
        {result ? (
          <Alert severity="success" role="status">
            {importSummary(result)}.
          </Alert>
        ) : null}
        {preview && !result ? <PreviewList preview={preview} /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{result ? 'Close' : 'Cancel'}</Button>
        {result ? null : (
          <>
            <Button
              variant="outlined"
              disabled={busy || text.trim() === ''}
              onClick={() => void showPreview()}
            >
              Preview
            </Button>
            <Button
              variant="contained"
              disabled={busy || preview === null || preview.counts.new + preview.counts.duplicate === 0}
              onClick={() => void runImport()}
            >
              Import
            </Button>
          </>
        )}
      </DialogActions>
    </>
  );
}

function PreviewList({ preview }: { preview: ImportPreview }) {
  return (
    <Box component="section" aria-labelledby="import-preview-title">
      <Typography id="import-preview-title" variant="h3" component="h3" sx={{ fontSize: '1rem', mb: 0.5 }}>
        Preview ({formatLabels[preview.format]})
      </Typography>
      <Typography role="status" sx={{ mb: 1 }}>
        {previewSummary(preview.counts)}
      </Typography>
      <Box
        component="ul"
        aria-label="Entries of the file"
        sx={{ listStyle: 'none', m: 0, p: 0, maxHeight: 320, overflow: 'auto' }}
      >
        {preview.entries.map((entry) => (
          <Box
            component="li"
            key={`${entry.line}-${entry.status}`}
            sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider' }}
          >
            <Typography
              variant="body2"
              component="span"
              sx={{ fontWeight: 600, mr: 1, color: entry.status === 'invalid' ? 'error.main' : undefined }}
            >
              {statusLabels[entry.status]}
            </Typography>
            {entry.status === 'invalid' ? (
              <Typography variant="body2" component="span">
                Line {entry.line}: {entry.reason}
              </Typography>
            ) : (
              <Typography variant="body2" component="span" sx={{ overflowWrap: 'anywhere' }}>
                {entry.paper.title}
                {entry.paper.year ? ` (${entry.paper.year})` : ''}
                {entry.status === 'duplicate' ? (
                  entry.existingId ? (
                    <>
                      {' — '}
                      <Link component={RouterLink} to={paperPagePath(entry.existingId)}>
                        the paper already here
                      </Link>
                    </>
                  ) : (
                    ' — repeats an earlier entry of this file'
                  )
                ) : null}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
