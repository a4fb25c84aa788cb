import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { PageHeader } from '../../components/page-header.tsx';

export function PdfLibraryPage() {
  return (
    <Box component="section" aria-labelledby="section-title">
      <PageHeader title="PDF library" guideAnchor="learn" />
      <Typography sx={{ maxWidth: 760 }}>
        The PDF library keeps the papers, books and notes you upload. Read them right in the browser,
        highlight passages and write notes beside them, and search the full text of everything in your
        library. Turn any highlight into a card in one step, with its source and page kept, and export your
        references as BibTeX for your own writing.
      </Typography>
    </Box>
  );
}
