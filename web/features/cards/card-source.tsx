import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Card } from '../../../contracts/cards.ts';
import { pdfReaderPath } from '../../../contracts/pdfs.ts';
import { TextLink } from '../../components/text-link.tsx';
import { errorSentence } from '../../lib/error-sentence.ts';
import { pdfLibraryQuery, pdfsQueryRoot, updatePdf } from '../../lib/pdfs-api.ts';
import { useSession } from '../../lib/session.ts';
import { cardQueryKey } from './api.ts';

/** "From <paper>, p. N" on a card made from a PDF highlight; the link back is its author's alone. */
export function CardSource({ card }: { card: Card }) {
  const { source } = card;
  if (!source) return null;
  const place = `${source.paperTitle}, p. ${source.page}`;
  return (
    <Typography sx={{ mt: 1 }}>
      From{' '}
      {source.href ? (
        <TextLink to={source.href}>{place}</TextLink>
      ) : (
        <Box component="cite" title={source.citation}>
          {place}
        </Box>
      )}
    </Typography>
  );
}

/**
 * On its author's paper card: the PDF of the paper in their library, or a way to attach one of their PDFs
 * (the library can attach the card from the other side too).
 */
export function PaperPdf({ card, readerKey }: { card: Card; readerKey: string | undefined }) {
  if (!card.isOwner || card.type !== 'paper') return null;
  if (card.attachedPdf) {
    return (
      <Typography sx={{ mt: 1 }}>
        PDF in your library:{' '}
        <TextLink to={pdfReaderPath(card.attachedPdf.id)}>{card.attachedPdf.title}</TextLink>
      </Typography>
    );
  }
  return <AttachPdf card={card} readerKey={readerKey} />;
}

function AttachPdf({ card, readerKey }: { card: Card; readerKey: string | undefined }) {
  const { user } = useSession();
  const owner = user?.uid ?? null;
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState('');
  const labelId = useId();
  const queryClient = useQueryClient();
  const library = useQuery({ ...pdfLibraryQuery(owner), enabled: open && owner !== null });
  const attach = useMutation({
    mutationFn: (pdfId: string) => updatePdf(pdfId, { paperCardId: card.id }),
    onSuccess: async () => {
      setOpen(false);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: cardQueryKey(card.id, readerKey) }),
        queryClient.invalidateQueries({ queryKey: pdfsQueryRoot }),
      ]);
    },
  });
  if (!open) {
    return (
      <Button size="small" sx={{ mt: 1 }} onClick={() => setOpen(true)}>
        Attach a PDF from your library
      </Button>
    );
  }
  const items = library.data?.items ?? [];
  return (
    <Box
      component="form"
      aria-labelledby={labelId}
      sx={{ mt: 1, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen) attach.mutate(chosen);
      }}
    >
      <Typography id={labelId} variant="body2">
        Attach a PDF to this paper
      </Typography>
      {library.isError ? <Alert severity="error">{errorSentence(library.error)}</Alert> : null}
      {library.data && items.length === 0 ? (
        <Typography variant="body2">
          Your <TextLink to="/learn/pdf-library">PDF library</TextLink> is empty.
        </Typography>
      ) : (
        <TextField
          select
          size="small"
          label="PDF"
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
          sx={{ minWidth: 240 }}
          disabled={!library.data}
        >
          {items.map((pdf) => (
            <MenuItem key={pdf.id} value={pdf.id}>
              {pdf.title}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Button type="submit" variant="contained" size="small" disabled={!chosen || attach.isPending}>
        Attach
      </Button>
      <Button size="small" onClick={() => setOpen(false)}>
        Cancel
      </Button>
      {attach.isError ? (
        <Alert severity="error" sx={{ width: '100%' }}>
          {errorSentence(attach.error)}
        </Alert>
      ) : null}
    </Box>
  );
}
