import type { BlogComment } from '../../../../contracts/blog.ts';

/** A comment with its replies, oldest first. */
export interface CommentNode {
  comment: BlogComment;
  replies: CommentNode[];
}

/**
 * The thread of a post's comments: top-level comments in the order given (oldest first), each with its
 * replies beneath. A reply whose parent is missing (not sent) is shown at the top level rather than lost.
 */
export function commentTree(comments: readonly BlogComment[]): CommentNode[] {
  const nodes = new Map(comments.map((comment) => [comment.id, { comment, replies: [] } as CommentNode]));
  const roots: CommentNode[] = [];
  for (const comment of comments) {
    const node = nodes.get(comment.id);
    if (!node) continue;
    const parent = comment.parentId ? nodes.get(comment.parentId) : undefined;
    if (parent && parent !== node) parent.replies.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Replies are indented up to this depth; deeper ones line up with it, so a long exchange stays readable. */
export const maxIndentDepth = 3;
