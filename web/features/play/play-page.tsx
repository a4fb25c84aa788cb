import { useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { queryOptions, useQuery } from '@tanstack/react-query';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { tagSuggestionsSchema } from '../../../contracts/cards.ts';
import type { Deck, DeckInput, StudySettings } from '../../../contracts/play.ts';
import { DueCounts } from '../../components/due-counts.tsx';
import { TextLink } from '../../components/text-link.tsx';
import { VisuallyHidden } from '../../components/visually-hidden.tsx';
import { apiFetch } from '../../lib/api.ts';
import { loginPathFor } from '../../lib/navigation.ts';
import { useSession } from '../../lib/session.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { QueryError } from '../../components/query-error.tsx';
import { deckListQuery, ownerOf, settingsQuery, useCreateDeck, useSaveSettings } from './api.ts';
import { DeckFormDialog, type DeckFormStart } from './deck-form-dialog.tsx';
import { describeSource } from './labels.ts';
import { deckPagePath, studyPath } from './paths.ts';
import { SettingsDialog } from './settings-dialog.tsx';
import { PageHeader } from '../../components/page-header.tsx';

/**
 * `/play`: the person's decks with what is due today, a new deck, the study settings and the statistics.
 * `?tag=` opens the new-deck form on that tag (the home page's featured deck).
 */
export function PlayPage() {
  const { user } = useSession();

  return (
    <Box component="section" aria-labelledby="section-title" sx={{ maxWidth: 1000 }}>
      <PageHeader title="Play" guideAnchor="play" />
      {user ? (
        <SignedInPlay owner={ownerOf(user)} />
      ) : (
        <Typography sx={{ mt: 3 }}>
          You are not signed in. <TextLink to={loginPathFor('/play')}>Sign in</TextLink> to make decks and
          study them.
        </Typography>
      )}
    </Box>
  );
}

/** The browser's time zone, e.g. "Europe/Paris". */
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * Settings start in UTC on the server, which knows no better; the first visit from a browser in another zone
 * sends that zone once, so the study day turns over at the person's own night.
 */
function useTimeZoneSync(owner: string, settings: StudySettings | undefined) {
  const save = useSaveSettings(owner);
  const sent = useRef(false);
  const { mutate } = save;
  useEffect(() => {
    if (!settings || sent.current) return;
    const zone = browserTimeZone();
    if (settings.timeZone !== 'UTC' || zone === 'UTC' || !zone) return;
    sent.current = true;
    mutate({ ...settings, timeZone: zone });
  }, [settings, mutate]);
}

function SignedInPlay({ owner }: { owner: string }) {
  const navigate = useNavigate();
  const decks = useQuery(deckListQuery(owner));
  const settings = useQuery(settingsQuery(owner));
  const create = useCreateDeck();
  const saveSettings = useSaveSettings(owner);
  const [params, setParams] = useSearchParams();
  const askedTag = params.get('tag')?.trim().toLowerCase() ?? '';
  const [dialog, setDialog] = useState<'deck' | 'settings' | null>(askedTag === '' ? null : 'deck');
  // The tag is read once, on arrival, and closing the form forgets it, so "New deck" opens an empty form.
  const [start, setStart] = useState<DeckFormStart | undefined>(() =>
    askedTag === '' ? undefined : { name: askedTag, sourceKind: 'tags', tags: [askedTag], scope: 'everyone' },
  );
  useTimeZoneSync(owner, settings.data);

  // It leaves the address at once, so a reload or Back does not open the form again. (Taking it out when the
  // form closes would undo the move to the new deck's page, which happens as the form closes.)
  useEffect(() => {
    if (!params.has('tag')) return;
    setParams(
      (current) => {
        current.delete('tag');
        return current;
      },
      { replace: true },
    );
  }, [params, setParams]);

  const closeDialog = () => {
    setDialog(null);
    setStart(undefined);
  };

  const createDeck = async (input: DeckInput) => {
    const deck = await create.mutateAsync(input);
    void navigate(deckPagePath(deck.id));
  };

  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 3, flexWrap: 'wrap' }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog('deck')}>
          New deck
        </Button>
        <Button variant="outlined" component={RouterLink} to="/play/stats">
          Statistics
        </Button>
        <Button variant="outlined" onClick={() => setDialog('settings')}>
          Study settings
        </Button>
      </Stack>
      {settings.isError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          Your study settings could not be loaded. {errorSentence(settings.error)}
        </Alert>
      ) : null}

      {decks.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading your decks" />
        </Box>
      ) : decks.isError ? (
        <QueryError error={decks.error} onRetry={() => void decks.refetch()} sx={{ mt: 3 }} />
      ) : decks.data.items.length === 0 ? (
        <FirstDeck onStudyTag={() => setDialog('deck')} onCreate={createDeck} />
      ) : (
        <DeckList decks={decks.data.items} />
      )}

      <DeckFormDialog
        open={dialog === 'deck'}
        deck={null}
        start={start}
        onClose={closeDialog}
        // A new deck always has a name and a source: the form sends every field.
        onSubmit={(input) => createDeck(input as DeckInput)}
      />
      {settings.data ? (
        <SettingsDialog
          open={dialog === 'settings'}
          settings={settings.data}
          onClose={closeDialog}
          onSave={(next) => saveSettings.mutateAsync(next)}
        />
      ) : null}
    </>
  );
}

