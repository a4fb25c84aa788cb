import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../components/page-header.tsx';
import { TextLink } from '../../components/text-link.tsx';

export function ResearchCenterPage() {
  return (
    <Box component="section" aria-labelledby="section-title">
      <PageHeader title="Research centre" guideAnchor="research" />
      <Typography sx={{ maxWidth: 760 }}>
        The research centre gathers paper cards chosen and summarised by the community, organised by topic,
        with reading lists that lead from the foundations of a field to its latest work. Each paper card gives
        the question the paper asks, what it found and how it connects to other cards, with a link to the
        paper itself. Add any paper to your own reading queue with one click.
      </Typography>
      <Typography sx={{ mt: 2 }}>
        Your own queue lives in <TextLink to="/research">Research</TextLink>.
      </Typography>
    </Box>
  );
}
