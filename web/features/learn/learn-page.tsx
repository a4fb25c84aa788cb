import Typography from '@mui/material/Typography';
import { SectionIntro } from '../../components/section-intro.tsx';
import { TextLink } from '../../components/text-link.tsx';

export function LearnPage() {
  return (
    <SectionIntro
      title="Learn"
      guideAnchor="learn"
      description="Learn is your study dashboard: the reviews due today, the classes you are enrolled in and where you left off in each, and the PDFs you read most recently, together on one page so you can pick up where you stopped."
    >
      <Typography sx={{ mt: 2 }}>
        Your papers and books are in the <TextLink to="/learn/pdf-library">PDF library</TextLink>.
      </Typography>
    </SectionIntro>
  );
}
