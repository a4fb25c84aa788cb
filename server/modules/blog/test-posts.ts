import { expect } from 'vitest';
import {
  editablePostSchema,
  type EditablePost,
  type PostContent,
  type SavePostInput,
} from '../../../contracts/blog.ts';
import type { TestContext } from '../../test/app.ts';
import { people, type Person } from '../../test/people.ts';

/** Blog helpers for this module's tests: writing a post through the API as its author would. */
export function blogPosts(context: TestContext, addressPrefix: string) {
  const { signUp, request } = people(context, addressPrefix);

  async function create(author: Person, start: Partial<PostContent> = {}): Promise<EditablePost> {
    const response = await request('POST', '/api/blog/posts', author, start);
    expect(response.statusCode, response.body).toBe(201);
    return editablePostSchema.parse(response.json());
  }

  function input(post: EditablePost, changes: Partial<SavePostInput>): SavePostInput {
    return {
      title: post.title,
      body: post.body,
      excerpt: post.excerpt,
      seoDescription: post.seoDescription,
      coverURL: post.coverURL,
      coverAlt: post.coverAlt,
      tags: post.tags,
      seriesTitle: post.seriesTitle,
      slug: post.slug,
      baseRevision: post.revision,
      ...changes,
    };
  }

  /** Saves changes over the post's revision; answers the post as the editor then opens it. */
  async function save(author: Person, post: EditablePost, changes: Partial<SavePostInput>) {
    const response = await request('PUT', `/api/blog/posts/${post.id}/draft`, author, input(post, changes));
    expect(response.statusCode, response.body).toBe(200);
    return edit(author, post.id);
  }

  async function edit(author: Person, id: string): Promise<EditablePost> {
    const response = await request('GET', `/api/blog/posts/${id}/edit`, author);
    expect(response.statusCode, response.body).toBe(200);
    return editablePostSchema.parse(response.json());
  }

  async function publish(author: Person, id: string, at?: string): Promise<EditablePost> {
    const response = await request('POST', `/api/blog/posts/${id}/publish`, author, at ? { at } : {});
    expect(response.statusCode, response.body).toBe(200);
    return editablePostSchema.parse(response.json());
  }

  /** A new post with `content`, published now. */
  async function published(author: Person, content: Partial<PostContent>): Promise<EditablePost> {
    const post = await create(author, { body: 'Some words to read.', ...content });
    return publish(author, post.id);
  }

  async function handleOf(person: Person): Promise<string> {
    const { rows } = await context.db.pool.query<{ handle: string }>(
      'select handle from profiles where key = $1',
      [person.id],
    );
    return rows[0]!.handle;
  }

  return { signUp, request, create, input, save, edit, publish, published, handleOf };
}
