import { SectionIntro } from '../../components/section-intro.tsx';

export function ExplorationPage() {
  return (
    <SectionIntro
      title="Explore"
      guideAnchor="explore"
      description="Explore is where the public web of cards opens up. Your feed has four views: For you, picked by the recommender from what you read and like; Following, from the people you follow; Trending; and New. Search every public card and see the matching words highlighted, narrow the results by tag, and keep scrolling for more. Open a card to preview it or to visit its own page, or switch to the graph view to see how cards link to one another."
    />
  );
}
