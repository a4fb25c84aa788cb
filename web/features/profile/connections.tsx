import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import Link from '@mui/material/Link';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutlineOutlined';
import StyleOutlinedIcon from '@mui/icons-material/StyleOutlined';
import { EmptyState } from '../../components/empty-state.tsx';
import { Link as RouterLink } from 'react-router';
import type { ProfileSummary } from '../../../contracts/profiles.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { QueryError } from '../../components/query-error.tsx';
import { connectionsQuery, displayNameOf } from './api.ts';
import type { ConnectionDirection, ProfileCardList } from './api.ts';
import { ProfileCards } from './profile-cards.tsx';
import { ProfileBadges } from './profile-header.tsx';
import { ProfileAvatar } from '../../components/profile-avatar.tsx';

/** The sentences for lists with nothing in them, worded for whose profile it is. */
export interface EmptySentences {
  followers: string;
  following: string;
  cards: string;
  liked: string;
}

/** The one action that fills an empty list, where its owner has one (the own profile). */
export type EmptyActions = Partial<Record<ProfileTab, { label: string; to: string }>>;

/** An empty list of one tab: its icon, its sentence and, when there is one, the action that fills it. */
export function EmptyTab({
  tab,
  sentence,
  action,
}: {
  tab: ProfileTab;
  sentence: string;
  action?: { label: string; to: string };
}) {
  return (
    <EmptyState icon={isConnection(tab) ? <PeopleOutlineIcon /> : <StyleOutlinedIcon />} link={action}>
      {sentence}
    </EmptyState>
  );
}

export type ProfileTab = ConnectionDirection | ProfileCardList;

const tabs: { direction: ProfileTab; label: string }[] = [
  { direction: 'followers', label: 'Followers' },
  { direction: 'following', label: 'Following' },
  { direction: 'cards', label: 'Cards' },
  { direction: 'liked', label: 'Liked' },
];

const isConnection = (tab: ProfileTab): tab is ConnectionDirection =>
  tab === 'followers' || tab === 'following';

/**
 * The lists of one profile: Followers and Following (unless the owner hides them), Cards, and Liked (the
 * server shows what someone liked to that person only). Each list loads when its tab is first opened.
 */
export function ConnectionsTabs({
  profileKey,
  empty,
  emptyActions = {},
  showConnections = true,
  showLiked = false,
}: {
  profileKey: string;
  empty: EmptySentences;
  emptyActions?: EmptyActions;
  showConnections?: boolean;
  showLiked?: boolean;
}) {
  const shown = tabs.filter(
    (tab) => (showConnections || !isConnection(tab.direction)) && (showLiked || tab.direction !== 'liked'),
  );
  const [chosen, setDirection] = useState<ProfileTab>(shown[0]?.direction ?? 'cards');
  // A tab that went away (the owner hid their follow lists meanwhile) gives way to the first one left.
  const direction = shown.some((tab) => tab.direction === chosen) ? chosen : (shown[0]?.direction ?? 'cards');
  const baseId = useId();
  const tabId = (value: ProfileTab) => `${baseId}-tab-${value}`;
  const panelId = (value: ProfileTab) => `${baseId}-panel-${value}`;
  return (
    <Box sx={{ mt: 4 }}>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={direction}
          onChange={(_event, value: ProfileTab) => setDirection(value)}
          aria-label="People and cards"
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {shown.map((tab) => (
            <Tab
              key={tab.direction}
              value={tab.direction}
              label={tab.label}
              id={tabId(tab.direction)}
              aria-controls={panelId(tab.direction)}
            />
          ))}
        </Tabs>
      </Box>
      {/* Only the open panel is rendered: the other list is not asked for until someone opens its tab. */}
      <Box role="tabpanel" id={panelId(direction)} aria-labelledby={tabId(direction)} sx={{ pt: 2 }}>
        {isConnection(direction) ? (
          <ConnectionList
            key={`${profileKey}-${direction}`}
            profileKey={profileKey}
            direction={direction}
            empty={<EmptyTab tab={direction} sentence={empty[direction]} action={emptyActions[direction]} />}
          />
        ) : (
          <ProfileCards
            key={`${profileKey}-${direction}`}
            profileKey={profileKey}
            list={direction}
            empty={<EmptyTab tab={direction} sentence={empty[direction]} action={emptyActions[direction]} />}
          />
        )}
      </Box>
    </Box>
  );
}

function ConnectionList({
  profileKey,
  direction,
  empty,
}: {
  profileKey: string;
  direction: ConnectionDirection;
  empty: ReactNode;
}) {
  const query = useInfiniteQuery(connectionsQuery(profileKey, direction));
  const links = useRef(new Map<number, HTMLAnchorElement>());
  // After "Show more", focus moves to the first new person: the button vanishes with the last page, and
  // keyboard users should carry on from where the new entries begin.
  const pendingFocus = useRef<number | null>(null);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];

  // Runs after every render: the first one that shows the new entries moves focus to them.
  useEffect(() => {
    if (pendingFocus.current === null) return;
    const link = links.current.get(pendingFocus.current);
    if (!link) return;
    pendingFocus.current = null;
    link.focus();
  });

  if (query.isPending) {
    return (
      <Box sx={{ py: 2 }}>
        <CircularProgress
          size={28}
          aria-label={direction === 'followers' ? 'Loading followers' : 'Loading following'}
        />
      </Box>
    );
  }
  // A later page that failed keeps the pages already shown; only a first page that failed replaces the list.
  if (query.data === undefined) {
    return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (items.length === 0) return <>{empty}</>;

  const showMore = async () => {
    // A second press while a page is on its way would only ask for the same page again.
    if (query.isFetchingNextPage) return;
    pendingFocus.current = items.length;
    const result = await query.fetchNextPage();
    if (result.isError) pendingFocus.current = null;
  };

  return (
    <>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {items.map((person, index) => (
          <ConnectionItem
            key={person.key}
            person={person}
            linkRef={(element) => {
              if (element) links.current.set(index, element);
              else links.current.delete(index);
            }}
          />
        ))}
      </Box>
      {query.isFetchNextPageError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorSentence(query.error)}
        </Alert>
      ) : null}
      {query.hasNextPage ? (
        <Button
          variant="outlined"
          sx={{ mt: 2 }}
          onClick={() => void showMore()}
          // Not `disabled`, which would drop keyboard focus while the page loads; showMore ignores the press.
          aria-disabled={query.isFetchingNextPage}
        >
          Show more
        </Button>
      ) : null}
    </>
  );
}

function ConnectionItem({
  person,
  linkRef,
}: {
  person: ProfileSummary;
  linkRef: (element: HTMLAnchorElement | null) => void;
}) {
  const name = displayNameOf(person);
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <ProfileAvatar name={name} photoURL={person.photoURL} size={48} alt="" />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
        <Typography variant="body2">
          <Link component={RouterLink} to={`/u/${person.handle}`} ref={linkRef}>
            @{person.handle}
          </Link>
        </Typography>
      </Box>
      <ProfileBadges rank={person.rank} isSubscribed={person.isSubscribed} />
    </Box>
  );
}
