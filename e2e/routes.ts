/** Every route of the app, the heading its page shows and the start of its document title. */
export const appRoutes: { path: string; heading: RegExp; isPublic: boolean }[] = [
  { path: '/', heading: /web of knowledge cards/i, isPublic: true },
  { path: '/about', heading: /^About/i, isPublic: true },
  { path: '/about/privacy-policy', heading: /Privacy policy/i, isPublic: true },
  { path: '/about/terms-of-service', heading: /Terms of service/i, isPublic: true },
  { path: '/about/customer-support', heading: /Customer support/i, isPublic: true },
  { path: '/document', heading: /guide|document/i, isPublic: true },
  { path: '/blog', heading: /Blog/i, isPublic: true },
  { path: '/exploration', heading: /Explor/i, isPublic: false },
  { path: '/research', heading: /Research/i, isPublic: false },
  { path: '/research_center', heading: /Research cent/i, isPublic: true },
  { path: '/learn', heading: /Learn/i, isPublic: false },
  { path: '/learn/pdf-library', heading: /PDF library/i, isPublic: false },
  { path: '/build', heading: /Card builder|Build/i, isPublic: false },
  { path: '/workflow', heading: /Workflow/i, isPublic: false },
  { path: '/github_extractor', heading: /Repository extractor/i, isPublic: false },
  { path: '/blog_builder', heading: /Blog.builder/i, isPublic: false },
  { path: '/code_visualizer', heading: /Code visuali/i, isPublic: false },
  { path: '/recommendation_debug', heading: /Recommendation debug/i, isPublic: false },
  { path: '/confer', heading: /Confer/i, isPublic: false },
  { path: '/classroom', heading: /Classroom/i, isPublic: true },
  {
    path: '/classroom/classes/modern-recommendation-systems',
    heading: /Modern recommendation systems/i,
    isPublic: true,
  },
  { path: '/login', heading: /Sign in/i, isPublic: true },
  { path: '/signup', heading: /Sign up|Create/i, isPublic: true },
  { path: '/play', heading: /Play/i, isPublic: false },
  { path: '/profile', heading: /Profile/i, isPublic: false },
];

/** A signed-in user as the seed stores it in local storage under `user`. */
export const storedUser = { uid: 'u_ada', name: 'Ada Lovelace', email: 'ada@example.org', picture: '' };
