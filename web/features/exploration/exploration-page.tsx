import { useId, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import NoteAddOutlinedIcon from '@mui/icons-material/NoteAddOutlined';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutlineOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import type { CardSummary } from '../../../contracts/cards.ts';
import { CardList } from '../../components/card-list.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { VisuallyHidden } from '../../components/visually-hidden.tsx';
import { signalsQuery } from '../../lib/recommendations-api.ts';
import { useSession } from '../../lib/session.ts';
import {
  cardTypeOf,
  feedQuery,
  feedTabs,
  isSearching,
  readerKeyOf,
  searchQuery,
  type FeedTab,
  type PublicFeedTab,
  type SearchFilters,
} from './api.ts';
import { CardPreviewDialog } from './card-preview-dialog.tsx';
import { ForYouPanel } from './for-you-panel.tsx';
import { GraphView } from './graph-view.tsx';
import { SearchControls } from './search-controls.tsx';
import { useSetParams } from '../../lib/url-params.ts';

const tabLabels: Record<FeedTab, string> = {
  'for-you': 'For you',
  following: 'Following',
  trending: 'Trending',
  new: 'New',
};

/** The tabs that need an account. */
const personalTabs: readonly FeedTab[] = ['for-you', 'following'];

function feedTabOf(value: string | null): FeedTab | undefined {
  return feedTabs.find((tab) => tab === value);
}

/**
 * Explore (`/exploration`): the public cards as feeds (For you, Following, Trending, New), search with filters,
 * and the graph of how cards link. What is shown lives in the address: `?tab=`, `?q=`, `?tag=`, `?type=`,
 * `?author=`, `?view=graph`. Visitors see Trending and New; For you and Following need an account.
 */
export function ExplorationPage() {
  const [params] = useSearchParams();
  const setParams = useSetParams();
  const [preview, setPreview] = useState<CardSummary | null>(null);
  const view = params.get('view') === 'graph' ? 'graph' : 'grid';
  const filters: SearchFilters = {
    q: params.get('q')?.trim() ?? '',
    tag: params.get('tag')?.trim() ?? '',
    type: cardTypeOf(params.get('type')),
    author: params.get('author')?.trim() ?? '',
  };

  return (
    <Box component="section" aria-labelledby="section-title">
      <PageHeader
        title="Explore"
        guideAnchor="explore"
        actions={
          <ToggleButtonGroup
            exclusive
            size="small"
            value={view}
            onChange={(_event, value: 'grid' | 'graph' | null) => {
              if (value) setParams({ view: value === 'graph' ? 'graph' : '' });
            }}
            aria-label="Show cards as"
          >
            <ToggleButton value="grid" sx={{ minHeight: 44, px: 2 }}>
              Grid
            </ToggleButton>
            <ToggleButton value="graph" sx={{ minHeight: 44, px: 2 }}>
              Graph
            </ToggleButton>
          </ToggleButtonGroup>
        }
      />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <SearchControls forGraph={view === 'graph'} />
        {view === 'graph' ? (
          <GraphView tag={filters.tag} author={filters.author} />
        ) : isSearching(filters) ? (
          <SearchResultsPanel filters={filters} onPreview={setPreview} />
        ) : (
          <Feeds onPreview={setPreview} />
        )}
      </Box>
      <CardPreviewDialog card={preview} onClose={() => setPreview(null)} />
    </Box>
  );
}

/**
 * The feed tabs. For you and Following are there for signed-in people only; they start on For you once it is
 * about them (enough signals), and on Trending before that.
 */
function Feeds({ onPreview }: { onPreview: (card: CardSummary) => void }) {
  const [params, setParams] = useSearchParams();
  const { user } = useSession();
  const signedIn = readerKeyOf(user) !== undefined;
  const asked = feedTabOf(params.get('tab'));
  const chosen = asked !== undefined && personalTabs.includes(asked) && !signedIn ? undefined : asked;
  const baseId = useId();
  const tabs = feedTabs.filter((tab) => signedIn || !personalTabs.includes(tab));
  const signals = useQuery({ ...signalsQuery(user?.uid ?? null), enabled: signedIn && chosen === undefined });
  if (chosen === undefined && signedIn && signals.isPending) {
    return <CircularProgress aria-label="Loading your feeds" sx={{ display: 'block', mx: 'auto', my: 4 }} />;
  }
  const personal = signals.data !== undefined && signals.data.total >= signals.data.needed;
  const tab: FeedTab = chosen ?? (signedIn && personal ? 'for-you' : 'trending');

  return (
    <Box>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_event, value: FeedTab) => {
            // A tab is a place worth going back to: it adds a history entry, where typing replaces one.
            setParams((previous) => {
              const next = new URLSearchParams(previous);
              next.set('tab', value);
              return next;
            });
          }}
          aria-label="Feeds"
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {tabs.map((value) => (
            <Tab
              key={value}
              value={value}
              label={tabLabels[value]}
              id={`${baseId}-tab-${value}`}
              aria-controls={`${baseId}-panel-${value}`}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`${baseId}-panel-${tab}`} aria-labelledby={`${baseId}-tab-${tab}`}>
        {tab === 'for-you' ? (
          <ForYouPanel onPreview={onPreview} />
        ) : (
          <FeedPanel key={tab} tab={tab} onPreview={onPreview} />
        )}
      </Box>
    </Box>
  );
}

function FeedPanel({ tab, onPreview }: { tab: PublicFeedTab; onPreview: (card: CardSummary) => void }) {
  const { user } = useSession();
  const query = useInfiniteQuery(feedQuery(tab, readerKeyOf(user)));
  const label = `${tabLabels[tab]} cards`;
  return (
    <>
      <Typography component="h2" variant="h5">
        <VisuallyHidden>{label}</VisuallyHidden>
      </Typography>
      <CardList query={query} label={label} empty={<FeedEmpty tab={tab} />} onPreview={onPreview} infinite />
    </>
  );
}

function FeedEmpty({ tab }: { tab: PublicFeedTab }) {
  if (tab === 'following') {
    return (
      <EmptyState
        icon={<PeopleOutlineIcon />}
        link={{ to: '/exploration?tab=trending', label: 'Find people in Trending' }}
      >
        Nobody you follow has published yet.
      </EmptyState>
    );
  }
  if (tab === 'trending') {
    return (
      <EmptyState icon={<TrendingUpIcon />} link={{ to: '/exploration?tab=new', label: 'See what is new' }}>
        Nothing is trending yet. Cards rise here as people read and like them.
      </EmptyState>
    );
  }
  return (
    <EmptyState
      icon={<NoteAddOutlinedIcon />}
      action={
        <Button variant="contained" component={RouterLink} to="/build">
          Write the first card
        </Button>
      }
    >
      No public cards yet.
    </EmptyState>
  );
}

/** What the search is for, in words: `matching “spaced repetition”, tagged #memory, by @ada`. */
function describeSearch(filters: SearchFilters): string {
  const parts: string[] = [];
  if (filters.q) parts.push(`matching “${filters.q}”`);
  if (filters.tag) parts.push(`tagged #${filters.tag.replace(/^#/, '')}`);
  if (filters.type) parts.push(`of type ${filters.type}`);
  if (filters.author) parts.push(`by @${filters.author.replace(/^@/, '')}`);
  return parts.join(', ');
}

function SearchResultsPanel({
  filters,
  onPreview,
}: {
  filters: SearchFilters;
  onPreview: (card: CardSummary) => void;
}) {
  const { user } = useSession();
  const setParams = useSetParams();
  const query = useInfiniteQuery(searchQuery(filters, readerKeyOf(user)));
  const description = describeSearch(filters);
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography component="h2" variant="h5" sx={{ overflowWrap: 'anywhere' }}>
          Cards {description}
        </Typography>
        <Button onClick={() => setParams({ q: '', tag: '', type: '', author: '' })}>Clear search</Button>
      </Box>
      <CardList
        infinite
        query={query}
        label="Search results"
        empty={
          <EmptyState
            icon={<SearchOffIcon />}
            action={
              <Button variant="outlined" onClick={() => setParams({ q: '', tag: '', type: '', author: '' })}>
                Clear search
              </Button>
            }
          >
            No public card found {description}. Check the spelling, try fewer words, or clear a filter.
          </EmptyState>
        }
        onPreview={onPreview}
      />
    </Box>
  );
}
