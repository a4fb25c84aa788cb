import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../components/page-header.tsx';
import { TextLink } from '../../components/text-link.tsx';

export function ResearchPage() {
  return (
    <Box component="section" aria-labelledby="section-title">
      <PageHeader title="Research" guideAnchor="research" />
      <Typography sx={{ maxWidth: 760 }}>
        Research is your own reading queue. Sort papers into to read, reading and read; keep notes on each one
        as you go, turn the notes into cards, and export what you have read with its references.
      </Typography>
      <Typography sx={{ mt: 2 }}>
        Find papers to add in the <TextLink to="/research_center">research centre</TextLink>.
      </Typography>
    </Box>
  );
}
