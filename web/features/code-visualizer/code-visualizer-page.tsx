import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { PageHeader } from '../../components/page-header.tsx';

export function CodeVisualizerPage() {
  return (
    <Box component="section" aria-labelledby="section-title">
      <PageHeader title="Code visualiser" guideAnchor="code-visualiser" />
      <Typography sx={{ maxWidth: 760 }}>
        The code visualiser draws code so you can understand it faster. Paste code or pick a file from a
        repository you extracted, then look at it as an outline, as a syntax tree (select a node to highlight
        its code, or select code to find its node), as a call graph, as a graph of the dependencies between
        modules, or as control flow. Export any view to share it or put it on a card.
      </Typography>
    </Box>
  );
}