/** How many popular tags the first-deck panel offers. */
const popularTagCount = 8;

/** `GET /api/tags` with no prefix: the tags most used on public cards. */
const popularTagsQuery = queryOptions({
  queryKey: ['play', 'popular-tags'] as const,
  queryFn: ({ signal }) => apiFetch('/api/tags?q=', { schema: tagSuggestionsSchema, signal }),
  staleTime: 5 * 60_000,
  // Only suggestions: without them the panel still offers the liked cards, so it should not wait on retries.
  retry: false,
});

/** A new person's first step: a deck of a tag, or of the cards they liked, in one click. */
function FirstDeck({
  onStudyTag,
  onCreate,
}: {
  onStudyTag: () => void;
  onCreate: (input: DeckInput) => Promise<void>;
}) {
  const headingId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The tags most used on public cards, offered as decks in one click; without them, "Study a tag" remains.
  const popular = useQuery(popularTagsQuery);
  const make = async (input: DeckInput) => {
    setBusy(true);
    setFailure(null);
    try {
      await onCreate(input);
    } catch (error) {
      setFailure(errorSentence(error));
      setBusy(false);
    }
  };
  const studyLiked = () => make({ name: 'Cards I liked', source: { kind: 'liked' } });
  const studyTag = (tag: string) =>
    make({ name: tag, source: { kind: 'tags', tags: [tag], scope: 'everyone' } });
  const tags = (popular.data?.items ?? []).slice(0, popularTagCount);
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ mt: 3, p: { xs: 2, sm: 3 } }}
    >
      <Typography id={headingId} variant="h5" component="h2" gutterBottom>
        Make your first deck
      </Typography>
      <Typography sx={{ mb: 2 }}>
        A deck gathers the cards you want to remember: every card with a tag (yours only, or everyone’s public
        cards), a collection you fill with “Study this” on any card, or the cards you liked. Each day Play
        shows you the items that are due.
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={onStudyTag}>
          Study a tag
        </Button>
        <Button variant="outlined" onClick={() => void studyLiked()} disabled={busy}>
          Study the cards I liked
        </Button>
      </Stack>
      {tags.length > 0 ? (
        <Box component="section" aria-labelledby={`${headingId}-popular`} sx={{ mt: 3 }}>
          <Typography id={`${headingId}-popular`} variant="h6" component="h3" gutterBottom>
            Or start with a popular tag
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {tags.map(({ tag, count }) => (
              <Button
                key={tag}
                size="small"
                variant="outlined"
                disabled={busy}
                onClick={() => void studyTag(tag)}
                sx={{ textTransform: 'none' }}
              >
                {tag}{' '}
                <Box component="span" sx={{ ml: 0.5, fontWeight: 400 }} aria-hidden="true">
                  {count.toLocaleString('en')}
                </Box>
                <VisuallyHidden>
                  ({count === 1 ? 'one card' : `${count.toLocaleString('en')} cards`})
                </VisuallyHidden>
              </Button>
            ))}
          </Stack>
        </Box>
      ) : null}
      {failure ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          The deck was not made. {failure}
        </Alert>
      ) : null}
    </Paper>
  );
}

function DeckList({ decks }: { decks: Deck[] }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Typography id={headingId} variant="h5" component="h2" gutterBottom>
        Your decks
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' },
        }}
      >
        {decks.map((deck) => {
          const due = deck.counts.new + deck.counts.learning + deck.counts.review;
          return (
            <Paper
              component="li"
              key={deck.id}
              variant="outlined"
              sx={{ p: 2, display: 'flex', flexDirection: 'column' }}
            >
              <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
                <Link component={RouterLink} to={deckPagePath(deck.id)}>
                  {deck.name}
                </Link>
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {describeSource(deck)} {deck.counts.cards.toLocaleString('en')} cards.
              </Typography>
              <DueCounts counts={deck.counts} label={`Due today in ${deck.name}`} />
              <Box sx={{ mt: 'auto', pt: 1.5 }}>
                <Button
                  variant={due > 0 ? 'contained' : 'outlined'}
                  component={RouterLink}
                  to={studyPath(deck.id)}
                  aria-label={`Study now: ${deck.name}`}
                >
                  Study now
                </Button>
              </Box>
            </Paper>
          );
        })}
      </Box>
    </Box>
  );
}
