import { useId } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { Profile } from '../../../contracts/profiles.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { profilesQueryRoot, updateOwnProfile } from './api.ts';

/** The owner's privacy choices, saved as soon as they change: for now, hiding the follow counts and lists. */
export function PrivacySection({
  profile,
  onSaved,
}: {
  profile: Profile;
  onSaved: (profile: Profile) => void;
}) {
  const headingId = useId();
  const descriptionId = useId();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (hide: boolean) => updateOwnProfile({ hideFollowCounts: hide }),
    onSuccess: (saved) => {
      onSaved(saved);
      void queryClient.invalidateQueries({ queryKey: [...profilesQueryRoot, 'handle'] });
    },
  });
  // While saving, the switch shows what was asked for; a failure puts it back.
  const checked = mutation.isPending
    ? (mutation.variables ?? profile.hideFollowCounts)
    : profile.hideFollowCounts;

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ mt: 4, p: { xs: 2, sm: 3 }, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Typography id={headingId} variant="h5" component="h2" gutterBottom sx={{ fontWeight: 600 }}>
        Privacy
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            onChange={(event) => mutation.mutate(event.target.checked)}
            disabled={mutation.isPending}
            slotProps={{ input: { 'aria-describedby': descriptionId } }}
          />
        }
        label="Hide my followers and the people I follow"
      />
      <Typography id={descriptionId} variant="body2" color="text.secondary">
        Others then see “Hidden” instead of your follower and following counts, and cannot open the lists. You
        still see them here.
      </Typography>
      <Box role="status" sx={{ mt: mutation.isSuccess || mutation.isError ? 2 : 0 }}>
        {mutation.isSuccess ? (
          <Alert severity="success">
            {mutation.data.hideFollowCounts
              ? 'Your followers and the people you follow are now hidden from others.'
              : 'Your followers and the people you follow are visible again.'}
          </Alert>
        ) : null}
      </Box>
      {mutation.isError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          Your choice was not saved. {errorSentence(mutation.error)}
        </Alert>
      ) : null}
    </Box>
  );
}
