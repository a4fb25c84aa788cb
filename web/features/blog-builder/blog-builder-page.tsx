import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { PageHeader } from '../../components/page-header.tsx';

export function BlogBuilderPage() {
  return (
    <Box component="section" aria-labelledby="section-title">
      <PageHeader title="Blog builder" guideAnchor="blog" />
      <Typography sx={{ maxWidth: 760 }}>
        The blog builder turns the cards you pick into a blog post. It proposes an outline, then writes a
        first draft from your cards: with an AI model where the site has one set up, and otherwise with a
        plain, predictable composer that arranges your cards' own words. You edit the draft as you like, and
        publish it to the blog when it reads right.
      </Typography>
    </Box>
  );
}
