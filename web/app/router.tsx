import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { PageLoading } from '../components/page-loading.tsx';
import { loadQueryClient } from './providers.tsx';
import { RouteErrorPage } from './errors/route-error-page.tsx';
import { ShellLayout } from './layout/shell-layout.tsx';

/**
 * Every page is its own lazily loaded chunk; the `import()` calls are written out one by one so the bundler
 * can see and split each of them.
 */
export const pageRoutes: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({ Component: (await import('../features/home/home-page.tsx')).HomePage }),
  },
  {
    path: 'about',
    lazy: async () => ({ Component: (await import('../features/about/about-page.tsx')).AboutPage }),
  },
  {
    path: 'about/privacy-policy',
    lazy: async () => ({
      Component: (await import('../features/about/privacy-policy-page.tsx')).PrivacyPolicyPage,
    }),
  },
  {
    path: 'about/terms-of-service',
    lazy: async () => ({
      Component: (await import('../features/about/terms-of-service-page.tsx')).TermsOfServicePage,
    }),
  },
  {
    path: 'about/customer-support',
    lazy: async () => ({
      Component: (await import('../features/support/customer-support-page.tsx')).CustomerSupportPage,
    }),
  },
  {
    path: 'document',
    lazy: async () => ({ Component: (await import('../features/guide/document-page.tsx')).DocumentPage }),
  },
  // The blog: its front page, then a post and an author's page (after it, as the blog's own paths).
  {
    path: 'blog',
    lazy: async () => ({ Component: (await import('../features/blog/reading/blog-page.tsx')).BlogPage }),
  },
  {
    path: 'blog/:slug',
    lazy: async () => ({ Component: (await import('../features/blog/reading/post-page.tsx')).PostPage }),
  },
  {
    path: 'blog/authors/:handle',
    lazy: async () => ({
      Component: (await import('../features/blog/reading/author-page.tsx')).AuthorPage,
    }),
  },
  // The author's pages: their posts, and one post's editor (`write` is a reserved slug, and a static segment
  // ranks before `blog/:slug`).
  {
    path: 'blog/write',
    lazy: async () => ({
      Component: (await import('../features/blog/editor/my-posts-page.tsx')).MyPostsPage,
    }),
  },
  {
    path: 'blog/write/:id',
    lazy: async () => ({
      Component: (await import('../features/blog/editor/editor-page.tsx')).PostEditorPage,
    }),
  },
  {
    path: 'blog_builder',
    lazy: async () => ({
      Component: (await import('../features/blog-builder/blog-builder-page.tsx')).BlogBuilderPage,
    }),
  },
  {
    path: 'exploration',
    lazy: async () => ({
      Component: (await import('../features/exploration/exploration-page.tsx')).ExplorationPage,
    }),
  },
  // The research home: the person's queue, notes and projects.
  {
    path: 'research',
    lazy: async () => ({
      Component: (await import('../features/research/home/research-home-page.tsx')).ResearchHomePage,
    }),
  },
  {
    path: 'research/projects/:id',
    lazy: async () => ({
      Component: (await import('../features/research/projects/project-page.tsx')).ProjectPage,
    }),
  },
  // The research centre: its topics, a topic's lists and papers, and a paper's page.
  {
    path: 'research_center',
    lazy: async () => ({
      Component: (await import('../features/research/centre/research-centre-page.tsx')).ResearchCentrePage,
    }),
  },
  {
    path: 'research_center/topics/:slug',
    lazy: async () => ({
      Component: (await import('../features/research/centre/topic-page.tsx')).TopicPage,
    }),
  },
  {
    path: 'research_center/papers/:id',
    lazy: async () => ({
      Component: (await import('../features/research/paper/paper-page.tsx')).PaperPage,
    }),
  },
  {
    path: 'learn',
    lazy: async () => ({ Component: (await import('../features/learn/learn-page.tsx')).LearnPage }),
  },
  {
    path: 'learn/pdf-library',
    lazy: async () => ({
      Component: (await import('../features/pdf-library/library/pdf-library-page.tsx')).PdfLibraryPage,
    }),
  },
  {
    path: 'learn/pdf-library/:id',
    lazy: async () => ({
      Component: (await import('../features/pdf-library/reader/pdf-reader-page.tsx')).PdfReaderPage,
    }),
  },
  {
    path: 'build',
    lazy: async () => ({ Component: (await import('../features/build/build-page.tsx')).BuildPage }),
  },
  {
    path: 'workflow',
    lazy: async () => ({ Component: (await import('../features/workflow/workflow-page.tsx')).WorkflowPage }),
  },
  {
    path: 'github_extractor',
    lazy: async () => ({
      Component: (await import('../features/repository-extractor/github-extractor-page.tsx'))
        .GithubExtractorPage,
    }),
  },
  {
    path: 'code_visualizer',
    lazy: async () => ({
      Component: (await import('../features/code-visualizer/code-visualizer-page.tsx')).CodeVisualizerPage,
    }),
  },
  {
    path: 'recommendation_debug',
    lazy: async () => ({
      Component: (await import('../features/recommendation-debug/recommendation-debug-page.tsx'))
        .RecommendationDebugPage,
    }),
  },
  {
    path: 'confer',
    lazy: async () => ({ Component: (await import('../features/confer/confer-page.tsx')).ConferPage }),
  },
  {
    path: 'classroom',
    lazy: async () => ({
      Component: (await import('../features/classroom/classroom-page.tsx')).ClassroomPage,
    }),
  },
  {
    path: 'classroom/classes/:slug',
    lazy: async () => ({ Component: (await import('../features/classroom/course-page.tsx')).CoursePage }),
  },
  // The instructor's pages: the courses they teach, a course's editor and its class view.
  {
    path: 'classroom/teaching',
    lazy: async () => ({
      Component: (await import('../features/classroom/teaching-page.tsx')).TeachingPage,
    }),
  },
  {
    path: 'classroom/classes/:slug/edit',
    lazy: async () => ({
      Component: (await import('../features/classroom/editor/editor-page.tsx')).EditorPage,
    }),
  },
  {
    path: 'classroom/classes/:slug/class',
    lazy: async () => ({
      Component: (await import('../features/classroom/class-view/class-view-page.tsx')).ClassViewPage,
    }),
  },
  {
    path: 'classroom/classes/:slug/lessons/:lesson',
    lazy: async () => ({ Component: (await import('../features/classroom/lesson-page.tsx')).LessonPage }),
  },
  {
    path: 'classroom/classes/:slug/completed',
    lazy: async () => ({
      Component: (await import('../features/classroom/completion-page.tsx')).CompletionPage,
    }),
  },
  {
    path: 'classroom/certificates/:id',
    lazy: async () => ({
      Component: (await import('../features/classroom/certificate-page.tsx')).CertificatePage,
    }),
  },
  {
    path: 'play',
    lazy: async () => ({ Component: (await import('../features/play/play-page.tsx')).PlayPage }),
  },
  {
    path: 'play/decks/:deckId',
    lazy: async () => ({ Component: (await import('../features/play/deck-page.tsx')).DeckPage }),
  },
  {
    path: 'play/decks/:deckId/study',
    lazy: async () => ({ Component: (await import('../features/play/study-page.tsx')).StudyPage }),
  },
  {
    path: 'play/stats',
    lazy: async () => ({ Component: (await import('../features/play/stats/stats-page.tsx')).StatsPage }),
  },
  // One route per game, so an unknown game name falls through to the not-found page below.
  {
    path: 'play/decks/:deckId/games/multiple-choice',
    lazy: async () => ({
      Component: (await import('../features/play/games/multiple-choice-page.tsx')).MultipleChoicePage,
    }),
  },
  {
    path: 'play/decks/:deckId/games/match',
    lazy: async () => ({ Component: (await import('../features/play/games/match-page.tsx')).MatchPage }),
  },
  {
    path: 'play/decks/:deckId/games/typed',
    lazy: async () => ({ Component: (await import('../features/play/games/typed-page.tsx')).TypedPage }),
  },
  {
    path: 'login',
    lazy: async () => ({ Component: (await import('../features/auth/login-page.tsx')).LoginPage }),
  },
  {
    path: 'signup',
    lazy: async () => ({ Component: (await import('../features/auth/signup-page.tsx')).SignupPage }),
  },
  {
    path: 'auth/popup',
    lazy: async () => ({ Component: (await import('../features/auth/popup-pages.tsx')).PopupStartPage }),
  },
  {
    path: 'auth/popup-done',
    lazy: async () => ({ Component: (await import('../features/auth/popup-pages.tsx')).PopupDonePage }),
  },
  {
    path: 'auth/action',
    lazy: async () => ({ Component: (await import('../features/auth/action-page.tsx')).ActionPage }),
  },
  {
    path: 'dev/outbox',
    lazy: async () => ({ Component: (await import('../features/auth/outbox-page.tsx')).OutboxPage }),
  },
  {
    path: 'profile',
    lazy: async () => ({ Component: (await import('../features/profile/profile-page.tsx')).ProfilePage }),
  },
  {
    path: 'u/:handle',
    lazy: async () => ({
      Component: (await import('../features/profile/public-profile-page.tsx')).PublicProfilePage,
    }),
  },
  {
    path: 'cards/:id',
    lazy: async () => ({ Component: (await import('../features/cards/card-page.tsx')).CardPage }),
  },
  {
    path: 'settings',
    lazy: async () => ({ Component: (await import('../features/settings/settings-page.tsx')).SettingsPage }),
  },
  {
    path: 'admin',
    lazy: async () => ({ Component: (await import('../features/admin/admin-page.tsx')).AdminPage }),
  },
  {
    path: '*',
    lazy: async () => ({ Component: (await import('./errors/not-found-page.tsx')).NotFoundPage }),
  },
];

