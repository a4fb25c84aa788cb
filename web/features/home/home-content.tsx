import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutlineOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import type { CardSummary } from '../../../contracts/cards.ts';
import type { Deck } from '../../../contracts/play.ts';
import { CardGrid, CardGridSkeleton, CardTile } from '../../components/card-tile.tsx';
import { DueCounts } from '../../components/due-counts.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { VisuallyHidden } from '../../components/visually-hidden.tsx';
import { useCourses } from '../../lib/classroom-api.ts';
import { coursePagePath } from '../../lib/classroom-paths.ts';
import { conversationListQuery } from '../../lib/confer-conversations.ts';
import { courseFacts } from '../../lib/course-labels.ts';
import { authPathFor } from '../../lib/navigation.ts';
import { activityQuery, deckListQuery, playOwnerOf } from '../../lib/play-api.ts';
import { formatRelative } from '../../lib/relative-time.ts';
import type { SessionUser } from '../../lib/session.ts';
import { space } from '../../lib/spacing.ts';
import {
  featuredCourseCount,
  featuredDeckQuery,
  featuredSampleCount,
  homeCardCount,
  homeFeedQuery,
} from './api.ts';

/** The home page below its header: the person's day when signed in, the web's best content for a visitor. */
export function HomeContent({ user }: { user: SessionUser | null }) {
  return user ? <YourDay user={user} /> : <VisitorHome />;
}

/** A titled part of the home page; `action` is a link to where the whole of it lives. */
function Part({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'baseline',
          justifyContent: 'space-between',
          columnGap: 2,
          mb: 1.5,
        }}
      >
        <Typography id={id} variant="h5" component="h2" sx={{ flex: '1 1 12rem', minWidth: 0 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Box>
  );
}

/** A link to the page that holds the whole list, at the end of a part's title row. */
function SeeAll({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      component={RouterLink}
      to={to}
      sx={{ whiteSpace: 'nowrap', display: 'inline-block', minWidth: 44, textAlign: 'center', py: 1.25 }}
    >
      {children}
    </Link>
  );
}

/** A few cards from a feed, or what stands in for them while loading, after a failure or when there are none. */
function CardRow({
  query,
  label,
  empty,
}: {
  query: UseQueryResult<{ items: CardSummary[] }>;
  label: string;
  empty: ReactNode;
}) {
  if (query.isPending) {
    return <CardGridSkeleton count={homeCardCount} maxColumns={3} label={`Loading ${label.toLowerCase()}`} />;
  }
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.items.length === 0) return <>{empty}</>;
  return (
    <CardGrid label={label} maxColumns={3}>
      {query.data.items.map((card) => (
        <li key={card.id}>
          <CardTile card={card} />
        </li>
      ))}
    </CardGrid>
  );
}

const twoColumns = {
  display: 'grid',
  gap: space.section,
  alignItems: 'start',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
} as const;

const sideColumn = { display: 'grid', gap: space.section, alignContent: 'start' } as const;

/** A signed-in person's day: what is due, what they studied last, unread conversations, then new cards. */
function YourDay({ user }: { user: SessionUser }) {
  const owner = playOwnerOf(user);
  const following = useQuery(homeFeedQuery('following', owner));
  const trending = useQuery(homeFeedQuery('trending', owner));
  return (
    <Box sx={twoColumns}>
      {/* First in reading order (and on a phone): the next thing to do. */}
      <Box sx={{ ...sideColumn, gridColumn: { md: 2 }, gridRow: { md: 1 } }}>
        <DueToday owner={owner} />
        <Conversations owner={owner} />
      </Box>
      <Box sx={{ display: 'grid', gap: space.section, gridColumn: { md: 1 }, gridRow: { md: 1 } }}>
        <Part
          id="home-following"
          title="New from people you follow"
          action={<SeeAll to="/exploration?tab=following">All in Explore</SeeAll>}
        >
          <CardRow
            query={following}
            label="New cards from people you follow"
            empty={
              <EmptyState
                icon={<PeopleOutlineIcon />}
                link={{ to: '/exploration?tab=trending', label: 'Find people in Explore' }}
              >
                Follow people to see their new cards here.
              </EmptyState>
            }
          />
        </Part>
        <TrendingPart query={trending} more="More" fill={{ to: '/build', label: 'Build a card' }} />
      </Box>
    </Box>
  );
}

/** The week's trending cards; `fill` is what the reader can do about an empty list. */
function TrendingPart({
  query,
  more,
  fill,
}: {
  query: UseQueryResult<{ items: CardSummary[] }>;
  more: string;
  fill: { to: string; label: string };
}) {
  return (
    <Part id="home-trending" title="Trending" action={<SeeAll to="/exploration?tab=trending">{more}</SeeAll>}>
      <CardRow
        query={query}
        label="Trending cards"
        empty={
          <EmptyState icon={<TrendingUpIcon />} link={fill}>
            Nothing is trending yet: cards that people read and like this week show up here.
          </EmptyState>
        }
      />
    </Part>
  );
}

