import { useId, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { photoRules } from '../../../contracts/files.ts';
import type { Profile } from '../../../contracts/profiles.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { displayNameOf, profilesQueryRoot } from './api.ts';
import { updateSessionPicture } from '../../lib/session.ts';
import { photoProblem, removeOwnPhoto, uploadOwnPhoto } from './photo-api.ts';
import { ProfileAvatar } from '../../components/profile-avatar.tsx';

const maxMegabytes = photoRules.maxBytes / (1024 * 1024);

type Status = { kind: 'working' | 'done'; text: string } | null;

/**
 * The owner's photo: the current one, "Change photo" (a file picker limited to PNG, JPEG and WebP) and "Remove
 * photo". The browser refuses what it can see is wrong (type, size) before uploading; the server checks the
 * bytes and its sentence shows here when it refuses. Progress and success are announced in a live region that is
 * always in the page. The buttons stay focusable while a request runs (they ignore presses instead of being
 * disabled), so keyboard focus is never dropped.
 */
export function ProfilePhotoControl({
  profile,
  onSaved,
}: {
  profile: Profile;
  /** Shows the updated profile on the page at once, without asking the server again. */
  onSaved: (profile: Profile) => void;
}) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const rulesId = useId();
  const input = useRef<HTMLInputElement>(null);
  const changeButton = useRef<HTMLButtonElement>(null);
  const [status, setStatus] = useState<Status>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const saved = (next: Profile, text: string) => {
    onSaved(next);
    // The top bar's avatar reads the signed-in identity's picture, which the server moved with the photo.
    updateSessionPicture(next.photoURL);
    // The public page and the lists people appear in may hold the old photo.
    void queryClient.invalidateQueries({ queryKey: [...profilesQueryRoot, 'handle'] });
    void queryClient.invalidateQueries({ queryKey: [...profilesQueryRoot, 'connections'] });
    setStatus({ kind: 'done', text });
  };
  const failed = (error: unknown) => {
    setStatus(null);
    setProblem(errorSentence(error));
  };

  const upload = useMutation({
    mutationFn: uploadOwnPhoto,
    onMutate: () => {
      setProblem(null);
      setStatus({ kind: 'working', text: 'Uploading your photo…' });
    },
    onSuccess: (next) => saved(next, 'Your new photo is saved.'),
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: removeOwnPhoto,
    onMutate: () => {
      setProblem(null);
      setStatus({ kind: 'working', text: 'Removing your photo…' });
    },
    onSuccess: (next) => {
      saved(next, 'Your photo has been removed.');
      // The Remove button is gone; keep the keyboard where the person can carry on.
      changeButton.current?.focus();
    },
    onError: failed,
  });
  const busy = upload.isPending || remove.isPending;

  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Choosing the same file again, after fixing it or after a failure, must count as a new choice.
    event.target.value = '';
    if (!file || busy) return;
    const why = photoProblem(file);
    if (why) {
      setStatus(null);
      setProblem(why);
      return;
    }
    upload.mutate(file);
  };

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      aria-busy={busy}
      sx={{ mt: 4, p: { xs: 2, sm: 3 }, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Typography id={headingId} variant="h5" component="h2" gutterBottom sx={{ fontWeight: 600 }}>
        Photo
      </Typography>
      <Box sx={{ position: 'relative', width: 128, height: 128, my: 2 }}>
        <ProfileAvatar
          name={displayNameOf(profile)}
          photoURL={profile.photoURL}
          size={128}
          alt="Your current photo"
        />
        {busy ? (
          <CircularProgress
            size={136}
            thickness={2}
            aria-hidden="true"
            sx={{ position: 'absolute', top: -4, left: -4 }}
          />
        ) : null}
      </Box>
      <Typography id={rulesId} variant="body2" color="text.secondary">
        PNG, JPEG or WebP, up to {maxMegabytes} MB. It is cropped to a square from the centre; only that copy
        is kept, not the file you choose.
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
        <Button
          ref={changeButton}
          variant="outlined"
          startIcon={<PhotoCameraIcon />}
          aria-describedby={rulesId}
          onClick={() => {
            if (!busy) input.current?.click();
          }}
        >
          Change photo
        </Button>
        {profile.photoURL ? (
          <Button
            color="inherit"
            onClick={() => {
              if (!busy) remove.mutate();
            }}
          >
            Remove photo
          </Button>
        ) : null}
      </Stack>
      {/* Reached through "Change photo"; out of the tab order so the keyboard meets one control, not two. */}
      <input
        ref={input}
        type="file"
        accept={photoRules.types.join(',')}
        aria-label="Photo file"
        tabIndex={-1}
        hidden
        onChange={chosen}
      />
      <Box role="status" sx={{ mt: status ? 2 : 0 }}>
        {/* Announced once, by the status region around it: not a second, assertive alert of its own. */}
        {status?.kind === 'done' ? (
          <Alert severity="success" role="none">
            {status.text}
          </Alert>
        ) : null}
        {status?.kind === 'working' ? <Typography variant="body2">{status.text}</Typography> : null}
      </Box>
      {problem ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {problem}
        </Alert>
      ) : null}
    </Box>
  );
}
