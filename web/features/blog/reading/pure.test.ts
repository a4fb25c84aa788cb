import { describe, expect, it } from 'vitest';
import { headingIds, headingSlug } from '../../../components/markdown/heading-ids.ts';
import { postListSearch } from '../api.ts';
import { filtersOf } from './blog-page.tsx';
import { commentTree } from './comment-tree.ts';
import { feedPaths, readingTime } from './paths.ts';
import { pageHref } from './post-list.tsx';
import { neighbours } from './series-nav.tsx';
import { shareLinks } from './share-links.ts';
import { commentFixture, commentId, postFixture } from './test-fixtures.ts';

describe('blog reading helpers', () => {
  it('makes heading ids from the words, unique in order', () => {
    expect(headingSlug('Why Graphs Matter?')).toBe('why-graphs-matter');
    expect(headingSlug('Écoles & Café')).toBe('ecoles-cafe');
    expect(headingSlug('!!!')).toBe('section');
    expect(headingIds(['Intro', 'Intro', 'root'])).toEqual([
      'section-intro',
      'section-intro-2',
      'section-root',
    ]);
  });

  it('builds the thread from parent ids, keeping orphans at the top', () => {
    const tree = commentTree([
      commentFixture(1),
      commentFixture(2, { parentId: commentId(1) }),
      commentFixture(3, { parentId: commentId(2) }),
      commentFixture(4),
      commentFixture(5, { parentId: commentId(99) }),
    ]);
    expect(tree.map((node) => node.comment.id)).toEqual([commentId(1), commentId(4), commentId(5)]);
    expect(tree[0]?.replies[0]?.comment.id).toBe(commentId(2));
    expect(tree[0]?.replies[0]?.replies[0]?.comment.id).toBe(commentId(3));
  });

  it('chooses the feed of an author, else a tag, else the blog', () => {
    expect(feedPaths()).toEqual({ rss: '/blog/rss.xml', atom: '/blog/atom.xml' });
    expect(feedPaths({ tag: 'c++' }).rss).toBe('/blog/tags/c%2B%2B/rss.xml');
    expect(feedPaths({ tag: 'x', author: 'ada' })).toEqual({
      rss: '/blog/authors/ada/rss.xml',
      atom: '/blog/authors/ada/atom.xml',
    });
    expect(readingTime(0)).toBe('1 min read');
  });

  it('reads filters from the address and writes only the set ones to the API', () => {
    expect(filtersOf(new URLSearchParams('q=%20graph%20&tag=math&page=3'))).toEqual({
      q: 'graph',
      tag: 'math',
      author: '',
      series: '',
      page: 3,
    });
    expect(filtersOf(new URLSearchParams('page=-2')).page).toBe(1);
    expect(postListSearch({ q: '', tag: 'math', page: 1 })).toBe('tag=math');
    expect(postListSearch({ featured: true })).toBe('featured=true');
    expect(postListSearch({ author: 'ada', page: 2 })).toBe('author=ada&page=2');
  });

  it('keeps the filters in page links and drops page 1', () => {
    expect(pageHref('/blog', '?tag=math&page=2', 3)).toBe('/blog?tag=math&page=3');
    expect(pageHref('/blog', '?page=2', 1)).toBe('/blog');
  });

  it('finds the parts around a post in its series, by position', () => {
    const series = postFixture().series;
    if (!series) throw new Error('fixture has a series');
    const around = neighbours({ ...series, posts: [...series.posts].reverse() }, 'why-graphs');
    expect(around.index).toBe(1);
    expect(around.previous?.slug).toBe('graphs-intro');
    expect(around.next?.slug).toBe('graph-search');
    expect(neighbours(series, 'graph-search').next).toBeUndefined();
  });

  it('encodes the address and title in share links', () => {
    expect(shareLinks('https://a.example/blog/x', 'A & B')).toEqual([
      {
        label: 'Share on X',
        href: 'https://x.com/intent/tweet?url=https%3A%2F%2Fa.example%2Fblog%2Fx&text=A%20%26%20B',
      },
      {
        label: 'Share on LinkedIn',
        href: 'https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fa.example%2Fblog%2Fx',
      },
      {
        label: 'Share by email',
        href: 'mailto:?subject=A%20%26%20B&body=https%3A%2F%2Fa.example%2Fblog%2Fx',
      },
    ]);
  });
});
