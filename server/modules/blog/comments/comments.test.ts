import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { commentListSchema, commentSchema, type BlogComment } from '../../../../contracts/blog.ts';
import { adminReportListSchema } from '../../../../contracts/profiles.ts';
import { blogPosts } from '../../../db/schema.ts';
import { setupTestApp } from '../../../test/app.ts';
import { blogFactory } from '../../../test/blog.ts';
import { people, type Person } from '../../../test/people.ts';

describe('comments on blog posts', () => {
  const context = setupTestApp({ ADMIN_EMAILS: 'comment.moderator@example.org' });
  const { signUp, request } = people(context, '198.19.4');
  const blog = blogFactory(context);
  let author: Person;
  let reader: Person;
  let other: Person;
  let admin: Person;

  beforeAll(async () => {
    author = await signUp('Post Author');
    reader = await signUp('Keen Reader');
    other = await signUp('Other Reader');
    admin = await signUp('Comment Moderator', 'comment.moderator@example.org');
  });

  async function count(postId: string) {
    const [row] = await context.db.orm
      .select({ comments: blogPosts.comments })
      .from(blogPosts)
      .where(eq(blogPosts.id, postId));
    return row!.comments;
  }

  async function write(person: Person, postId: string, body: string, parentId: string | null = null) {
    const response = await request('POST', `/api/blog/posts/${postId}/comments`, person, { body, parentId });
    expect(response.statusCode, response.body).toBe(201);
    return commentSchema.parse(response.json());
  }

  async function thread(postId: string, person?: Person): Promise<BlogComment[]> {
    const response = await request('GET', `/api/blog/posts/${postId}/comments`, person);
    expect(response.statusCode, response.body).toBe(200);
    return commentListSchema.parse(response.json()).items;
  }

  it('keeps a thread oldest first, with deleted and removed comments in their place, and counts it exactly', async () => {
    const post = await blog.post(author.id);
    const first = await write(reader, post.id, '  First, with **bold**.  ');
    expect(first).toMatchObject({
      parentId: null,
      body: 'First, with **bold**.',
      state: 'visible',
      canDelete: true,
      editedAt: null,
      author: { key: reader.id, handle: expect.any(String) },
    });
    const reply = await write(other, post.id, 'A reply', first.id);
    const third = await write(other, post.id, 'Third');
    expect(await count(post.id)).toBe(3);

    // The commenter deletes their own; an administrator removes someone else's.
    expect((await request('DELETE', `/api/blog/comments/${first.id}`, other)).statusCode).toBe(403);
    expect((await request('DELETE', `/api/blog/comments/${first.id}`, reader)).statusCode).toBe(204);
    expect((await request('DELETE', `/api/blog/comments/${first.id}`, reader)).statusCode).toBe(204);
    expect((await request('DELETE', `/api/blog/comments/${third.id}`, admin)).statusCode).toBe(204);
    expect(await count(post.id)).toBe(1);

    const seen = await thread(post.id, other);
    expect(seen.map((c) => [c.id, c.parentId, c.state, c.body, c.canDelete])).toEqual([
      [first.id, null, 'deleted', '', false],
      [reply.id, first.id, 'visible', 'A reply', true],
      [third.id, null, 'removed', '', false],
    ]);
    // A visitor sees the same thread and may delete nothing; an administrator may delete what is visible.
    expect((await thread(post.id)).map((c) => c.canDelete)).toEqual([false, false, false]);
    expect((await thread(post.id, admin)).map((c) => c.canDelete)).toEqual([false, true, false]);
  });

  it('attaches a reply to a comment at the deepest level to that comment’s parent', async () => {
    const post = await blog.post(author.id);
    const top = await write(reader, post.id, 'Depth 1');
    const second = await write(other, post.id, 'Depth 2', top.id);
    const third = await write(reader, post.id, 'Depth 3', second.id);
    const fourth = await write(other, post.id, 'Would be depth 4', third.id);
    expect(third.parentId).toBe(second.id);
    expect(fourth.parentId).toBe(second.id);
  });

  it('refuses a parent from another post, a deleted parent, unknown posts and drafts', async () => {
    const post = await blog.post(author.id);
    const elsewhere = await blog.post(author.id);
    const foreign = await write(reader, elsewhere.id, 'On another post');
    const wrong = await request('POST', `/api/blog/posts/${post.id}/comments`, reader, {
      body: 'Hello',
      parentId: foreign.id,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.code).toBe('blog/invalid-parent');
    const missing = await request('POST', `/api/blog/posts/${post.id}/comments`, reader, {
      body: 'Hello',
      parentId: crypto.randomUUID(),
    });
    expect(missing.json().error.code).toBe('blog/invalid-parent');
    await request('DELETE', `/api/blog/comments/${foreign.id}`, reader);
    const deleted = await request('POST', `/api/blog/posts/${elsewhere.id}/comments`, other, {
      body: 'Hello',
      parentId: foreign.id,
    });
    expect(deleted.json().error.code).toBe('blog/invalid-parent');
    expect(await count(post.id)).toBe(0);
    expect(await count(elsewhere.id)).toBe(0);

    const empty = await request('POST', `/api/blog/posts/${post.id}/comments`, reader, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    const draft = await blog.post(author.id, { status: 'draft', slug: null });
    const onDraft = await request('POST', `/api/blog/posts/${draft.id}/comments`, reader, { body: 'Early' });
    expect(onDraft.statusCode).toBe(404);
    expect((await request('GET', `/api/blog/posts/${draft.id}/comments`)).statusCode).toBe(404);
    expect(
      (await request('POST', `/api/blog/posts/${post.id}/comments`, undefined, { body: 'x' })).statusCode,
    ).toBe(401);
  });

  it('leaves out comments by people the reader blocks or who block the reader', async () => {
    const post = await blog.post(author.id);
    const blocker = await signUp('Blocking Reader');
    const blocked = await signUp('Blocked Commenter');
    await write(blocked, post.id, 'From the blocked one');
    await write(other, post.id, 'From someone else');
    expect((await request('PUT', `/api/profiles/${blocked.id}/block`, blocker)).statusCode).toBe(200);

    expect((await thread(post.id, blocker)).map((c) => c.body)).toEqual(['From someone else']);
    // Both ways: the blocked person no longer sees the blocker's comments either.
    await write(blocker, post.id, 'From the blocker');
    expect((await thread(post.id, blocked)).map((c) => c.body)).toEqual([
      'From the blocked one',
      'From someone else',
    ]);
    expect((await thread(post.id)).map((c) => c.body)).toEqual([
      'From the blocked one',
      'From someone else',
      'From the blocker',
    ]);
  });

  it('files a report about the commenter that the administrators see with the comment, and can remove it', async () => {
    const post = await blog.post(author.id, { slug: 'reported-comment-post' });
    const rude = await write(other, post.id, 'Something rude');
    const own = await request('POST', `/api/blog/comments/${rude.id}/reports`, other, { reason: 'spam' });
    expect(own.statusCode).toBe(400);
    const filed = await request('POST', `/api/blog/comments/${rude.id}/reports`, reader, {
      reason: 'harassment',
      details: 'Rude to the author',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.json()).toEqual({ id: expect.any(String), status: 'open' });

    const list = adminReportListSchema.parse((await request('GET', '/api/admin/reports', admin)).json());
    const report = list.items.find((item) => item.id === filed.json().id);
    expect(report).toMatchObject({
      reason: 'harassment',
      details: 'Rude to the author',
      reporter: { key: reader.id },
      reported: { key: other.id },
      message: null,
      blogComment: {
        id: rude.id,
        body: 'Something rude',
        removed: false,
        url: `/blog/reported-comment-post#comment-${rude.id}`,
      },
    });

    expect((await request('DELETE', `/api/blog/comments/${rude.id}`, admin)).statusCode).toBe(204);
    const after = adminReportListSchema.parse((await request('GET', '/api/admin/reports', admin)).json());
    expect(after.items.find((item) => item.id === filed.json().id)?.blogComment).toEqual({
      id: rude.id,
      body: '',
      removed: true,
      url: `/blog/reported-comment-post#comment-${rude.id}`,
    });
    expect((await thread(post.id)).map((c) => c.state)).toEqual(['removed']);
  });
});
