import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { pdfReaderPath, readStatusLabels, type PdfDocument } from '../../../../contracts/pdfs.ts';
import { authorsLine, continuePage, countOf } from './format.ts';

/** What a PDF's text extraction means for search, when it is not simply done. */
export function textStatusNote(document: Pick<PdfDocument, 'textStatus'>): string | null {
  switch (document.textStatus) {
    case 'pending':
      return 'Indexing text…';
    case 'no-text':
      return 'Scanned pages: search will not find its text';
    case 'failed':
      return 'Its text could not be read: search will not find it';
    case 'extracted':
      return null;
  }
}

interface PdfListProps {
  items: readonly PdfDocument[];
  selected: ReadonlySet<string>;
  onToggle: (id: string, selected: boolean) => void;
  onEdit: (document: PdfDocument) => void;
  onDelete: (document: PdfDocument) => void;
  onTag: (tag: string) => void;
}

/**
 * The PDFs of the library, one row each: a box to select it for export, its title (the link to the reader),
 * authors, year, pages, read status, tags and what was made from it, "Continue at p. N" where the person left
 * off, and the edit and delete actions.
 */
export const PdfList = memo(function PdfList({
  items,
  selected,
  onToggle,
  onEdit,
  onDelete,
  onTag,
}: PdfListProps) {
  return (
    <Box component="ul" aria-label="Your PDFs" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {items.map((document) => (
        <PdfRow
          key={document.id}
          document={document}
          selected={selected.has(document.id)}
          onToggle={onToggle}
          onEdit={onEdit}
          onDelete={onDelete}
          onTag={onTag}
        />
      ))}
    </Box>
  );
});

function PdfRow({
  document,
  selected,
  onToggle,
  onEdit,
  onDelete,
  onTag,
}: Omit<PdfListProps, 'items' | 'selected'> & { document: PdfDocument; selected: boolean }) {
  const page = continuePage(document);
  const note = textStatusNote(document);
  const facts = [
    authorsLine(document.authors),
    document.year ? String(document.year) : '',
    document.pageCount > 0 ? countOf(document.pageCount, 'page', 'pages') : '',
  ].filter(Boolean);
  const made = [
    document.highlightCount > 0 ? countOf(document.highlightCount, 'highlight', 'highlights') : '',
    document.cardCount > 0 ? countOf(document.cardCount, 'card', 'cards') : '',
  ].filter(Boolean);

  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Checkbox
        checked={selected}
        onChange={(event) => onToggle(document.id, event.target.checked)}
        slotProps={{ input: { 'aria-label': `Select ${document.title}` } }}
        sx={{ mt: -0.5 }}
      />
      <Box sx={{ flex: 1, minWidth: 0, display: 'grid', gap: 0.5 }}>
        <Link
          component={RouterLink}
          to={pdfReaderPath(document.id)}
          sx={{ fontWeight: 600, overflowWrap: 'anywhere', justifySelf: 'start' }}
        >
          {document.title}
        </Link>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
          {facts.length > 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {facts.join(' · ')}
            </Typography>
          ) : null}
          <Chip
            size="small"
            variant={document.status === 'reading' ? 'filled' : 'outlined'}
            label={readStatusLabels[document.status]}
          />
        </Box>
        {document.tags.length > 0 ? (
          <Box
            component="ul"
            aria-label={`Tags of ${document.title}`}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, listStyle: 'none', p: 0, m: 0 }}
          >
            {document.tags.map((tag) => (
              <li key={tag}>
                <Chip
                  size="small"
                  label={`#${tag}`}
                  onClick={() => onTag(tag)}
                  aria-label={`#${tag}: show the PDFs with this tag`}
                />
              </li>
            ))}
          </Box>
        ) : null}
        {made.length > 0 || page || note ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.25 }}>
            {page ? (
              <Link
                component={RouterLink}
                to={pdfReaderPath(document.id, page)}
                variant="body2"
                aria-label={`Continue at p. ${page}: ${document.title}`}
              >
                Continue at p. {page}
              </Link>
            ) : null}
            {made.length > 0 ? (
              <Typography variant="body2" color="text.secondary">
                {made.join(' · ')}
              </Typography>
            ) : null}
            {note ? (
              <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
                {note}
              </Typography>
            ) : null}
          </Box>
        ) : null}
      </Box>
      <Box sx={{ display: 'flex', flexShrink: 0 }}>
        <IconButton aria-label={`Edit the details of ${document.title}`} onClick={() => onEdit(document)}>
          <EditOutlinedIcon />
        </IconButton>
        <IconButton aria-label={`Delete ${document.title}`} onClick={() => onDelete(document)}>
          <DeleteOutlineIcon />
        </IconButton>
      </Box>
    </Box>
  );
}