function dueOf(deck: Deck): number {
  return deck.counts.new + deck.counts.learning + deck.counts.review;
}

/** Today's reviews over every deck, with Start on the deck that has the most, and the card studied last. */
function DueToday({ owner }: { owner: string }) {
  const decks = useQuery(deckListQuery(owner));
  const activity = useQuery(activityQuery(owner));
  const last = activity.data?.recent[0];
  let body: ReactNode;
  if (decks.isPending) {
    body = (
      <Box role="status">
        <VisuallyHidden>Loading what is due</VisuallyHidden>
        <Skeleton aria-hidden variant="text" sx={{ fontSize: '2rem' }} width="50%" />
        <Skeleton aria-hidden variant="rounded" height={44} width={120} />
      </Box>
    );
  } else if (decks.isError) {
    body = <QueryError error={decks.error} onRetry={() => void decks.refetch()} />;
  } else if (decks.data.items.length === 0) {
    body = (
      <>
        <Typography sx={{ mb: 2 }}>
          Make a deck from a tag or the cards you liked, and study it a little each day.
        </Typography>
        <Button variant="contained" component={RouterLink} to="/play">
          Make your first deck
        </Button>
      </>
    );
  } else {
    const ranked = [...decks.data.items].sort((a, b) => dueOf(b) - dueOf(a));
    const total = ranked.reduce((sum, deck) => sum + dueOf(deck), 0);
    const first = ranked[0]!;
    body =
      total === 0 ? (
        <>
          <Typography sx={{ mb: 2 }}>All caught up: nothing is due in your decks today.</Typography>
          <Button variant="outlined" component={RouterLink} to="/play">
            Open Play
          </Button>
        </>
      ) : (
        <>
          <Typography component="p" sx={{ fontSize: '2rem', fontWeight: 700, lineHeight: 1.2 }}>
            {total.toLocaleString('en')}
            <Typography component="span" sx={{ ml: 1, color: 'text.secondary' }}>
              {total === 1 ? 'item due' : 'items due'}
            </Typography>
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, my: 1.5, display: 'grid', gap: 1 }}>
            {ranked
              .filter((deck) => dueOf(deck) > 0)
              .slice(0, 3)
              .map((deck) => (
                <li key={deck.id}>
                  <Link component={RouterLink} to={`/play/decks/${encodeURIComponent(deck.id)}`}>
                    {deck.name}
                  </Link>
                  <DueCounts counts={deck.counts} label={`Due today in ${deck.name}`} />
                </li>
              ))}
          </Box>
          <Button
            variant="contained"
            component={RouterLink}
            to={`/play/decks/${encodeURIComponent(first.id)}/study`}
            aria-label={`Start studying ${first.name}`}
          >
            Start
          </Button>
        </>
      );
  }
  return (
    <Paper component="section" aria-labelledby="home-due" variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography id="home-due" variant="h5" component="h2" sx={{ mb: 1 }}>
        Due today
      </Typography>
      {body}
      {last ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Last studied:{' '}
          <Link component={RouterLink} to={`/cards/${encodeURIComponent(last.cardId)}`}>
            {last.cardTitle.trim() === '' ? 'Untitled card' : last.cardTitle}
          </Link>
          , {formatRelative(last.reviewedAt)}
        </Typography>
      ) : null}
    </Paper>
  );
}

/** Conversations with something unread, the most recently active first. */
function Conversations({ owner }: { owner: string }) {
  const list = useQuery(conversationListQuery(owner));
  const unread = (list.data?.items ?? []).filter(
    (conversation) => !conversation.archived && (conversation.unread > 0 || conversation.mentions > 0),
  );
  return (
    <Part id="home-conversations" title="Unread conversations" action={<SeeAll to="/confer">Confer</SeeAll>}>
      {list.isPending ? (
        <Box role="status">
          <VisuallyHidden>Loading your conversations</VisuallyHidden>
          <Skeleton aria-hidden variant="rounded" height={48} />
        </Box>
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : unread.length === 0 ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
          <ChatBubbleOutlineIcon aria-hidden fontSize="small" />
          <Typography variant="body2">You have read everything.</Typography>
        </Box>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
          {unread.slice(0, 5).map((conversation) => {
            const count = Math.max(conversation.unread, conversation.mentions);
            // The server counts up to 100.
            const shown = count >= 100 ? '99+' : String(count);
            return (
              <li key={conversation.id}>
                <Link
                  component={RouterLink}
                  to={`/confer?c=${encodeURIComponent(conversation.id)}`}
                  aria-label={`${conversation.title}, ${count === 1 ? '1 unread message' : `${shown} unread messages`}`}
                  sx={{
                    display: 'flex',
                    justifyContent: 'space-between',
                    gap: 2,
                    minHeight: 44,
                    alignItems: 'center',
                  }}
                >
                  <Box
                    component="span"
                    sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                  >
                    {conversation.title}
                  </Box>
                  <Box component="span" sx={{ fontWeight: 700, flexShrink: 0 }}>
                    {shown}
                  </Box>
                </Link>
              </li>
            );
          })}
        </Box>
      )}
    </Part>
  );
}

