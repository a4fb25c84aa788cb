import { useState } from 'react';
import { useNavigate } from 'react-router';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { errorSentence } from '../../../lib/error-sentence.ts';
import { createPost } from './api.ts';
import { editorPath } from './post-labels.ts';

/** "New post": makes an empty draft on the server, then opens its editor; says why when it cannot. */
export function NewPostButton() {
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const start = async () => {
    if (creating) return;
    setCreating(true);
    setProblem(null);
    try {
      const post = await createPost();
      await navigate(editorPath(post.id));
    } catch (error) {
      setProblem(`The post could not be started. ${errorSentence(error)}`);
      setCreating(false);
    }
  };

  return (
    <>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => void start()} disabled={creating}>
        New post
      </Button>
      {problem ? (
        <Alert severity="error" sx={{ flexBasis: '100%' }}>
          {problem}
        </Alert>
      ) : null}
    </>
  );
}
