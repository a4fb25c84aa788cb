import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authorFixture, postFixture } from '../features/blog/reading/test-fixtures.ts';
import { stubApi } from '../test/api-stub.ts';
import {
  certificateFixture,
  courseListFixture,
  lessonViewFixture,
  recsysDetail,
  recsysSummary,
} from '../test/course-fixtures.ts';
import { renderApp } from '../test/render.tsx';
import { pageRoutes } from './router.tsx';

// The seed's routes plus /play and /profile; every one renders inside the shell with one h1.
const pages: [path: string, heading: string][] = [
  ['/', 'CARD WEB: a web of knowledge cards'],
  ['/about', 'About CARD WEB'],
  ['/about/privacy-policy', 'Privacy policy'],
  ['/about/terms-of-service', 'Terms of service'],
  ['/about/customer-support', 'Customer support'],
  ['/document', 'User guide'],
  ['/blog', 'Blog'],
  ['/blog/why-graphs', 'Why graphs matter'],
  ['/blog/authors/ada', 'Ada Lovelace'],
  ['/blog/write', 'My posts'],
  ['/blog/write/00000000-0000-4000-8000-000000000000', 'Edit post'],
  ['/exploration', 'Explore'],
  ['/research', 'Research'],
  ['/research_center', 'Research centre'],
  ['/learn', 'Learn'],
  ['/learn/pdf-library', 'PDF library'],
  ['/learn/pdf-library/00000000-0000-4000-8000-000000000000', 'PDF reader'],
  ['/build', 'Build'],
  ['/workflow', 'Workflow builder'],
  ['/github_extractor', 'Repository extractor'],
  ['/blog_builder', 'Blog builder'],
  ['/code_visualizer', 'Code visualiser'],
  ['/recommendation_debug', 'Recommendation debug'],
  ['/confer', 'Confer'],
  ['/classroom', 'Classroom'],
  ['/classroom/classes/modern-recommendation-systems', 'Modern recommendation systems'],
  [
    '/classroom/classes/modern-recommendation-systems/lessons/matrix-factorisation',
    'Lesson 4: Matrix factorisation',
  ],
  ['/classroom/classes/modern-recommendation-systems/completed', 'Course completed'],
  ['/classroom/certificates/Zx81-cert', 'Certificate'],
  ['/login', 'Sign in'],
  ['/signup', 'Create your account'],
  ['/auth/action', 'Email action'],
  ['/dev/outbox', 'Development outbox'],
  ['/play', 'Play'],
  ['/profile', 'Profile'],
  ['/admin', 'Administration'],
];

// Pages whose heading comes from the API get their answers; the others render their heading without one.
const answers: Record<string, Record<string, object>> = {
  '/blog/why-graphs': { 'GET /api/blog/posts/by-slug/why-graphs': postFixture() },
  '/blog/authors/ada': { 'GET /api/blog/authors/ada': authorFixture() },
  '/classroom': { 'GET /api/classroom/courses': courseListFixture([recsysSummary()]) },
  '/classroom/classes/modern-recommendation-systems': {
    'GET /api/classroom/courses/modern-recommendation-systems': recsysDetail(),
  },
  '/classroom/classes/modern-recommendation-systems/lessons/matrix-factorisation': {
    'GET /api/classroom/courses/modern-recommendation-systems/lessons/matrix-factorisation':
      lessonViewFixture(),
  },
  '/classroom/certificates/Zx81-cert': { 'GET /api/classroom/certificates/Zx81-cert': certificateFixture() },
};

describe('routes', () => {
  it('loads every page lazily', () => {
    for (const route of pageRoutes) {
      expect(route.lazy, `route ${route.path ?? '(index)'}`).toBeTypeOf('function');
      expect(route.Component, `route ${route.path ?? '(index)'}`).toBeUndefined();
    }
  });

  it.each(pages)(
    '%s renders its page in the shell, with one h1 and a CARD WEB title',
    async (path, heading) => {
      const api = answers[path];
      if (api) stubApi(api);
      renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      expect(screen.getByRole('banner')).toBeVisible();
      expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
      await waitFor(() => expect(document.title).toMatch(/ · CARD WEB$/));
      expect(screen.queryByText(/coming soon|lorem ipsum/i)).not.toBeInTheDocument();
    },
  );
});
