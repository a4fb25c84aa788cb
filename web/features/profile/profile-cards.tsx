import type { ReactNode } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { CardList } from '../../components/card-list.tsx';
import { useSession } from '../../lib/session.ts';
import { ownProfileKey, profileCardsQuery, type ProfileCardList } from './api.ts';

/** The cards a profile published, or the cards its owner liked, two to a row with "Show more". */
export function ProfileCards({
  profileKey,
  list,
  empty,
}: {
  profileKey: string;
  list: ProfileCardList;
  /** What an empty list shows. */
  empty: ReactNode;
}) {
  const { user } = useSession();
  const query = useInfiniteQuery(profileCardsQuery(profileKey, list, ownProfileKey(user)));
  return (
    <CardList
      query={query}
      label={list === 'cards' ? 'Cards' : 'Liked cards'}
      empty={empty}
      moreLabel="Show more"
      // The profile column is narrow; more than two tiles a row would squeeze the titles.
      maxColumns={2}
    />
  );
}
