import { useRef, useState } from 'react';
import TextField from '@mui/material/TextField';
import { errorSentence } from '../../../lib/error-sentence.ts';
import { putProjectPaper } from '../../../lib/research-api.ts';

interface AnnotationFieldProps {
  projectId: string;
  paperId: string;
  paperTitle: string;
  annotation: string;
  onSaved: () => void;
}

/** A paper's annotation in the project, edited in place and saved when the field is left (if it changed). */
export function AnnotationField({
  projectId,
  paperId,
  paperTitle,
  annotation,
  onSaved,
}: AnnotationFieldProps) {
  const [value, setValue] = useState(annotation);
  const saved = useRef(annotation);
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const [failure, setFailure] = useState<unknown>(null);

  const save = async () => {
    if (value === saved.current) return;
    const text = value;
    setStatus('saving');
    try {
      await putProjectPaper(projectId, paperId, text);
      saved.current = text;
      setStatus('saved');
      onSaved();
    } catch (error) {
      setFailure(error);
      setStatus('failed');
    }
  };

  const help =
    status === 'saving'
      ? 'Saving…'
      : status === 'saved'
        ? 'Saved'
        : status === 'failed'
          ? `Not saved: ${errorSentence(failure)}`
          : 'What this paper brings to the question; printed under it in the bibliography. Saved when you leave the field.';
  return (
    <TextField
      label="Annotation"
      value={value}
      onChange={(event) => setValue(event.target.value)}
      onBlur={() => void save()}
      multiline
      minRows={2}
      fullWidth
      error={status === 'failed'}
      helperText={help}
      slotProps={{ htmlInput: { 'aria-label': `Annotation of ${paperTitle}`, maxLength: 5000 } }}
    />
  );
}
