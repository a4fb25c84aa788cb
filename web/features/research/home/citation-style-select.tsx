import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { citationStyleNames, citationStyles, type CitationStyle } from '../../../../contracts/research.ts';
import { errorSentence } from '../../../lib/error-sentence.ts';
import { setCitationStyle } from '../../../lib/research-api.ts';
import { useRefreshResearch } from './use-refresh-research.ts';

/** The person's reference style (APA, IEEE, Chicago, Harvard), saved as soon as it is chosen. */
export function CitationStyleSelect({ value }: { value: CitationStyle }) {
  const refresh = useRefreshResearch();
  const [failure, setFailure] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  // The chosen style shows at once, while it is saved and the home is fetched again.
  const [chosen, setChosen] = useState<CitationStyle | null>(null);
  const choose = async (style: CitationStyle) => {
    setChosen(style);
    setSaving(true);
    setFailure(null);
    try {
      await setCitationStyle(style);
      await refresh();
    } catch (error) {
      setFailure(error);
    } finally {
      setChosen(null);
      setSaving(false);
    }
  };
  return (
    <TextField
      select
      size="small"
      label="Citation style"
      value={chosen ?? value}
      disabled={saving}
      onChange={(event) => void choose(event.target.value as CitationStyle)}
      error={failure !== null}
      helperText={failure ? errorSentence(failure) : undefined}
      sx={{ minWidth: 150 }}
    >
      {citationStyles.map((style) => (
        <MenuItem key={style} value={style}>
          {citationStyleNames[style]}
        </MenuItem>
      ))}
    </TextField>
  );
}
