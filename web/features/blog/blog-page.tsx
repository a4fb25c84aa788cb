import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../components/page-header.tsx';
import { TextLink } from '../../components/text-link.tsx';

export function BlogPage() {
  return (
    <Box component="section" aria-labelledby="section-title">
      <PageHeader title="Blog" guideAnchor="blog" />
      <Typography sx={{ maxWidth: 760 }}>
        The blog publishes posts written from cards: explanations, tutorials and project notes by people on
        CARD WEB. Every post has its own page that you can share, and the blog has an RSS feed, so you can
        follow new posts in any feed reader.
      </Typography>
      <Typography sx={{ mt: 2 }}>
        Writing a post of your own starts in the <TextLink to="/blog_builder">blog builder</TextLink>.
      </Typography>
    </Box>
  );
}
