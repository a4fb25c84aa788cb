import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { PageHeader } from '../../components/page-header.tsx';

export function RecommendationDebugPage() {
  return (
    <Box component="section" aria-labelledby="section-title">
      <PageHeader title="Recommendation debug" guideAnchor="recommendation-debug" />
      <Typography sx={{ maxWidth: 760 }}>
        Recommendation debug shows why each card is in your Explore feed: where the recommender found it, the
        score each signal gave it, the weights that combined those scores, and the card's rank before and
        after filtering. It also reports how well the recommender does on past data (recall, NDCG and
        catalogue coverage), side by side with a simple baseline that recommends whatever is most popular.
      </Typography>
    </Box>
  );
}
