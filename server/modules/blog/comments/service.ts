import type { BlogComment } from '../../../../contracts/blog.ts';
import type { ReportReason } from '../../../../contracts/profiles.ts';
import { mayReadPost } from '../../../db/visibility.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { ModerationService } from '../../moderation/index.ts';
import { profileSummaryOf } from '../../profiles/index.ts';
import type { CommentsRepository } from './repository.ts';

/** Who reads or writes: a profile key and whether they are an administrator; undefined for a visitor. */
export type CommentReader = { key: string; admin: boolean } | undefined;

/**
 * How deep a thread goes: a top-level comment is at depth 1, a reply to it at 2, a reply to that at 3. A reply
 * to a comment at depth 3 is attached to that comment's parent instead (so it lands beside the comment it
 * answers), which keeps threads readable on a phone without refusing anyone's reply.
 */
export const MAX_COMMENT_DEPTH = 3;

type Row = Awaited<ReturnType<CommentsRepository['thread']>>[number];

function stateOf(comment: Row['comment']): BlogComment['state'] {
  if (!comment.deletedAt) return 'visible';
  return comment.removedBy ? 'removed' : 'deleted';
}

/** A stored comment as the reader sees it: a deleted one keeps its place without its text. */
export function presentComment({ comment, author }: Row, reader: CommentReader): BlogComment {
  const state = stateOf(comment);
  return {
    id: comment.id,
    parentId: comment.parentId,
    author: profileSummaryOf(author),
    body: state === 'visible' ? comment.body : '',
    createdAt: comment.createdAt.toISOString(),
    editedAt: comment.editedAt?.toISOString() ?? null,
    state,
    canDelete: state === 'visible' && reader !== undefined && (reader.admin || reader.key === author.key),
  };
}

const postNotFound = () => new AppError('common/not-found', { message: 'There is no such post.' });
const commentNotFound = () => new AppError('common/not-found', { message: 'There is no such comment.' });

/** Comments on blog posts: the thread, writing, deleting and reporting. */
export function createCommentsService(repository: CommentsRepository, moderation: ModerationService) {
  /** The parent a reply is stored under: `parentId` itself, or its parent when it is at the deepest level. */
  async function parentFor(postId: string, parentId: string, writerKey: string): Promise<string> {
    const parent = await repository.comment(parentId);
    if (!parent || parent.comment.postId !== postId || parent.comment.deletedAt)
      throw new AppError('blog/invalid-parent');
    // Someone who blocks the writer (or whom they block) is not answered: the writer does not see them.
    if (await repository.blocked(writerKey, parent.comment.authorKey))
      throw new AppError('blog/invalid-parent');
    let depth = 1;
    let above = parent.comment.parentId;
    const chain = [parent.comment.id];
    while (above && depth < MAX_COMMENT_DEPTH) {
      chain.push(above);
      depth++;
      above = (await repository.comment(above))?.comment.parentId ?? null;
    }
    // `chain` runs from the parent up to the top: a parent at the deepest level passes its reply to its own parent.
    return depth >= MAX_COMMENT_DEPTH ? chain[1]! : parentId;
  }

  return {
    /** Every comment of a published post, oldest first, without those of people blocked either way. */
    async list(reader: CommentReader, postId: string): Promise<BlogComment[]> {
      if (!(await repository.publishedPost(postId))) throw postNotFound();
      const rows = await repository.thread(postId, reader?.key);
      return rows.map((row) => presentComment(row, reader));
    },

    /** Adds a comment (or a reply) to a published post and counts it on the post. */
    async create(
      reader: NonNullable<CommentReader>,
      postId: string,
      input: { body: string; parentId: string | null },
    ): Promise<BlogComment> {
      const post = await repository.publishedPost(postId);
      if (!post) throw postNotFound();
      if (await repository.blocked(reader.key, post.authorKey))
        throw new AppError('common/forbidden', { message: 'You can’t comment on this person’s posts.' });
      const parentId = input.parentId ? await parentFor(postId, input.parentId, reader.key) : null;
      const row = await repository.insert({
        postId,
        authorKey: reader.key,
        parentId,
        body: input.body.trim(),
      });
      if (!row) throw postNotFound();
      const stored = await repository.comment(row.id);
      if (!stored) throw commentNotFound();
      return presentComment(stored, reader);
    },

    /**
     * Deletes a comment: its author's deletion leaves "deleted", an administrator's (of someone else's comment)
     * leaves "removed". Replies stay in place. Deleting it again changes nothing.
     */
    async remove(reader: NonNullable<CommentReader>, id: string): Promise<void> {
      const found = await repository.comment(id);
      // Comments of unpublished posts are out of sight for everyone but administrators.
      if (!found || (!mayReadPost(found.post) && !reader.admin)) throw commentNotFound();
      const own = found.comment.authorKey === reader.key;
      if (!own && !reader.admin)
        throw new AppError('common/forbidden', {
          message: 'Only the person who wrote a comment can delete it.',
        });
      await repository.markDeleted(id, own ? null : reader.key);
    },

    /** Reports a comment (not one's own) to the administrators, as a report about its author. */
    async report(
      reader: NonNullable<CommentReader>,
      id: string,
      input: { reason: ReportReason; details: string },
    ): Promise<{ id: string; status: 'open' }> {
      const found = await repository.comment(id);
      if (!found || !mayReadPost(found.post)) throw commentNotFound();
      if (found.comment.authorKey === reader.key)
        throw new AppError('common/bad-request', { message: 'You cannot report your own comment.' });
      const reportId = await moderation.fileReport({
        reporterKey: reader.key,
        reportedKey: found.comment.authorKey,
        blogCommentId: found.comment.id,
        reason: input.reason,
        details: input.details,
      });
      return { id: reportId, status: 'open' };
    },
  };
}
export type CommentsService = ReturnType<typeof createCommentsService>;
