import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { citationStyleNames, citationStyles, type CitationStyle } from '../../../../contracts/research.ts';
import { QueryError } from '../../../components/query-error.tsx';
import { SheetDialog } from '../../../components/sheet-dialog.tsx';
import { citePaper, researchViewerKey, useResearchViewer } from '../../../lib/research-api.ts';
import { CopyTextButton } from './copy-text-button.tsx';

/** Cite: the paper's reference in each of the four styles (a tab each) and its BibTeX, each with Copy. */
export function CiteDialog({
  paperId,
  open,
  onClose,
}: {
  paperId: string;
  open: boolean;
  onClose: () => void;
}) {
  const id = useId();
  const viewer = useResearchViewer();
  const [style, setStyle] = useState<CitationStyle>('apa');
  const cite = useQuery({
    queryKey: [...researchViewerKey(viewer), 'cite', paperId, style] as const,
    queryFn: () => citePaper(paperId, style),
    enabled: open,
  });
  return (
    <SheetDialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <DialogTitle id={`${id}-title`}>Cite this paper</DialogTitle>
      <DialogContent>
        <Tabs
          value={style}
          onChange={(_, value: CitationStyle) => setStyle(value)}
          aria-label="Citation style"
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {citationStyles.map((entry) => (
            <Tab
              key={entry}
              value={entry}
              label={citationStyleNames[entry]}
              id={`${id}-tab-${entry}`}
              aria-controls={`${id}-panel`}
            />
          ))}
        </Tabs>
        <Box id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${style}`} sx={{ pt: 2 }}>
          {cite.isPending ? (
            <CircularProgress size={24} aria-label="Loading the reference" />
          ) : cite.isError ? (
            <QueryError
              error={cite.error}
              lead="The reference could not be made."
              onRetry={() => void cite.refetch()}
            />
          ) : (
            <>
              <Typography sx={{ overflowWrap: 'anywhere', userSelect: 'all' }} data-testid="cite-text">
                {cite.data.text}
              </Typography>
              <CopyTextButton
                text={cite.data.text}
                label={`Copy the ${citationStyleNames[style]} reference`}
              />
              <Typography variant="subtitle1" component="h3" sx={{ mt: 3, fontWeight: 600 }}>
                BibTeX
              </Typography>
              <Box
                component="pre"
                tabIndex={0}
                aria-label="BibTeX entry"
                sx={{
                  m: 0,
                  p: 1.5,
                  overflowX: 'auto',
                  bgcolor: 'action.hover',
                  borderRadius: 1,
                  fontSize: 13,
                }}
              >
                {cite.data.bibtex}
              </Box>
              <CopyTextButton text={cite.data.bibtex} label="Copy the BibTeX entry" />
            </>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </SheetDialog>
  );
}
