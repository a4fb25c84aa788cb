import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../components/page-header.tsx';
import { TextLink } from '../../components/text-link.tsx';

const syllabus = [
  'Candidate generation: where the cards worth ranking come from, and why several sources beat one.',
  'Features and scores: turning what people read, like and follow into numbers a model can use.',
  'Ranking and filtering: combining scores with weights, then removing what should not be shown.',
  'Freshness, diversity and fairness: keeping a feed from showing the same few cards to everyone.',
  'Measuring offline: recall@k, NDCG@k and catalogue coverage, compared with a popularity baseline.',
  'Reading a live system: using Recommendation debug to explain a real feed, card by card.',
];

export function ModernRecommendationSystemsPage() {
  return (
    <Box component="section" aria-labelledby="section-title">
      <PageHeader title="Modern recommendation systems" guideAnchor="classroom" />
      <Typography sx={{ maxWidth: 760 }}>
        A course on how recommendation systems work today, taught on a real one: the recommender that picks
        the cards in your Explore feed. Lessons go from finding candidates, through features, scoring and
        ranking, to measuring quality offline. Each lesson comes with cards to study in Play and a short quiz,
        and the Recommendation debug page lets you watch every idea at work on your own feed.
      </Typography>
      <Typography variant="h5" component="h2" sx={{ mt: 5, mb: 1, fontWeight: 600 }}>
        What the course covers
      </Typography>
      <Typography component="ol" sx={{ pl: 3, '& li': { mb: 1 } }}>
        {syllabus.map((lesson) => (
          <li key={lesson}>{lesson}</li>
        ))}
      </Typography>
      <Typography sx={{ mt: 2 }}>
        Back to <TextLink to="/classroom">all courses</TextLink>.
      </Typography>
    </Box>
  );
}
