import type { Orm } from '../db/client.ts';
import { createBlogPosts } from '../modules/blog/index.ts';
import { createSeedRepository } from './repository.ts';

const BLOG_SEEDED = 'demo-blog-seeded';

/** A demo post: who writes it, its text, and whether an administrator features it. */
type DemoPost = {
  author: string;
  title: string;
  tags: string[];
  seriesTitle?: string;
  featured?: boolean;
  body: string;
};

/** A few posts so `/blog` is not empty on a fresh site: one featured, and a series of two. */
export const demoPosts: DemoPost[] = [
  {
    author: 'ada_l',
    title: 'Why spaced repetition works',
    tags: ['learning', 'memory'],
    featured: true,
    body: `Forgetting is not a failure of study: it is what makes the next review worth doing.

## The forgetting curve

A memory fades fastest just after it is made. Each review at the edge of forgetting makes it last longer, so
the gaps between reviews can grow: a day, three days, a week, a month.

## What the scheduler does

The Play section keeps, for every card you study, how stable the memory is and how hard the card is, and asks
again when you are likely to recall it nine times in ten. Answer honestly — *Again* is not a bad grade — and
the intervals take care of themselves.`,
  },
  {
    author: 'mei_chen',
    title: 'Recommenders from scratch: implicit feedback',
    tags: ['recsys', 'machine-learning'],
    seriesTitle: 'Recommenders from scratch',
    body: `Most recommenders never see a rating. They see clicks, plays and purchases: **implicit feedback**.

A click says "interested", but a missing click says very little — the item may never have been shown. That
is why implicit models weigh what was seen more than what was not, instead of treating every gap as a zero.

Next in the series: factorising that matrix with alternating least squares.`,
  },
  {
    author: 'mei_chen',
    title: 'Recommenders from scratch: matrix factorisation with ALS',
    tags: ['recsys', 'machine-learning'],
    seriesTitle: 'Recommenders from scratch',
    body: `Alternating least squares fixes the item vectors and solves for the users, then the other way round.
Each half is an ordinary least-squares problem with a closed form, so every step lowers the loss.

With implicit feedback each observation gets a confidence weight $c_{ui} = 1 + \\alpha r_{ui}$, and the
trick that keeps it fast is that the unobserved entries all share the same weight.`,
  },
];

/**
 * The demo blog posts, published once through the blog service (so slugs, series and revisions are real). A
 * run cut short resumes: a post whose slug is live already is skipped.
 */
export async function seedDemoBlog(
  orm: Orm,
  keyOf: (handle: string) => string,
  log: { info: (message: string) => void },
): Promise<void> {
  const seed = createSeedRepository(orm);
  if (await seed.isDone(BLOG_SEEDED)) return;
  const blog = createBlogPosts(orm);
  let made = 0;
  for (const post of demoPosts) {
    const authorKey = keyOf(post.author);
    const draft = await blog.create(authorKey, {
      title: post.title,
      body: post.body,
      tags: post.tags,
      seriesTitle: post.seriesTitle ?? null,
    });
    if (draft.slug.endsWith(`-${draft.id.slice(0, 8)}`)) {
      // The title's slug is taken: this post was published by a run cut short. Drop the new draft.
      await blog.remove(draft.id, { key: authorKey, admin: false });
      continue;
    }
    await blog.publish(draft.id, authorKey, {});
    if (post.featured) await blog.setFeatured(draft.id, true);
    made++;
  }
  await seed.markDone(BLOG_SEEDED);
  log.info(`Demo content: ${made} blog posts added`);
}
