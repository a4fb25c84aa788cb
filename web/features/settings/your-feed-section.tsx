import { useId, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import {
  recommendationLimits,
  type FeedbackItem,
  type RecommendationPreferences,
} from '../../../contracts/recommendations.ts';
import { TagsInput } from '../../components/tags-input.tsx';
import { TextLink } from '../../components/text-link.tsx';
import { VisuallyHidden } from '../../components/visually-hidden.tsx';
import { errorSentence } from '../../lib/error-sentence.ts';
import {
  feedbackQuery,
  feedbackQueryKey,
  feedbackWords,
  preferencesQuery,
  preferencesQueryKey,
  recommendationsQueryRoot,
  removeFeedback,
  savePreferences,
  useRecommendationsOwner,
} from '../../lib/recommendations-api.ts';
import { ErrorNotice, SettingsSection, StatusNotice } from './section.tsx';

/** The tilt's five steps, in words for screen readers (the slider's value text). */
const tiltSteps: { value: number; words: string }[] = [
  { value: -1, words: 'Mostly from people I follow' },
  { value: -0.5, words: 'More from people I follow' },
  { value: 0, words: 'Balanced' },
  { value: 0.5, words: 'More new topics' },
  { value: 1, words: 'Mostly new topics' },
];

function tiltWords(value: number): string {
  return tiltSteps.find((step) => step.value === value)?.words ?? 'Balanced';
}

/** The nearest of the five steps: the server may hold any number from -1 to 1. */
function nearestStep(value: number): number {
  return Math.round(value * 2) / 2;
}

/**
 * What Explore's For you shows: the tilt between people followed and new topics, the topics picked, and the
 * "Not interested" and mutes given from its cards, each with a way back.
 */
export function YourFeedSection() {
  const owner = useRecommendationsOwner();
  const preferences = useQuery(preferencesQuery(owner));

  return (
    <SettingsSection title="Your feed">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        These steer For you in <TextLink to="/exploration">Explore</TextLink>.{' '}
        <TextLink to="/document#for-you">How For you works</TextLink>
      </Typography>
      {preferences.isPending ? (
        <CircularProgress aria-label="Loading your feed settings" size={28} />
      ) : preferences.isError ? (
        <ErrorNotice message={errorSentence(preferences.error)} />
      ) : (
        <>
          <TiltSetting owner={owner} saved={preferences.data} />
          <PickedTopics owner={owner} saved={preferences.data} />
        </>
      )}
      <FeedbackLists owner={owner} />
    </SettingsSection>
  );
}

/** Saves both preferences as the server holds them, with `change` applied, and tells For you to ask again. */
function usePreferencesSaver(owner: string | null) {
  const queryClient = useQueryClient();
  return async (change: Partial<RecommendationPreferences>) => {
    const current =
      queryClient.getQueryData<RecommendationPreferences>(preferencesQueryKey(owner)) ??
      (await queryClient.fetchQuery(preferencesQuery(owner)));
    const saved = await savePreferences({ ...current, ...change });
    queryClient.setQueryData(preferencesQueryKey(owner), saved);
    await queryClient.invalidateQueries({ queryKey: [...recommendationsQueryRoot, 'feed'] });
    return saved;
  };
}

function TiltSetting({ owner, saved }: { owner: string | null; saved: RecommendationPreferences }) {
  const labelId = useId();
  const save = usePreferencesSaver(owner);
  const [value, setValue] = useState(() => nearestStep(saved.tilt));
  const [state, setState] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  // The value last sent: a commit that changes nothing (a click on the thumb) sends nothing.
  const sent = useRef(value);
  // Arrow keys commit at every press: only the answer to the latest save may say how it went.
  const latest = useRef(0);

  const commit = async (tilt: number) => {
    if (tilt === sent.current) return;
    sent.current = tilt;
    const attempt = ++latest.current;
    setFailure(null);
    setState('saving');
    try {
      await save({ tilt });
      if (attempt === latest.current) setState('saved');
    } catch (error) {
      if (attempt !== latest.current) return;
      // Back to what the server holds, so the slider never shows a setting that is not in force.
      const kept = nearestStep(saved.tilt);
      sent.current = kept;
      setValue(kept);
      setState('idle');
      setFailure(`The feed setting was not saved. ${errorSentence(error)}`);
    }
  };

  return (
    <Box sx={{ mb: 3 }}>
      <Typography id={labelId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        More from people I follow ↔ More new topics
      </Typography>
      <Box sx={{ px: 1.5, maxWidth: 480 }}>
        <Slider
          aria-labelledby={labelId}
          min={-1}
          max={1}
          step={0.5}
          marks
          value={value}
          getAriaValueText={tiltWords}
          onChange={(_event, next) => setValue(next)}
          onChangeCommitted={(_event, next) => void commit(next)}
        />
        <Box
          aria-hidden
          sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mx: -1.5, typography: 'body2' }}
        >
          <span>People I follow</span>
          <span>New topics</span>
        </Box>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Now: {tiltWords(value)}. {state === 'saving' ? 'Saving…' : null}
      </Typography>
      <StatusNotice>{state === 'saved' ? 'Saved.' : null}</StatusNotice>
      <ErrorNotice message={failure} />
    </Box>
  );
}

