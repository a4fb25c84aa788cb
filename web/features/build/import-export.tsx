import { useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ApiError } from '../../lib/api.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { buildQueryRoot, importCards } from './api.ts';

const maxFiles = 100;
const maxCharacters = 60_000;

/**
 * Bulk import of Markdown files (front matter gives title, type and tags) into drafts, and export of every
 * card as Markdown in a zip. The server takes all the files or none, and names each problem by file.
 */
export function ImportExport() {
  const headingId = useId();
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);

  const importFiles = async (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (files.length === 0) return;
    setNotice(null);
    setProblems([]);
    if (files.length > maxFiles) {
      setProblems([`Choose at most ${maxFiles} files at a time.`]);
      return;
    }
    setBusy(true);
    try {
      const read = await Promise.all(
        files.map(async (file) => ({ name: file.name, text: await file.text() })),
      );
      const tooLong = read.filter((file) => file.text.length > maxCharacters);
      if (tooLong.length > 0) {
        setProblems([
          'Nothing was imported. These files are longer than a card can be:',
          ...tooLong.map(
            (file) => `${file.name}: more than ${maxCharacters.toLocaleString('en')} characters`,
          ),
        ]);
        return;
      }
      const { items } = await importCards({ files: read });
      setNotice(
        items.length === 1
          ? `“${items[0]!.title}” is now a draft.`
          : `${items.length} files are now drafts: ${items.map((item) => item.title).join(', ')}.`,
      );
      await queryClient.invalidateQueries({ queryKey: buildQueryRoot });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : [];
      setProblems(
        fields.length > 0
          ? [
              'Nothing was imported. Correct these files and try again:',
              ...fields.map((field) => field.message),
            ]
          : [errorSentence(error)],
      );
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4, maxWidth: 760 }}>
      <Typography id={headingId} variant="h6" component="h3" sx={{ fontWeight: 600 }}>
        Import and export
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Import Markdown files as drafts: front matter between <code>---</code> lines may give the title, type
        and tags; a file without it becomes a note titled by its first heading. Export keeps every card you
        wrote as a Markdown file in one zip.
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        <input
          ref={input}
          type="file"
          accept=".md,.markdown,.txt,text/markdown,text/plain"
          multiple
          hidden
          aria-label="Markdown files to import"
          onChange={(event) => void importFiles(event.target.files)}
        />
        <Button
          variant="outlined"
          startIcon={<UploadFileIcon />}
          disabled={busy}
          onClick={() => input.current?.click()}
        >
          {busy ? 'Importing…' : 'Import Markdown files'}
        </Button>
        <Button variant="outlined" startIcon={<DownloadIcon />} href="/api/cards/export" download>
          Export all cards (zip)
        </Button>
      </Box>
      <Box role="status" sx={{ mt: notice ? 2 : 0 }}>
        {notice ? <Alert severity="success">{notice}</Alert> : null}
      </Box>
      {problems.length > 0 ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {problems[0]}
          {problems.length > 1 ? (
            <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
              {problems.slice(1).map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </Box>
          ) : null}
        </Alert>
      ) : null}
    </Box>
  );
}
