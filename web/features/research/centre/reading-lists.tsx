import { useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import {
  bibliographyFormats,
  citationStyleNames,
  citationStyles,
  type BibliographyFormat,
  type CitationStyle,
  type ReadingList,
} from '../../../../contracts/research.ts';
import { exportHref } from '../../../lib/research-api.ts';
import { PaperItem } from './paper-item.tsx';

const formatNames: Record<BibliographyFormat, string> = {
  bibtex: 'BibTeX',
  ris: 'RIS',
  'csl-json': 'CSL-JSON',
};

/** Every export of a list: the three files, then the four reference-list styles. */
export const exportChoices: { format: BibliographyFormat | CitationStyle; label: string }[] = [
  ...bibliographyFormats.map((format) => ({ format, label: formatNames[format] })),
  ...citationStyles.map((style) => ({ format: style, label: `${citationStyleNames[style]} references` })),
];

/** A list's Export button and its menu of downloads. */
export function ExportMenu({ list }: { list: ReadingList }) {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        size="small"
        startIcon={<FileDownloadOutlinedIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        aria-label={`Export “${list.title}”`}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ minHeight: 44 }}
      >
        Export
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {exportChoices.map((choice) => (
          <MenuItem
            key={choice.format}
            component="a"
            href={exportHref({ listId: list.id }, choice.format)}
            download
            onClick={() => setAnchor(null)}
          >
            {choice.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/**
 * One reading list: its title, description and papers in order, each with the editor's note on why to read it.
 * `actions` holds the editor's buttons for it.
 */
export function ReadingListView({ list, actions }: { list: ReadingList; actions?: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
        <Typography
          id={headingId}
          variant="h6"
          component="h3"
          sx={{ flex: '1 1 14rem', overflowWrap: 'anywhere' }}
        >
          {list.title}
        </Typography>
        <ExportMenu list={list} />
        {actions}
      </Box>
      {list.description ? <Typography sx={{ mb: 1 }}>{list.description}</Typography> : null}
      {list.items.length === 0 ? (
        <Typography color="text.secondary">This list has no paper yet.</Typography>
      ) : (
        <Box
          component="ol"
          aria-labelledby={headingId}
          sx={{ m: 0, pl: 3, display: 'grid', gap: 1.5, '& > li::marker': { fontWeight: 600 } }}
        >
          {list.items.map((item) => (
            <li key={item.paper.id}>
              <PaperItem paper={item.paper} heading="h4">
                {item.note ? (
                  <Typography variant="body2" sx={{ mt: 0.5, fontStyle: 'italic', overflowWrap: 'anywhere' }}>
                    <Box component="span" sx={{ fontStyle: 'normal', fontWeight: 600 }}>
                      Why read it:
                    </Box>{' '}
                    {item.note}
                  </Typography>
                ) : null}
              </PaperItem>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
