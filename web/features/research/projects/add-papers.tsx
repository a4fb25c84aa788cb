import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { QueryError } from '../../../components/query-error.tsx';
import { papersQuery, useResearchViewer } from '../../../lib/research-api.ts';
import { paperByline } from '../home/queue-order.ts';

interface AddPapersProps {
  /** The papers already in the project, whose "Add" is off. */
  inProject: ReadonlySet<string>;
  onAdd: (paperId: string) => void;
  adding: string | null;
}

/** Finds papers in CARD WEB by words, title, author or DOI, and adds them to the project. */
export function AddPapers({ inProject, onAdd, adding }: AddPapersProps) {
  const viewer = useResearchViewer();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const results = useQuery({
    ...papersQuery(viewer, { q, limit: 10 }),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <TextField
        type="search"
        label="Find papers to add"
        value={text}
        onChange={(event) => setText(event.target.value)}
        helperText="Words of the title, an author, a DOI or an arXiv id."
      />
      {q === '' ? null : results.isError ? (
        <QueryError error={results.error} onRetry={() => void results.refetch()} />
      ) : results.data ? (
        results.data.items.length === 0 ? (
          <Typography color="text.secondary">
            No paper matches “{q}”. Add it from your research home first.
          </Typography>
        ) : (
          <Box component="ul" aria-label="Papers found" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {results.data.items.map((paper) => (
              <Box
                component="li"
                key={paper.id}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  py: 0.75,
                  borderBottom: 1,
                  borderColor: 'divider',
                }}
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ overflowWrap: 'anywhere' }}>{paper.title}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {paperByline(paper)}
                  </Typography>
                </Box>
                <Button
                  size="small"
                  variant="outlined"
                  disabled={inProject.has(paper.id) || adding === paper.id}
                  onClick={() => onAdd(paper.id)}
                  aria-label={
                    inProject.has(paper.id) ? `${paper.title} is in the project` : `Add ${paper.title}`
                  }
                >
                  {inProject.has(paper.id) ? 'Added' : 'Add'}
                </Button>
              </Box>
            ))}
          </Box>
        )
      ) : null}
    </Box>
  );
}
