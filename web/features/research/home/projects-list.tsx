import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import type { ResearchHome } from '../../../../contracts/research.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { SheetDialog } from '../../../components/sheet-dialog.tsx';
import { ApiError } from '../../../lib/api.ts';
import { errorSentence } from '../../../lib/error-sentence.ts';
import { formatRelative } from '../../../lib/relative-time.ts';
import { createProject } from '../../../lib/research-api.ts';
import { projectPath } from './paths.ts';
import { useRefreshResearch } from './use-refresh-research.ts';

/** The person's projects (a question and the papers that answer it), newest change first, and "New project". */
export function ProjectsList({ projects }: { projects: ResearchHome['projects'] }) {
  const [open, setOpen] = useState(false);
  const sorted = [...projects].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  const newButton = (
    <Button variant="outlined" onClick={() => setOpen(true)}>
      New project
    </Button>
  );
  return (
    <Box>
      {sorted.length === 0 ? (
        <EmptyState icon={<FolderOutlinedIcon />} action={newButton}>
          A project gathers the papers that answer one question, with an annotation on each, a map of how they
          cite each other and an annotated bibliography to export.
        </EmptyState>
      ) : (
        <>
          <Box component="ul" aria-label="Your projects" sx={{ listStyle: 'none', m: 0, p: 0, mb: 2 }}>
            {sorted.map((project) => (
              <Box component="li" key={project.id} sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
                <Link component={RouterLink} to={projectPath(project.id)} sx={{ fontWeight: 600 }}>
                  {project.title}
                </Link>
                {project.question ? (
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {project.question}
                  </Typography>
                ) : null}
                <Typography variant="body2" color="text.secondary">
                  {project.paperCount === 1 ? '1 paper' : `${project.paperCount} papers`} · updated{' '}
                  <time dateTime={project.updatedAt} title={new Date(project.updatedAt).toLocaleString('en')}>
                    {formatRelative(project.updatedAt)}
                  </time>
                </Typography>
              </Box>
            ))}
          </Box>
          {newButton}
        </>
      )}
      <NewProjectDialog open={open} onClose={() => setOpen(false)} />
    </Box>
  );
}

function NewProjectDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const refresh = useRefreshResearch();
  const [title, setTitle] = useState('');
  const [question, setQuestion] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      const project = await createProject({ title, question });
      await refresh();
      void navigate(projectPath(project.id));
    } catch (error) {
      setFailure(error);
      setBusy(false);
    }
  };
  const titleError = failure instanceof ApiError ? failure.fieldMessage('title') : undefined;

  return (
    <SheetDialog open={open} onClose={onClose} aria-labelledby="new-project-title" fullWidth maxWidth="sm">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="new-project-title">New project</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <TextField
            label="Name"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            required
            autoFocus
            error={titleError !== undefined}
            helperText={titleError}
          />
          <TextField
            label="Question"
            value={question}
            onChange={(event) => setQuestion(event.target.value)}
            multiline
            minRows={2}
            helperText="What the papers of this project should answer."
          />
          {failure && titleError === undefined ? (
            <Alert severity="error">{errorSentence(failure)}</Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy || title.trim() === ''}>
            Create project
          </Button>
        </DialogActions>
      </form>
    </SheetDialog>
  );
}
