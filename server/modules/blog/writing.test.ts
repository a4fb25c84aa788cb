import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  myPostListSchema,
  postSchema,
  revisionListSchema,
  revisionSchema,
  savedPostSchema,
} from '../../../contracts/blog.ts';
import { blogPostRevisions, blogPosts, blogSeries, blogSlugRedirects } from '../../db/schema.ts';
import { setupTestApp } from '../../test/app.ts';
import { blogPosts as blogTestPosts } from './test-posts.ts';

describe('blog posts: drafts, autosave, publishing, slugs, series, revisions', () => {
  const context = setupTestApp();
  const { signUp, request, create, input, save, edit, publish, published } = blogTestPosts(
    context,
    '100.70.0',
  );

  const revisionsOf = async (id: string) =>
    context.db.orm
      .select({ number: blogPostRevisions.number, reason: blogPostRevisions.reason })
      .from(blogPostRevisions)
      .where(eq(blogPostRevisions.postId, id))
      .orderBy(blogPostRevisions.number);

  it('starts a draft with a slug from the title, or untitled with the short id', async () => {
    const ada = await signUp('Blog Writer');
    const titled = await create(ada, { title: 'Crème Brûlée, Explained!' });
    expect(titled).toMatchObject({
      title: 'Crème Brûlée, Explained!',
      slug: 'creme-brulee-explained',
      body: '',
      status: 'draft',
      revision: 1,
      liveSlug: null,
      publishedAt: null,
      scheduledFor: null,
      hasUnpublishedChanges: true,
      featured: false,
    });
    const empty = await create(ada);
    expect(empty.title).toBe('');
    expect(empty.slug).toBe(`untitled-${empty.id.slice(0, 8)}`);
    // A title too short for a slug, or a reserved one, gets the short id too.
    expect((await create(ada, { title: 'AI' })).slug).toMatch(/^ai-[0-9a-f]{8}$/);
    expect((await create(ada, { title: 'New' })).slug).toMatch(/^new-[0-9a-f]{8}$/);
    // A given slug is kept as it is.
    expect((await create(ada, { title: 'X', slug: 'my-own' })).slug).toBe('my-own');
  });

  it('autosaves with normalised tags and refuses a save over an older revision, changing nothing', async () => {
    const ada = await signUp('Autosaver');
    const post = await create(ada, { title: 'First' });
    const saved = await request(
      'PUT',
      `/api/blog/posts/${post.id}/draft`,
      ada,
      input(post, { title: 'Second', tags: ['Graphs', 'graphs', ' ML '] }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(savedPostSchema.parse(saved.json()).revision).toBe(2);
    const stale = await request(
      'PUT',
      `/api/blog/posts/${post.id}/draft`,
      ada,
      input(post, { title: 'Third' }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('blog/draft-conflict');
    const now = await edit(ada, post.id);
    expect(now).toMatchObject({ title: 'Second', tags: ['graphs', 'ml'], revision: 2 });
    // A bad tag is refused by field.
    const bad = await request('PUT', `/api/blog/posts/${post.id}/draft`, ada, input(now, { tags: ['!!!'] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields[0].path).toBe('tags');
  });

  it('keeps an autosave revision when the last one is older than ten minutes, not more often', async () => {
    const ada = await signUp('Historian');
    let post = await create(ada, { title: 'History' });
    post = await save(ada, post, { body: 'one' });
    post = await save(ada, post, { body: 'two' });
    // The first save kept a point (there was none); the second came within ten minutes of it.
    expect(await revisionsOf(post.id)).toEqual([{ number: 1, reason: 'autosave' }]);
    await context.db.orm
      .update(blogPostRevisions)
      .set({ createdAt: sql`now() - interval '11 minutes'` })
      .where(eq(blogPostRevisions.postId, post.id));
    post = await save(ada, post, { body: 'three' });
    expect(await revisionsOf(post.id)).toEqual([
      { number: 1, reason: 'autosave' },
      { number: 2, reason: 'autosave' },
    ]);
    const two = revisionSchema.parse(
      (await request('GET', `/api/blog/posts/${post.id}/revisions/2`, ada)).json(),
    );
    expect(two).toMatchObject({ number: 2, reason: 'autosave', body: 'three', title: 'History' });
    const list = revisionListSchema.parse(
      (await request('GET', `/api/blog/posts/${post.id}/revisions`, ada)).json(),
    );
    expect(list.items.map((item) => item.number)).toEqual([2, 1]);
    expect((await request('GET', `/api/blog/posts/${post.id}/revisions/9`, ada)).statusCode).toBe(404);
  });

  it('refuses to publish an incomplete post, listing every field to fix', async () => {
    const ada = await signUp('Hasty Writer');
    const post = await create(ada, { title: '   ', slug: 'Bad Slug', tags: [] });
    const response = await request('POST', `/api/blog/posts/${post.id}/publish`, ada, {});
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('blog/invalid-post');
    expect(response.json().error.details.fields).toEqual([
      { path: 'title', message: 'Give the post a title' },
      { path: 'slug', message: 'Use lower-case letters and digits, with single hyphens between words' },
      { path: 'body', message: 'Write the post' },
    ]);
    const reserved = await save(ada, post, { title: 'Fine', body: 'Fine.', slug: 'feed' });
    const again = await request('POST', `/api/blog/posts/${reserved.id}/publish`, ada, {});
    expect(again.json().error.details.fields).toEqual([
      { path: 'slug', message: 'That address is a page of the blog. Choose another.' },
    ]);
    expect((await edit(ada, post.id)).status).toBe('draft');
  });

  it('publishes the working copy; later edits stay unseen until published again', async () => {
    const ada = await signUp('Careful Writer');
    const words = Array.from({ length: 300 }, () => 'word').join(' ');
    let post = await create(ada, { title: 'Live Text', body: words, tags: ['notes'] });
    post = await publish(ada, post.id);
    expect(post).toMatchObject({ status: 'published', liveSlug: 'live-text', hasUnpublishedChanges: false });
    const firstPublishedAt = post.publishedAt;
    expect(firstPublishedAt).not.toBeNull();

    const read = async () => {
      const response = await request('GET', '/api/blog/posts/by-slug/live-text');
      expect(response.statusCode, response.body).toBe(200);
      return postSchema.parse(response.json());
    };
    // 300 words at 230 a minute: two minutes.
    expect(await read()).toMatchObject({
      title: 'Live Text',
      readingMinutes: 2,
      tags: ['notes'],
      canEdit: false,
    });

    post = await save(ada, post, { title: 'Live Text, Revised', body: 'Short now.' });
    expect(post.hasUnpublishedChanges).toBe(true);
    expect((await read()).title).toBe('Live Text');

    post = await publish(ada, post.id);
    const live = await read();
    expect(live).toMatchObject({ title: 'Live Text, Revised', body: 'Short now.', readingMinutes: 1 });
    // The first publishing date stays; the update is the live text's date.
    expect(post.publishedAt).toBe(firstPublishedAt);
    expect(live.updatedAt >= live.publishedAt).toBe(true);
    expect((await revisionsOf(post.id)).filter((row) => row.reason === 'published')).toHaveLength(2);
  });

  it('keeps an old slug as a redirect, refuses a slug another post has or had, and lets a post take its own back', async () => {
    const ada = await signUp('Slug Mover');
    const bob = await signUp('Slug Holder');
    let post = await published(ada, { title: 'Moving House' });
    post = await save(ada, post, { slug: 'moved-house' });
    post = await publish(ada, post.id);
    expect(post.liveSlug).toBe('moved-house');

    const byOld = await request('GET', '/api/blog/posts/by-slug/moving-house');
    expect(byOld.statusCode).toBe(200);
    expect(postSchema.parse(byOld.json()).slug).toBe('moved-house');
    expect(
      await context.db.orm.select().from(blogSlugRedirects).where(eq(blogSlugRedirects.postId, post.id)),
    ).toMatchObject([{ slug: 'moving-house' }]);

    // Another post can take neither the current slug nor the earlier one.
    for (const slug of ['moved-house', 'moving-house']) {
      const other = await create(bob, { title: 'Mine', body: 'Text.', slug });
      const response = await request('POST', `/api/blog/posts/${other.id}/publish`, bob, {});
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('blog/slug-taken');
    }

    // Back to the first slug: its redirect goes, the second becomes one.
    post = await save(ada, post, { slug: 'moving-house' });
    post = await publish(ada, post.id);
    const redirects = await context.db.orm
      .select({ slug: blogSlugRedirects.slug })
      .from(blogSlugRedirects)
      .where(eq(blogSlugRedirects.postId, post.id));
    expect(redirects).toEqual([{ slug: 'moved-house' }]);
  });

  it('puts posts in the author’s series by title, in order, and lists the series on the post', async () => {
    const ada = await signUp('Series Writer');
    const one = await published(ada, { title: 'Graphs One', seriesTitle: 'Graph Basics' });
    const two = await published(ada, { title: 'Graphs Two', seriesTitle: 'graph basics' });
    const series = await context.db.orm.select().from(blogSeries).where(eq(blogSeries.authorKey, ada.id));
    expect(series).toMatchObject([{ title: 'Graph Basics', slug: 'graph-basics' }]);
    const positions = await context.db.orm
      .select({ id: blogPosts.id, position: blogPosts.seriesPosition })
      .from(blogPosts)
      .where(eq(blogPosts.seriesId, series[0]!.id))
      .orderBy(blogPosts.seriesPosition);
    expect(positions).toEqual([
      { id: one.id, position: 1 },
      { id: two.id, position: 2 },
    ]);
    // Publishing again keeps a post's place.
    await publish(ada, one.id);
    const read = postSchema.parse((await request('GET', '/api/blog/posts/by-slug/graphs-two')).json());
    expect(read.series).toEqual({
      slug: 'graph-basics',
      title: 'Graph Basics',
      posts: [
        { slug: 'graphs-one', title: 'Graphs One', position: 1 },
        { slug: 'graphs-two', title: 'Graphs Two', position: 2 },
      ],
    });
    // Another author's series of the same title is theirs, with a slug of its own.
    const bob = await signUp('Other Series Writer');
    await published(bob, { title: 'Bob on Graphs', seriesTitle: 'Graph Basics' });
    const bobs = await context.db.orm.select().from(blogSeries).where(eq(blogSeries.authorKey, bob.id));
    expect(bobs).toMatchObject([{ slug: 'graph-basics-2' }]);
  });

  it('refuses a schedule in the past', async () => {
    const ada = await signUp('Late Scheduler');
    const post = await create(ada, { title: 'Too Late', body: 'Text.' });
    const response = await request('POST', `/api/blog/posts/${post.id}/publish`, ada, {
      at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('blog/schedule-in-past');
    expect((await edit(ada, post.id)).status).toBe('draft');
  });

  it('unpublishes (author or administrator): readers get 404 and the slug stays reserved', async () => {
    const ada = await signUp('Unpublisher');
    const admin = await signUp('Blog Admin');
    await context.db.orm.execute(sql`update users set role = 'admin' where id = ${admin.id}`);
    const post = await published(ada, { title: 'Here Then Gone' });
    const stranger = await signUp('Stranger');
    const refused = await request('POST', `/api/blog/posts/${post.id}/unpublish`, stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('blog/not-author');

    const response = await request('POST', `/api/blog/posts/${post.id}/unpublish`, admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'draft', liveSlug: null });
    expect((await request('GET', '/api/blog/posts/by-slug/here-then-gone')).statusCode).toBe(404);
    // Now a draft: to others it does not exist.
    expect((await request('GET', `/api/blog/posts/${post.id}/edit`, stranger)).statusCode).toBe(404);

    const other = await create(stranger, { title: 'Taking It', body: 'Text.', slug: 'here-then-gone' });
    const taken = await request('POST', `/api/blog/posts/${other.id}/publish`, stranger, {});
    expect(taken.json().error.code).toBe('blog/slug-taken');
    // The author can publish it again at the same address.
    expect((await publish(ada, post.id)).liveSlug).toBe('here-then-gone');
  });

  it('lets only the author edit, and the author or an administrator delete', async () => {
    const ada = await signUp('Owner Writer');
    const bob = await signUp('Not The Author');
    const admin = await signUp('Deleting Admin');
    await context.db.orm.execute(sql`update users set role = 'admin' where id = ${admin.id}`);
    const post = await published(ada, { title: 'Owned Post' });
    for (const [method, url, body] of [
      ['GET', `/api/blog/posts/${post.id}/edit`, undefined],
      ['PUT', `/api/blog/posts/${post.id}/draft`, input(post, {})],
      ['POST', `/api/blog/posts/${post.id}/publish`, {}],
      ['GET', `/api/blog/posts/${post.id}/revisions`, undefined],
      ['DELETE', `/api/blog/posts/${post.id}`, undefined],
    ] as const) {
      const response = await request(method, url, bob, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error.code).toBe('blog/not-author');
    }
    // An administrator moderates, but does not edit someone's text.
    expect((await request('GET', `/api/blog/posts/${post.id}/edit`, admin)).statusCode).toBe(403);
    expect(
      (await request('GET', `/api/blog/posts/00000000-0000-4000-8000-000000000000/edit`, ada)).statusCode,
    ).toBe(404);

    expect((await request('DELETE', `/api/blog/posts/${post.id}`, admin)).statusCode).toBe(204);
    expect((await request('GET', `/api/blog/posts/${post.id}/edit`, ada)).statusCode).toBe(404);
    const mine = await published(ada, { title: 'Deleted By Me' });
    expect((await request('DELETE', `/api/blog/posts/${mine.id}`, ada)).statusCode).toBe(204);
  });

  it('lists the author’s own posts of every status, last edited first', async () => {
    const ada = await signUp('List Writer');
    const draft = await create(ada, { title: 'A Draft' });
    const live = await published(ada, { title: 'A Live One' });
    await save(ada, live, { body: 'Changed after publishing.' });
    const response = await request('GET', '/api/blog/mine', ada);
    expect(response.statusCode).toBe(200);
    const { items } = myPostListSchema.parse(response.json());
    expect(items.map((item) => [item.id, item.status, item.liveSlug, item.hasUnpublishedChanges])).toEqual([
      [live.id, 'published', 'a-live-one', true],
      [draft.id, 'draft', null, true],
    ]);
    expect((await request('GET', '/api/blog/mine')).statusCode).toBe(401);
  });

  it('features a post for administrators only', async () => {
    const ada = await signUp('Featured Writer');
    const admin = await signUp('Featuring Admin');
    await context.db.orm.execute(sql`update users set role = 'admin' where id = ${admin.id}`);
    const post = await published(ada, { title: 'Worth Featuring' });
    const refused = await request('PUT', `/api/blog/posts/${post.id}/featured`, ada, { featured: true });
    expect(refused.statusCode).toBe(403);
    const response = await request('PUT', `/api/blog/posts/${post.id}/featured`, admin, { featured: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ featured: true });
    expect((await edit(ada, post.id)).featured).toBe(true);
    const read = postSchema.parse(
      (await request('GET', '/api/blog/posts/by-slug/worth-featuring', admin)).json(),
    );
    expect(read).toMatchObject({ featured: true, canModerate: true, canEdit: false });
  });
});