function PickedTopics({ owner, saved }: { owner: string | null; saved: RecommendationPreferences }) {
  const id = useId();
  const save = usePreferencesSaver(owner);
  const [tags, setTags] = useState(saved.tags);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const changed = tags.join('\n') !== saved.tags.join('\n');
  const max = recommendationLimits.pickedTags;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (saving || !changed) return;
    setSaving(true);
    setNotice(null);
    setFailure(null);
    try {
      await save({ tags });
      setNotice('Your topics are saved.');
    } catch (error) {
      setFailure(`Your topics were not saved. ${errorSentence(error)}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box component="form" onSubmit={(event) => void submit(event)} noValidate sx={{ mb: 3 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        Topics
      </Typography>
      <TagsInput
        id={id}
        label="Topics you picked"
        tags={tags}
        onChange={setTags}
        max={max}
        tooMany={`You can pick at most ${max} topics.`}
        hint="While For you is learning what you like, it starts from these."
      />
      <Button type="submit" variant="outlined" sx={{ mt: 1.5 }} disabled={!changed} aria-disabled={saving}>
        {saving ? 'Saving…' : 'Save topics'}
      </Button>
      <StatusNotice>{notice}</StatusNotice>
      <ErrorNotice message={failure} />
    </Box>
  );
}

/** The "Not interested" feedback and the muted people, each with a way to take it back. */
function FeedbackLists({ owner }: { owner: string | null }) {
  const queryClient = useQueryClient();
  const feedback = useQuery(feedbackQuery(owner));
  const [pending, setPending] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const undo = async (item: FeedbackItem) => {
    const words = feedbackWords(item.kind, item.label);
    setNotice(null);
    setFailure(null);
    setPending(`${item.kind}:${item.target}`);
    try {
      await removeFeedback(item.kind, item.target);
      queryClient.setQueryData(feedbackQueryKey(owner), (list: { items: FeedbackItem[] } | undefined) =>
        list
          ? { items: list.items.filter((other) => other.kind !== item.kind || other.target !== item.target) }
          : list,
      );
      setNotice(
        item.kind === 'mute' ? `@${item.label.replace(/^@/, '')} is no longer muted.` : `Undone: ${words}.`,
      );
      await queryClient.invalidateQueries({ queryKey: [...recommendationsQueryRoot, 'feed'] });
    } catch (error) {
      setFailure(`That could not be undone. ${errorSentence(error)}`);
    } finally {
      setPending(null);
    }
  };

  let body;
  if (feedback.isPending) body = <CircularProgress aria-label="Loading your feedback" size={28} />;
  else if (feedback.isError) body = <ErrorNotice message={errorSentence(feedback.error)} />;
  else {
    const notInterested = feedback.data.items.filter((item) => item.kind !== 'mute');
    const muted = feedback.data.items.filter((item) => item.kind === 'mute');
    body = (
      <>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          Not interested
        </Typography>
        {notInterested.length === 0 ? (
          <Typography sx={{ mb: 2 }}>
            Nothing yet. On a card in For you, the “Not interested” button shows less of the card, its author
            or one of its tags.
          </Typography>
        ) : (
          <FeedbackList
            items={notInterested}
            action="Undo"
            pending={pending}
            onUndo={(item) => void undo(item)}
          />
        )}
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 1 }}>
          Muted people
        </Typography>
        {muted.length === 0 ? (
          <Typography>You have not muted anyone. Their cards stay out of For you while muted.</Typography>
        ) : (
          <FeedbackList items={muted} action="Unmute" pending={pending} onUndo={(item) => void undo(item)} />
        )}
      </>
    );
  }

  return (
    <Box>
      {body}
      <StatusNotice>{notice}</StatusNotice>
      <ErrorNotice message={failure} />
    </Box>
  );
}

function FeedbackList({
  items,
  action,
  pending,
  onUndo,
}: {
  items: FeedbackItem[];
  action: 'Undo' | 'Unmute';
  pending: string | null;
  onUndo: (item: FeedbackItem) => void;
}) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }}>
      {items.map((item) => {
        const words =
          item.kind === 'mute' ? `@${item.label.replace(/^@/, '')}` : feedbackWords(item.kind, item.label);
        return (
          <Box
            component="li"
            key={`${item.kind}:${item.target}`}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 2,
              py: 1,
              borderTop: 1,
              borderColor: 'divider',
            }}
          >
            <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{words}</Typography>
            <Button
              variant="outlined"
              size="small"
              disabled={pending !== null}
              onClick={() => onUndo(item)}
              sx={{ flexShrink: 0 }}
            >
              {action} <VisuallyHidden>{words}</VisuallyHidden>
            </Button>
          </Box>
        );
      })}
    </Box>
  );
}
