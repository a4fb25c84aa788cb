import type { Locator, Page } from 'playwright-core';
import { appRoutes } from '../routes.ts';

/**
 * Where each page's primary content starts: the thing a person came for (a card, a message, a study item, a
 * form field, the text of a text page), found inside `main`. The browser test holds every route to the first
 * screen with these, and the benchmark records the distances (bench/README.md).
 */

/** The two screens every route is measured on. */
export const firstContentViewports = [
  { width: 1280, height: 860 },
  { width: 375, height: 812 },
] as const;
export type FirstContentViewport = (typeof firstContentViewports)[number];

type Finder = (main: Locator) => Locator;

// A card tile is a direct item of a card grid (its tags are lists of their own); with no card at all (a new
// site), the empty state that says what fills the grid stands where the first card would. A list still busy
// loading holds skeletons, not content, so it is not measured.
const firstCardIn =
  (listName: string | RegExp): Finder =>
  (main) =>
    main
      .getByRole('list', { name: listName })
      .and(main.locator(':not([aria-busy="true"])'))
      .first()
      .locator(':scope > li')
      .first()
      .or(main.locator('[data-empty-state]').first())
      .first();
const firstParagraph: Finder = (main) => main.locator('p').first();
const firstField: Finder = (main) => main.getByRole('textbox').first();
const firstAlert: Finder = (main) => main.getByRole('alert').first();
const firstEmptyState: Finder = (main) => main.locator('[data-empty-state]').first();
const firstSection: Finder = (main) => main.getByRole('heading', { level: 2 }).first();

/** For a visitor (the public routes) and for someone just signed up (the others, and `/` again). */
export const primaryContent: { visitor: Record<string, Finder>; signedIn: Record<string, Finder> } = {
  visitor: {
    '/': firstCardIn('Trending cards'),
    '/about': firstParagraph,
    '/about/privacy-policy': firstParagraph,
    '/about/terms-of-service': firstParagraph,
    '/about/customer-support': firstField,
    '/document': firstParagraph,
    // The first post: a featured one on the unfiltered first page.
    '/blog': firstCardIn(/^(Featured|Posts)$/),
    '/blog/why-spaced-repetition-works': firstParagraph,
    '/blog/authors/ada_l': firstParagraph,
    '/exploration': firstCardIn(/cards$/i),
    '/research_center': firstParagraph,
    // The editor's introduction opens the topic.
    '/research_center/topics/recommender-systems': firstParagraph,
    '/research_center/papers/00000000-0000-4000-8000-000000000000': firstParagraph,
    '/classroom': (main) => main.getByRole('link', { name: /Modern recommendation systems/ }),
    '/classroom/classes/modern-recommendation-systems': firstParagraph,
    // An unknown id says so where the certificate would be.
    '/classroom/certificates/AAAAAAAAAAAAAAAA': firstEmptyState,
    '/login': firstField,
    '/signup': firstField,
    '/auth/action': firstAlert,
    // Its count of messages; in production, the notice that the outbox is served only in development.
    '/dev/outbox': (main) => main.getByRole('status').or(main.getByRole('alert')).first(),
    '/u/nobody_here': firstParagraph,
    '/cards/00000000-0000-4000-8000-000000000000': firstParagraph,
  },
  signedIn: {
    '/': (main) => main.getByRole('region', { name: 'Due today' }),
    '/research': firstParagraph,
    '/learn': firstSection,
    '/learn/pdf-library': firstCardIn('Your PDFs'),
    '/build': (main) => main.getByRole('button', { name: 'New card' }),
    '/workflow': firstParagraph,
    // The form that takes a repository: where every extraction starts.
    '/github_extractor': (main) => main.getByRole('form', { name: 'Repository to extract' }),
    // The sources: where a post starts.
    '/blog_builder': (main) => main.getByRole('region', { name: 'Sources' }),
    // A new writer's empty list says how to start.
    '/blog/write': (main) =>
      main.getByRole('list', { name: 'Your posts' }).or(main.locator('[data-empty-state]')).first(),
    '/blog/write/00000000-0000-4000-8000-000000000000': firstAlert,
    '/code_visualizer': firstParagraph,
    // The feed explained; until the server answers the debug endpoints, the alert that says why it cannot.
    '/recommendation_debug': (main) =>
      main.getByRole('region', { name: 'Feed', exact: true }).or(main.getByRole('alert')).first(),
    // The conversation's messages (its composer sits at the bottom of the window, as in every chat).
    '/confer': (main) => main.getByRole('region', { name: /^Messages in / }),
    '/play': (main) => main.getByRole('region', { name: 'Make your first deck' }),
    '/play/stats': firstSection,
    '/play/decks/00000000-0000-4000-8000-000000000000': firstAlert,
    '/play/decks/00000000-0000-4000-8000-000000000000/study': firstAlert,
    '/play/decks/00000000-0000-4000-8000-000000000000/games/match': firstAlert,
    '/profile': (main) => main.getByRole('region', { name: 'Photo', exact: true }),
    '/settings': firstSection,
    '/admin': firstParagraph,
    // Someone not enrolled is told so where the lesson would be, with the way to enrol.
    '/classroom/classes/modern-recommendation-systems/lessons/what-recommenders-do': firstAlert,
    '/classroom/classes/modern-recommendation-systems/completed': firstEmptyState,
    // Someone who does not teach the course is told so where the editor and the class would be.
    '/classroom/classes/modern-recommendation-systems/edit': firstAlert,
    '/classroom/classes/modern-recommendation-systems/class': firstAlert,
    // Someone without the instructor role: who gives it.
    '/classroom/teaching': firstEmptyState,
  },
};

/** The routes each kind of reader is measured on, in the order of `appRoutes`. */
export function firstContentRoutes(reader: 'visitor' | 'signedIn'): string[] {
  return appRoutes
    .filter((route) => (reader === 'visitor' ? route.isPublic : !route.isPublic || route.path === '/'))
    .map((route) => route.path);
}

export interface FirstContentMeasure {
  /** From the top of the page to the top of the primary content, in CSS pixels. */
  top: number;
  /** The height of the first screen that is not covered by fixed bars at its bottom (the phone's bottom bar). */
  screen: number;
}

/**
 * Opens `path` and measures where its primary content starts. Waits for the page's heading and for the content
 * itself, so a page still loading is not measured.
 */
export async function measureFirstContent(
  page: Page,
  reader: 'visitor' | 'signedIn',
  path: string,
): Promise<FirstContentMeasure> {
  const finder = primaryContent[reader][path];
  if (!finder)
    throw new Error(`No primary content is named for ${path} (${reader}) in e2e/support/first-content.ts`);
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  const content = finder(page.getByRole('main'));
  await content.waitFor({ state: 'visible' });
  return content.evaluate((element) => {
    const bottomBar = document.querySelector('nav[aria-label="Primary"]');
    const barTop =
      bottomBar && getComputedStyle(bottomBar).position === 'fixed'
        ? bottomBar.getBoundingClientRect().top
        : null;
    return {
      top: Math.round(element.getBoundingClientRect().top + window.scrollY),
      screen: Math.round(barTop ?? window.innerHeight),
    };
  });
}
