import { describe, expect, it } from 'vitest';
import { korenPaper, readingListFixture, sarwarPaper } from '../../../test/research-fixtures.ts';
import { draftOf, inputOf, moveItem, slugFromTitle } from './reading-list-draft.ts';

describe('moveItem', () => {
  it('moves an item up or down one place', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });

  it('leaves the order alone at the ends and for a place that is not there', () => {
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 5, -1)).toEqual(['a', 'b']);
  });
});

describe('a reading list’s draft', () => {
  it('makes an address from the title', () => {
    expect(slugFromTitle('Start here: the foundations')).toBe('start-here-the-foundations');
    expect(slugFromTitle('  Über Déjà-vu!  ')).toBe('uber-deja-vu');
  });

  it('keeps a saved list’s address and sends papers in order with trimmed notes', () => {
    const draft = draftOf(readingListFixture());
    draft.items = moveItem(draft.items, 1, -1);
    draft.items[0]!.note = '  Read first.  ';
    expect(inputOf({ ...draft, title: 'Renamed ' })).toEqual({
      slug: 'foundations',
      title: 'Renamed',
      description: 'Neighbourhood methods and latent factors.',
      items: [
        { paperId: korenPaper.id, note: 'Read first.' },
        { paperId: sarwarPaper.id, note: 'Why comparing items beats comparing users.' },
      ],
    });
  });

  it('gives a new list the address of its title', () => {
    expect(inputOf({ ...draftOf(), title: 'Deep models' }).slug).toBe('deep-models');
  });
});
