import { memo, useId, useRef, useState } from 'react';
import type { ClipboardEvent, DragEvent } from 'react';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { cardImageRules } from '../../../contracts/files.ts';
import type { UploadedImage } from '../../../contracts/files.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { imageProblem } from './upload-image.ts';
import { UploadProgress } from './image-uploads.tsx';
import type { Upload } from './image-uploads.tsx';

const maxMegabytes = cardImageRules.maxBytes / (1024 * 1024);

/**
 * The cover image of a card or a post: choose a file, drop one on the area, or paste one while the area has focus. The browser
 * refuses what it can see is wrong before uploading; the server's refusal shows here too.
 */
export const CoverImage = memo(function CoverImage({
  coverURL,
  onChange,
  upload,
  uploads,
  error,
  alt = 'The cover image',
}: {
  coverURL: string | null;
  onChange: (url: string | null) => void;
  upload: (file: File) => Promise<UploadedImage>;
  uploads: readonly Upload[];
  error?: string | undefined;
  /** What the preview says to screen readers; a post passes the alt text its author wrote. */
  alt?: string;
}) {
  const headingId = useId();
  const rulesId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [over, setOver] = useState(false);

  const take = (file: File | undefined) => {
    if (!file) return;
    const why = imageProblem(file);
    if (why) {
      setProblem(why);
      return;
    }
    setProblem(null);
    upload(file).then(
      (image) => onChange(image.url),
      (failure: unknown) => setProblem(`The cover was not uploaded. ${errorSentence(failure)}`),
    );
  };

  const firstImage = (files: FileList | undefined) =>
    Array.from(files ?? []).find((file) => file.type.startsWith('image/')) ?? files?.[0];

  const message = problem ?? error;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Typography id={headingId} variant="h6" component="h2">
        Cover image
      </Typography>
      <Box
        tabIndex={0}
        role="group"
        aria-labelledby={headingId}
        aria-describedby={rulesId}
        onPaste={(event: ClipboardEvent) => {
          const file = firstImage(event.clipboardData.files);
          if (!file) return;
          event.preventDefault();
          take(file);
        }}
        onDragOver={(event: DragEvent) => {
          if (!event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event: DragEvent) => {
          event.preventDefault();
          setOver(false);
          take(firstImage(event.dataTransfer.files));
        }}
        sx={{
          mt: 1,
          p: 2,
          border: 2,
          borderStyle: 'dashed',
          borderColor: over ? 'primary.main' : 'divider',
          borderRadius: 1,
          '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
        }}
      >
        {coverURL ? (
          <Box
            component="img"
            src={coverURL}
            alt={alt}
            sx={{ display: 'block', maxWidth: '100%', maxHeight: 240, borderRadius: 1, mb: 2 }}
          />
        ) : null}
        <Typography id={rulesId} variant="body2" color="text.secondary">
          Drop an image here, paste one while this area is selected, or choose a file. PNG, JPEG, WebP or GIF,
          up to {maxMegabytes} MB; wide images are scaled to {cardImageRules.maxWidth} pixels.
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={<AddPhotoAlternateIcon />}
            onClick={() => input.current?.click()}
          >
            {coverURL ? 'Replace the cover' : 'Choose a cover image'}
          </Button>
          {coverURL ? (
            <Button color="inherit" onClick={() => onChange(null)}>
              Remove the cover
            </Button>
          ) : null}
        </Stack>
        <UploadProgress uploads={uploads} />
      </Box>
      {/* Reached through the button; out of the tab order so the keyboard meets one control, not two. */}
      <input
        ref={input}
        type="file"
        accept={cardImageRules.types.join(',')}
        aria-label="Cover image file"
        tabIndex={-1}
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          take(file);
        }}
      />
      {message ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {message}
        </Alert>
      ) : null}
    </Box>
  );
});