/** A visitor's first look: trending cards beside a featured deck and the classroom's first courses. */
function VisitorHome() {
  const trending = useQuery(homeFeedQuery('trending', null));
  return (
    <Box sx={twoColumns}>
      <TrendingPart
        query={trending}
        more="Explore"
        fill={{ to: '/signup', label: 'Sign up and write one' }}
      />
      <Box sx={sideColumn}>
        <FeaturedDeck />
        <FeaturedCourses />
      </Box>
    </Box>
  );
}

/** The tag most used on public cards, offered as a deck to study. */
function FeaturedDeck() {
  const deck = useQuery(featuredDeckQuery(null));
  if (deck.isError) return <QueryError error={deck.error} onRetry={() => void deck.refetch()} />;
  // Without any tagged public card there is no deck to feature, and the course stands alone.
  if (deck.data === null) return null;
  return (
    <Paper component="section" aria-labelledby="home-deck" variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography variant="overline" color="text.secondary" component="p">
        Featured deck
      </Typography>
      {deck.isPending ? (
        <Box role="status">
          <VisuallyHidden>Loading the featured deck</VisuallyHidden>
          <Skeleton aria-hidden variant="text" sx={{ fontSize: '1.25rem' }} width="60%" />
          {Array.from({ length: featuredSampleCount }, (_, index) => (
            <Skeleton aria-hidden key={index} variant="text" />
          ))}
        </Box>
      ) : (
        <>
          <Typography id="home-deck" variant="h5" component="h2">
            {deck.data.tag}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {deck.data.count === 1
              ? 'One public card'
              : `${deck.data.count.toLocaleString('en')} public cards`}
          </Typography>
          <Box component="ul" sx={{ pl: 2.5, my: 1 }}>
            {deck.data.cards.map((card) => (
              <li key={card.id}>
                <Link component={RouterLink} to={`/cards/${encodeURIComponent(card.id)}`}>
                  {card.title.trim() === '' ? 'Untitled card' : card.title}
                </Link>
              </li>
            ))}
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
            <Button
              variant="contained"
              component={RouterLink}
              to={authPathFor('/signup', `/play?tag=${encodeURIComponent(deck.data.tag)}`)}
            >
              Study this deck
            </Button>
            <Button
              variant="outlined"
              component={RouterLink}
              to={`/exploration?tag=${encodeURIComponent(deck.data.tag)}`}
            >
              Browse it
            </Button>
          </Box>
        </>
      )}
    </Paper>
  );
}

/** The classroom's first courses, the start of a path through the web. */
function FeaturedCourses() {
  const courses = useCourses({});
  let body: ReactNode;
  if (courses.isPending) {
    body = (
      <Box role="status">
        <VisuallyHidden>Loading the courses</VisuallyHidden>
        <Skeleton aria-hidden variant="rounded" height={96} />
      </Box>
    );
  } else if (courses.isError) {
    body = <QueryError error={courses.error} onRetry={() => void courses.refetch()} />;
  } else {
    const first = courses.data.items.slice(0, featuredCourseCount);
    // Without a published course there is nothing to feature, and the box is left out.
    if (first.length === 0) return null;
    body = (
      <Box
        component="ul"
        aria-labelledby="home-courses"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}
      >
        {first.map((course) => (
          <li key={course.slug}>
            <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
              <Link component={RouterLink} to={coursePagePath(course.slug)}>
                {course.title}
              </Link>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {courseFacts(course)}
            </Typography>
            <Typography
              variant="body2"
              sx={{
                mt: 0.5,
                display: '-webkit-box',
                WebkitLineClamp: 3,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }}
            >
              {course.summary}
            </Typography>
          </li>
        ))}
      </Box>
    );
  }
  return (
    <Paper
      component="section"
      aria-labelledby="home-courses"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 2.5 } }}
    >
      <Typography id="home-courses" variant="h5" component="h2" sx={{ mb: 1.5 }}>
        Courses in the classroom
      </Typography>
      {body}
      <Button
        variant="outlined"
        component={RouterLink}
        to="/classroom"
        startIcon={<SchoolOutlinedIcon />}
        sx={{ mt: 2 }}
      >
        All courses
      </Button>
    </Paper>
  );
}
