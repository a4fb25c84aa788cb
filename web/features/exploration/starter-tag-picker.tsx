import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import { recommendationLimits } from '../../../contracts/recommendations.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import {
  preferencesQuery,
  preferencesQueryKey,
  savePreferences,
  starterTagsQuery,
} from '../../lib/recommendations-api.ts';

/**
 * The first-run picker of For you: popular tags as chips to pick (up to the contract's limit), and "Show my
 * feed", which stores them with the person's preferences and calls `onSaved` so the feed starts again from
 * them. Shown while the feed is not personal and nothing is picked; it hides itself when there are no tags.
 */
export function StarterTagPicker({ owner, onSaved }: { owner: string | null; onSaved: () => void }) {
  const headingId = useId();
  const hintId = useId();
  const queryClient = useQueryClient();
  const tags = useQuery(starterTagsQuery);
  // The tilt goes back unchanged with the tags: the server stores both at once.
  const preferences = useQuery(preferencesQuery(owner));
  const [picked, setPicked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const max = recommendationLimits.pickedTags;

  if (!tags.data || tags.data.tags.length === 0) return null;

  const toggle = (tag: string) => {
    setPicked((previous) =>
      previous.includes(tag)
        ? previous.filter((other) => other !== tag)
        : previous.length < max
          ? [...previous, tag]
          : previous,
    );
  };

  const save = async () => {
    if (saving || picked.length === 0) return;
    setSaving(true);
    setFailure(null);
    try {
      const current = preferences.data ?? (await queryClient.fetchQuery(preferencesQuery(owner)));
      const saved = await savePreferences({ tilt: current.tilt, tags: picked });
      queryClient.setQueryData(preferencesQueryKey(owner), saved);
      onSaved();
    } catch (error) {
      setFailure(errorSentence(error));
      setSaving(false);
    }
  };

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ mb: 2, px: 2, py: 1.5, border: 1, borderColor: 'divider', borderRadius: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            Start with a few topics
          </Typography>
          <Typography id={hintId} variant="body2" color="text.secondary">
            Up to {max}; popular cards about them until For you knows what you like.
            {picked.length === 0 ? null : ` ${picked.length} of ${max} picked.`}
          </Typography>
        </Box>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={picked.length === 0}
          aria-disabled={saving}
        >
          {saving ? 'Saving…' : 'Show my feed'}
        </Button>
      </Box>
      {/* One row that scrolls sideways inside its box: the cards stay in the first screen. */}
      <Box
        role="group"
        aria-labelledby={headingId}
        aria-describedby={hintId}
        sx={{ display: 'flex', flexWrap: 'nowrap', overflowX: 'auto', gap: 1, mt: 1, pb: 0.5 }}
      >
        {tags.data.tags.map(({ tag }) => {
          const selected = picked.includes(tag);
          return (
            <Chip
              key={tag}
              label={`#${tag}`}
              clickable
              onClick={() => toggle(tag)}
              aria-pressed={selected}
              disabled={!selected && picked.length >= max}
              color={selected ? 'primary' : 'default'}
              variant={selected ? 'filled' : 'outlined'}
              {...(selected ? { icon: <CheckIcon /> } : {})}
              sx={{ minHeight: 36, flexShrink: 0 }}
            />
          );
        })}
      </Box>
      {failure ? (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {failure}
        </Alert>
      ) : null}
    </Box>
  );
}
