import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { citationFormats, type CitationFormat, type PdfCollection } from '../../../../contracts/pdfs.ts';
import { SheetDialog } from '../../../components/sheet-dialog.tsx';
import { pdfExportUrl } from '../../../lib/pdfs-api.ts';
import { countOf } from './format.ts';

/** The formats' names, with what opens them. */
const formatNames: Record<CitationFormat, { name: string; use: string }> = {
  bibtex: { name: 'BibTeX', use: 'LaTeX, JabRef' },
  ris: { name: 'RIS', use: 'Zotero, Mendeley, EndNote' },
  'csl-json': { name: 'CSL-JSON', use: 'Pandoc, Zotero' },
};

/** What an export takes: the PDFs ticked in the list, one collection, or the whole library. */
export type ExportScope = 'selection' | 'collection' | 'library';

/**
 * Exports references: the selected PDFs, a collection or the whole library, as BibTeX, RIS or CSL-JSON. Each
 * format is a plain download link (the server names the file), so the browser saves it as any download.
 */
export function ExportDialog({
  open,
  onClose,
  selectedIds,
  collections,
  startScope,
  startCollection,
}: {
  open: boolean;
  onClose: () => void;
  selectedIds: readonly string[];
  collections: readonly PdfCollection[];
  /** What the dialog offers first: the selection when there is one, the filtered collection, else all. */
  startScope: ExportScope;
  startCollection: string;
}) {
  return (
    <SheetDialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>Export references</DialogTitle>
      {/* Mounted only while open, so each opening starts from the page as it is now. */}
      {open ? (
        <ExportChoices
          selectedIds={selectedIds}
          collections={collections}
          startScope={startScope}
          startCollection={startCollection}
        />
      ) : null}
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </SheetDialog>
  );
}

function ExportChoices({
  selectedIds,
  collections,
  startScope,
  startCollection,
}: {
  selectedIds: readonly string[];
  collections: readonly PdfCollection[];
  startScope: ExportScope;
  startCollection: string;
}) {
  const scopeId = useId();
  const [scope, setScope] = useState<ExportScope>(startScope);
  const [collection, setCollection] = useState(startCollection || (collections[0]?.id ?? ''));

  const target =
    scope === 'selection' ? { ids: [...selectedIds] } : scope === 'collection' ? { collection } : {};
  const ready =
    scope === 'selection' ? selectedIds.length > 0 : scope === 'collection' ? collection !== '' : true;

  return (
    <DialogContent dividers>
      <FormControl>
        <FormLabel id={scopeId}>What to export</FormLabel>
        <RadioGroup
          aria-labelledby={scopeId}
          value={scope}
          onChange={(event) => setScope(event.target.value as ExportScope)}
        >
          <FormControlLabel
            value="selection"
            disabled={selectedIds.length === 0}
            control={<Radio />}
            label={
              selectedIds.length === 0
                ? 'The selected PDFs (tick some in the list first)'
                : `The selected ${countOf(selectedIds.length, 'PDF', 'PDFs')}`
            }
          />
          <FormControlLabel
            value="collection"
            disabled={collections.length === 0}
            control={<Radio />}
            label={collections.length === 0 ? 'A collection (you have none yet)' : 'A collection'}
          />
          <FormControlLabel value="library" control={<Radio />} label="The whole library" />
        </RadioGroup>
      </FormControl>
      {scope === 'collection' && collections.length > 0 ? (
        <TextField
          select
          label="Collection to export"
          value={collection}
          onChange={(event) => setCollection(event.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          fullWidth
          sx={{ mt: 2 }}
        >
          {collections.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name} ({countOf(item.documentCount, 'PDF', 'PDFs')})
            </option>
          ))}
        </TextField>
      ) : null}
      <Typography variant="subtitle2" component="h3" sx={{ mt: 3, mb: 1 }}>
        Download as
      </Typography>
      <Box
        component="ul"
        aria-label="Export formats"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
      >
        {citationFormats.map((format) => (
          <Box
            component="li"
            key={format}
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
          >
            {ready ? (
              <Button
                component="a"
                href={pdfExportUrl(format, target)}
                download
                variant="outlined"
                startIcon={<DownloadIcon />}
                aria-label={`Download ${formatNames[format].name}`}
              >
                {formatNames[format].name}
              </Button>
            ) : (
              <Button
                variant="outlined"
                disabled
                startIcon={<DownloadIcon />}
                aria-label={`Download ${formatNames[format].name}`}
              >
                {formatNames[format].name}
              </Button>
            )}
            <Typography variant="body2" color="text.secondary">
              for {formatNames[format].use}
            </Typography>
          </Box>
        ))}
      </Box>
    </DialogContent>
  );
}
