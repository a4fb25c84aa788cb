import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { errorSentence } from '../../lib/error-sentence.ts';
import { partTextQuery } from './api.ts';

/**
 * Reads a part's text (once; it never changes) and puts it on the clipboard, saying so in a status region
 * beside the button, or why not.
 */
export function CopyPartButton({
  viewer,
  extractionId,
  index,
  label,
  done,
}: {
  viewer: string;
  extractionId: string;
  index: number;
  /** The button's full name: "Copy part 2 of 3". */
  label: string;
  /** What is said once it is copied. */
  done: string;
}) {
  const queryClient = useQueryClient();
  const [said, setSaid] = useState('');
  const [busy, setBusy] = useState(false);

  const copy = async () => {
    setBusy(true);
    setSaid('');
    let text: string;
    try {
      text = await queryClient.fetchQuery(partTextQuery(viewer, extractionId, index));
    } catch (error) {
      setSaid(`It could not be read. ${errorSentence(error)}`);
      setBusy(false);
      return;
    }
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(text);
      setSaid(done);
    } catch {
      setSaid('The browser did not allow copying here: download it instead.');
    }
    setBusy(false);
  };

  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<ContentCopyIcon />}
        onClick={() => void copy()}
        disabled={busy}
        aria-label={label}
      >
        Copy
      </Button>
      <Typography component="span" role="status" variant="body2" sx={{ alignSelf: 'center' }}>
        {said}
      </Typography>
    </>
  );
}
