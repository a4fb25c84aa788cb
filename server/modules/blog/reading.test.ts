import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  blogAuthorSchema,
  blogFacetsSchema,
  postListSchema,
  postSchema,
  type EditablePost,
} from '../../../contracts/blog.ts';
import { setupTestApp } from '../../test/app.ts';
import type { Person } from '../../test/people.ts';
import { blogPosts } from './test-posts.ts';

// One database for the file, so every list below is computed by hand from the fourteen posts made here.
describe('reading the blog: lists, search, facets, blocks, likes, authors', () => {
  const context = setupTestApp();
  const { signUp, request, create, published, handleOf } = blogPosts(context, '100.72.0');
  let ada: Person, bob: Person, cyd: Person, dee: Person;
  let basics: EditablePost, colouring: EditablePost, cooking: EditablePost;
  const fillers: EditablePost[] = [];
  let handles: Record<'ada' | 'bob' | 'cyd', string>;

  beforeAll(async () => {
    [ada, bob, cyd, dee] = [
      await signUp('Ada Reader'),
      await signUp('Bob Reader'),
      await signUp('Cyd Reader'),
      await signUp('Dee Reader'),
    ];
    basics = await published(ada, {
      title: 'Graph Search Basics',
      body: 'A graph, another graph, one more graph.',
      tags: ['graphs', 'search'],
      seriesTitle: 'Graphs',
    });
    colouring = await published(ada, {
      title: 'Graph Colouring',
      body: 'Colour the vertices.',
      excerpt: 'A short summary.',
      tags: ['graphs'],
      seriesTitle: 'Graphs',
    });
    cooking = await published(bob, {
      title: 'Cooking with Rust',
      body: 'Ownership and the borrow checker draw a graph of lifetimes.',
      tags: ['rust'],
    });
    for (let n = 0; n < 11; n++)
      fillers.push(
        await published(cyd, { title: `Filler ${n}`, body: `Plain text ${n}.`, tags: ['filler'] }),
      );
    // Minutes apart in the order made, so "newest first" is this order reversed.
    const order = [basics, colouring, cooking, ...fillers].map((post) => post.id);
    for (const [index, id] of order.entries())
      await context.db.orm.execute(
        sql`update blog_posts set published_at = timestamptz '2026-01-01T00:00:00Z' + ${index} * interval '1 minute' where id = ${id}`,
      );
    await context.db.orm.execute(sql`update blog_posts set featured = true where id = ${colouring.id}`);
    // A draft is nobody's to read.
    await create(ada, { title: 'Unfinished', body: 'Graph graph graph.' });
    handles = { ada: await handleOf(ada), bob: await handleOf(bob), cyd: await handleOf(cyd) };
  });

  async function list(query: string, reader?: Person) {
    const response = await request('GET', `/api/blog/posts${query}`, reader);
    expect(response.statusCode, response.body).toBe(200);
    return postListSchema.parse(response.json());
  }
  const titles = (page: { items: { title: string }[] }) => page.items.map((item) => item.title);
  const fillerTitles = (from: number, to: number) =>
    Array.from({ length: from - to + 1 }, (_, i) => `Filler ${from - i}`);

  it('lists published posts newest first, twelve to a page', async () => {
    const first = await list('');
    expect({ total: first.total, page: first.page, pageCount: first.pageCount }).toEqual({
      total: 14,
      page: 1,
      pageCount: 2,
    });
    expect(titles(first)).toEqual([...fillerTitles(10, 0), 'Cooking with Rust']);
    const second = await list('?page=2');
    expect(titles(second)).toEqual(['Graph Colouring', 'Graph Search Basics']);
    expect(second.items[0]).toMatchObject({
      excerpt: 'A short summary.',
      featured: true,
      series: { slug: 'graphs', title: 'Graphs' },
      publishedAt: '2026-01-01T00:01:00.000Z',
      readingMinutes: 1,
    });
    // Without an excerpt of its own, the start of the body's plain text.
    expect(second.items[1]!.excerpt).toBe('A graph, another graph, one more graph.');
    expect(titles(await list('?page=3'))).toEqual([]);
  });

  it('filters by tag, author, series and featured', async () => {
    expect(titles(await list('?tag=graphs'))).toEqual(['Graph Colouring', 'Graph Search Basics']);
    expect(titles(await list('?tag=%23Graphs'))).toEqual(['Graph Colouring', 'Graph Search Basics']);
    expect(titles(await list(`?author=${handles.bob}`))).toEqual(['Cooking with Rust']);
    expect(titles(await list('?series=graphs'))).toEqual(['Graph Colouring', 'Graph Search Basics']);
    expect(titles(await list('?featured=true'))).toEqual(['Graph Colouring']);
    expect((await list('?featured=false')).total).toBe(13);
    expect((await list('?tag=nothing-here')).total).toBe(0);
    expect((await list('?tag=graphs&author=' + handles.bob)).total).toBe(0);
  });

  it('finds words by relevance: title matches first, more matches higher', async () => {
    // All three say "graph": two in the title (the one saying it four times first), one only in the body.
    expect(titles(await list('?q=graph'))).toEqual([
      'Graph Search Basics',
      'Graph Colouring',
      'Cooking with Rust',
    ]);
    expect(titles(await list('?q=borrowing'))).toEqual(['Cooking with Rust']);
    expect(titles(await list('?q=colour%20vertices'))).toEqual(['Graph Colouring']);
    expect((await list('?q=graph&tag=rust')).total).toBe(1);
  });

  it('offers tags, authors and series, most used first', async () => {
    const facets = blogFacetsSchema.parse((await request('GET', '/api/blog/facets')).json());
    expect(facets.tags).toEqual([
      { tag: 'filler', posts: 11 },
      { tag: 'graphs', posts: 2 },
      { tag: 'rust', posts: 1 },
      { tag: 'search', posts: 1 },
    ]);
    expect(facets.authors.map((entry) => [entry.author.handle, entry.posts])).toEqual([
      [handles.cyd, 11],
      [handles.ada, 2],
      [handles.bob, 1],
    ]);
    expect(facets.series).toEqual([{ slug: 'graphs', title: 'Graphs', posts: 2 }]);
  });

  it('reads a post by slug, with the reader’s state, and 404 for unknown slugs', async () => {
    const read = postSchema.parse(
      (await request('GET', '/api/blog/posts/by-slug/graph-colouring', ada)).json(),
    );
    expect(read).toMatchObject({
      canEdit: true,
      canModerate: false,
      likedByViewer: false,
      authorFollowers: 0,
      excerpt: 'A short summary.',
      excerptWritten: true,
    });
    const derived = postSchema.parse(
      (await request('GET', '/api/blog/posts/by-slug/graph-search-basics')).json(),
    );
    expect(derived).toMatchObject({
      excerpt: 'A graph, another graph, one more graph.',
      excerptWritten: false,
    });
    expect((await request('GET', '/api/blog/posts/by-slug/unfinished')).statusCode).toBe(404);
    expect((await request('GET', '/api/blog/posts/by-slug/no-such-post')).statusCode).toBe(404);
  });

  it('keeps likes idempotent and the count exact', async () => {
    const like = async (person: Person, method: 'PUT' | 'DELETE') => {
      const response = await request(method, `/api/blog/posts/${basics.id}/like`, person);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    expect(await like(cyd, 'PUT')).toEqual({ liked: true, likes: 1 });
    expect(await like(cyd, 'PUT')).toEqual({ liked: true, likes: 1 });
    expect(await like(dee, 'PUT')).toEqual({ liked: true, likes: 2 });
    const read = postSchema.parse(
      (await request('GET', '/api/blog/posts/by-slug/graph-search-basics', dee)).json(),
    );
    expect(read).toMatchObject({ likedByViewer: true, likes: 2 });
    expect(await like(cyd, 'DELETE')).toEqual({ liked: false, likes: 1 });
    expect(await like(cyd, 'DELETE')).toEqual({ liked: false, likes: 1 });
    const { rows } = await context.db.pool.query<{ likes: number; rows: number }>(
      `select likes, (select count(*)::int from blog_post_likes where post_id = $1) as rows
         from blog_posts where id = $1`,
      [basics.id],
    );
    expect(rows[0]).toEqual({ likes: 1, rows: 1 });
    // Not one's own post, and only published ones.
    expect((await request('PUT', `/api/blog/posts/${basics.id}/like`, ada)).statusCode).toBe(400);
    const draft = await create(ada, { title: 'Not Yet' });
    expect((await request('PUT', `/api/blog/posts/${draft.id}/like`, cyd)).statusCode).toBe(404);
  });

  it('gives an author’s page header, 404 for an unknown handle', async () => {
    await request('PUT', `/api/profiles/${ada.id}/follow`, dee);
    const response = await request('GET', `/api/blog/authors/${handles.ada}`, dee);
    expect(response.statusCode, response.body).toBe(200);
    expect(blogAuthorSchema.parse(response.json())).toMatchObject({
      author: { handle: handles.ada },
      followers: 1,
      followsAuthor: true,
      posts: 2,
    });
    expect((await request('GET', '/api/blog/authors/nobody_by_that_name')).statusCode).toBe(404);
  });

  // Last: the block stays for the rest of the file.
  it('hides posts of someone the reader blocks, or who blocks the reader, everywhere', async () => {
    const blocked = await request('PUT', `/api/profiles/${bob.id}/block`, ada);
    expect(blocked.statusCode, blocked.body).toBe(200);
    // Ada no longer meets Bob's posts, nor Bob Ada's; others see everything.
    expect((await list('', ada)).total).toBe(13);
    expect(titles(await list('?q=graph', ada))).toEqual(['Graph Search Basics', 'Graph Colouring']);
    expect((await list('', bob)).total).toBe(12);
    expect((await list('?tag=graphs', bob)).total).toBe(0);
    expect((await list('', cyd)).total).toBe(14);
    expect((await list('')).total).toBe(14);
    expect((await request('GET', '/api/blog/posts/by-slug/cooking-with-rust', ada)).statusCode).toBe(404);
    expect((await request('GET', '/api/blog/posts/by-slug/graph-colouring', bob)).statusCode).toBe(404);
    expect((await request('GET', `/api/blog/authors/${handles.bob}`, ada)).statusCode).toBe(404);
    expect((await request('PUT', `/api/blog/posts/${cooking.id}/like`, ada)).statusCode).toBe(404);
    const facets = blogFacetsSchema.parse((await request('GET', '/api/blog/facets', bob)).json());
    expect(facets.authors.map((entry) => entry.author.handle)).toEqual([handles.cyd, handles.bob]);
    expect(facets.series).toEqual([]);
  });
});
