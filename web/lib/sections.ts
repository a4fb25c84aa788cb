/**
 * The product's sections as people meet them on the home page and in the guide: where each lives and one
 * line on what it is for. Page texts say more; these lines must stay true to them.
 */
export interface SectionSummary {
  name: string;
  path: string;
  /** Anchor of the section in the user guide (/document). */
  guide: string;
  summary: string;
}

export const toolSections: readonly SectionSummary[] = [
  {
    name: 'Explore',
    path: '/exploration',
    guide: 'explore',
    summary:
      'Browse everyone’s public cards: a feed made for you, trending and new cards, search, tags and a graph of links.',
  },
  {
    name: 'Build',
    path: '/build',
    guide: 'build',
    summary:
      'Write cards in Markdown with math and code, link them with [[links]], and publish when they are ready.',
  },
  {
    name: 'Play',
    path: '/play',
    guide: 'play',
    summary: 'Study your cards with spaced repetition, and test yourself in quick quiz games.',
  },
  {
    name: 'Confer',
    path: '/confer',
    guide: 'confer',
    summary: 'Talk about cards in real-time channels and direct messages, and save a good answer as a card.',
  },
  {
    name: 'Classroom',
    path: '/classroom',
    guide: 'classroom',
    summary: 'Follow courses made of lessons, cards and quizzes, and track your progress.',
  },
  {
    name: 'Research centre',
    path: '/research_center',
    guide: 'research',
    summary: 'Curated paper cards, topics and reading lists, plus your own reading queue.',
  },
  {
    name: 'Learn and PDF library',
    path: '/learn',
    guide: 'learn',
    summary:
      'Your learning dashboard, and a library where you read PDFs, highlight and turn highlights into cards.',
  },
  {
    name: 'Blog',
    path: '/blog',
    guide: 'blog',
    summary: 'Posts from the community, and an assistant that drafts a post from the cards you pick.',
  },
  {
    name: 'Repository extractor',
    path: '/github_extractor',
    guide: 'repository-extractor',
    summary: 'Turn a code repository into a readable digest and a set of cards, one per module.',
  },
  {
    name: 'Code visualiser',
    path: '/code_visualizer',
    guide: 'code-visualiser',
    summary: 'See code as an outline, a syntax tree, a call graph and a dependency graph.',
  },
  {
    name: 'Workflow builder',
    path: '/workflow',
    guide: 'workflow-builder',
    summary:
      'Chain sources, transforms and outputs into workflows that turn documents into cards and drafts.',
  },
  {
    name: 'Recommendation debug',
    path: '/recommendation_debug',
    guide: 'recommendation-debug',
    summary:
      'See why each card is in your feed, and how well the recommender does against a simple baseline.',
  },
];
