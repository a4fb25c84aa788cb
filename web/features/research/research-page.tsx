import Typography from '@mui/material/Typography';
import { SectionIntro } from '../../components/section-intro.tsx';
import { TextLink } from '../../components/text-link.tsx';

export function ResearchPage() {
  return (
    <SectionIntro
      title="Research"
      guideAnchor="research"
      description="Research is your own reading queue. Sort papers into to read, reading and read; keep notes on each one as you go, turn the notes into cards, and export what you have read with its references."
    >
      <Typography sx={{ mt: 2 }}>
        Find papers to add in the <TextLink to="/research_center">research centre</TextLink>.
      </Typography>
    </SectionIntro>
  );
}
