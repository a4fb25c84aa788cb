import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PdfDocument } from '../../../../contracts/pdfs.ts';
import { TextLink } from '../../../components/text-link.tsx';
import { errorSentence } from '../../../lib/error-sentence.ts';
import {
  makePaperCard,
  paperCardsQuery,
  pdfOwnerOf,
  pdfsQueryRoot,
  updatePdf,
} from '../../../lib/pdfs-api.ts';
import { useSession } from '../../../lib/session.ts';

type PaperCard = NonNullable<PdfDocument['paperCard']>;

/**
 * The PDF's paper card, changed at once (not with the dialog's Save): attach one of the person's paper cards,
 * make a new one from the PDF's details, or detach it.
 */
export function PaperCardField({ document }: { document: PdfDocument }) {
  const { user } = useSession();
  const owner = pdfOwnerOf(user);
  const labelId = useId();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState<PaperCard | null>(document.paperCard);
  const [search, setSearch] = useState('');
  const options = useQuery({ ...paperCardsQuery(owner, search.trim()), enabled: current === null });
  const change = useMutation({
    mutationFn: (action: { attach: string | null } | 'make') =>
      action === 'make' ? makePaperCard(document.id) : updatePdf(document.id, { paperCardId: action.attach }),
    onSuccess: async (saved) => {
      setCurrent(saved.paperCard);
      await queryClient.invalidateQueries({ queryKey: pdfsQueryRoot });
    },
  });

  return (
    <Box component="section" aria-labelledby={labelId}>
      <Typography id={labelId} variant="subtitle2" component="h3" gutterBottom>
        Paper card
      </Typography>
      {current ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <TextLink to={`/cards/${current.id}`}>{current.title}</TextLink>
          <Button size="small" onClick={() => change.mutate({ attach: null })} disabled={change.isPending}>
            Detach
          </Button>
        </Box>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Autocomplete
            sx={{ flex: '1 1 240px' }}
            options={options.data?.items ?? []}
            getOptionLabel={(option) => option.title}
            filterOptions={(all) => all}
            loading={options.isFetching}
            noOptionsText={search ? 'No paper card has that title' : 'Type a paper’s title'}
            onInputChange={(_event, value) => setSearch(value)}
            onChange={(_event, chosen) => {
              if (chosen) change.mutate({ attach: chosen.id });
            }}
            renderInput={(params) => <TextField {...params} label="Attach a paper card" size="small" />}
          />
          <Button size="small" onClick={() => change.mutate('make')} disabled={change.isPending}>
            Make a paper card
          </Button>
        </Box>
      )}
      {change.isError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorSentence(change.error)}
        </Alert>
      ) : null}
    </Box>
  );
}
