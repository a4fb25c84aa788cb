import { describe, expect, it } from 'vitest';
import { postListSchema, postSchema } from '../../contracts/blog.ts';
import { setupTestApp } from '../test/app.ts';
import { demoPosts, seedDemoBlog } from './demo-blog.ts';
import { readDemoUsers } from './demo-content.ts';
import { createSeedRepository } from './repository.ts';

describe('demo blog posts', () => {
  const context = setupTestApp();
  const log = { info: () => undefined };

  it('publishes the demo posts once: one featured, a series of two', async () => {
    const seed = createSeedRepository(context.db.orm);
    const keyOf = new Map<string, string>();
    for (const author of await readDemoUsers()) keyOf.set(author.handle, await seed.ensureAuthor(author));
    const key = (handle: string) => keyOf.get(handle)!;
    await seedDemoBlog(context.db.orm, key, log);
    await seedDemoBlog(context.db.orm, key, log);

    const list = postListSchema.parse(
      (await context.app.inject({ method: 'GET', url: '/api/blog/posts' })).json(),
    );
    expect(list.total).toBe(demoPosts.length);
    expect(list.items.filter((item) => item.featured).map((item) => item.title)).toEqual([
      'Why spaced repetition works',
    ]);
    const second = postSchema.parse(
      (
        await context.app.inject({
          method: 'GET',
          url: '/api/blog/posts/by-slug/recommenders-from-scratch-matrix-factorisation-with-als',
        })
      ).json(),
    );
    expect(second.series?.posts.map((post) => post.position)).toEqual([1, 2]);
    expect(second.series?.slug).toBe('recommenders-from-scratch');
  });
});