/**
 * The route with the query client loaded together with the page's code, so the page can read from the API
 * from its first render.
 */
function withQueryClient(route: RouteObject): RouteObject {
  const { lazy } = route;
  if (typeof lazy !== 'function') return route;
  return { ...route, lazy: async () => (await Promise.all([lazy(), loadQueryClient()]))[0] };
}

/**
 * The whole route tree. The shell (top bar, bottom bar) wraps every page; a pathless route inside it catches
 * page errors, so the error page keeps the top bar, and shows the spinner while the first page's code loads.
 * The root's own error element is the last resort if the shell itself fails.
 *
 * `extraPages` exists for tests: they add a page (say, one whose loader throws) at the same place as real
 * pages, to exercise the real error handling.
 */
export function buildRoutes(extraPages: RouteObject[] = []): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      Component: ShellLayout,
      ErrorBoundary: RouteErrorPage,
      children: [
        {
          id: 'pages',
          ErrorBoundary: RouteErrorPage,
          HydrateFallback: PageLoading,
          // The home page reads nothing from the API, so `/` starts without the query client's code.
          children: [
            ...extraPages,
            ...pageRoutes.map((route) => (route.index ? route : withQueryClient(route))),
          ],
        },
      ],
    },
  ];
}

export const routes: RouteObject[] = buildRoutes();

/** The browser router the app runs on; created on demand so importing this module has no side effects. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
