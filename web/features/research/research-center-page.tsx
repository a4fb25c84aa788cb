import Typography from '@mui/material/Typography';
import { SectionIntro } from '../../components/section-intro.tsx';
import { TextLink } from '../../components/text-link.tsx';

export function ResearchCenterPage() {
  return (
    <SectionIntro
      title="Research centre"
      guideAnchor="research"
      description="The research centre gathers paper cards chosen and summarised by the community, organised by topic, with reading lists that lead from the foundations of a field to its latest work. Each paper card gives the question the paper asks, what it found and how it connects to other cards, with a link to the paper itself. Add any paper to your own reading queue with one click."
    >
      <Typography sx={{ mt: 2 }}>
        Your own queue lives in <TextLink to="/research">Research</TextLink>.
      </Typography>
    </SectionIntro>
  );
}
