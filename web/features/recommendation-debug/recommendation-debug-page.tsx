import { SectionIntro } from '../../components/section-intro.tsx';

export function RecommendationDebugPage() {
  return (
    <SectionIntro
      title="Recommendation debug"
      guideAnchor="recommendation-debug"
      description="Recommendation debug shows why each card is in your Explore feed: where the recommender found it, the score each signal gave it, the weights that combined those scores, and the card's rank before and after filtering. It also reports how well the recommender does on past data (recall, NDCG and catalogue coverage), side by side with a simple baseline that recommends whatever is most popular."
    />
  );
}
