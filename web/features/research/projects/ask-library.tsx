import { useId, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AskResult } from '../../../../contracts/research.ts';
import { errorSentence } from '../../../lib/error-sentence.ts';
import { askLibrary } from '../../../lib/research-api.ts';
import { paperPagePath } from '../home/paths.ts';

type Source = AskResult['sources'][number];

const kindLabels: Record<Source['kind'], string> = { summary: 'summary', note: 'your note', pdf: 'PDF' };

/** "Attention is all you need, p. 4 (PDF)". */
function sourceLabel(source: Source): string {
  return `${source.paperTitle}${source.page !== null ? `, p. ${source.page}` : ''} (${kindLabels[source.kind]})`;
}

/**
 * Ask the library: a question about the project's papers, answered from their summaries, the person's notes
 * and their PDFs. A model's answer comes sentence by sentence with the sources each cites; a sentence no
 * source supports is marked. Without a model, the passages that match are shown as they are.
 */
export function AskLibrary({ projectId }: { projectId: string }) {
  const idPrefix = useId();
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState<AskResult | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const ask = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      setAnswer(await askLibrary(projectId, question));
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const sourceId = (n: number) => `${idPrefix}-source-${n}`;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box
        component="form"
        onSubmit={(event: FormEvent) => void ask(event)}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}
      >
        <TextField
          label="Your question"
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          helperText="Answered from the project’s papers, your notes on them and your PDFs."
          sx={{ flex: '1 1 18rem' }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={busy || question.trim().length < 3}
          sx={{ mt: 1 }}
        >
          {busy ? 'Asking…' : 'Ask'}
        </Button>
      </Box>
      {failure ? <Alert severity="error">{errorSentence(failure)}</Alert> : null}
      {answer ? (
        <Box component="section" aria-label="Answer" sx={{ display: 'grid', gap: 1 }}>
          {answer.notice ? <Alert severity="info">{answer.notice}</Alert> : null}
          {answer.mode === 'model' ? (
            <Box component="p" sx={{ m: 0 }}>
              {answer.sentences.map((sentence, index) => (
                <Box
                  component="span"
                  key={index}
                  sx={
                    sentence.supported
                      ? undefined
                      : { bgcolor: 'warning.light', color: 'warning.contrastText', px: 0.25 }
                  }
                >
                  {sentence.text}
                  {sentence.sources.map((n) => (
                    <span key={n}>
                      {' '}
                      <Link href={`#${sourceId(n)}`} aria-label={`Source ${n}`}>
                        [{n}]
                      </Link>
                    </span>
                  ))}
                  {sentence.supported ? null : (
                    <Typography component="em" variant="body2" sx={{ ml: 0.5 }}>
                      (not supported by the sources)
                    </Typography>
                  )}{' '}
                </Box>
              ))}
            </Box>
          ) : null}
          {answer.sources.length === 0 ? (
            <Typography color="text.secondary">
              Nothing in the project’s papers matches the question.
            </Typography>
          ) : (
            <>
              <Typography variant="h3" component="h3" sx={{ fontSize: '1rem' }}>
                {answer.mode === 'model' ? 'Sources' : 'Passages'}
              </Typography>
              <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }}>
                {answer.sources.map((source) => (
                  <li key={source.n} id={sourceId(source.n)} value={source.n}>
                    <Link component={RouterLink} to={paperPagePath(source.paperId)}>
                      {source.paperTitle}
                    </Link>
                    <Typography component="span" variant="body2" color="text.secondary">
                      {source.page !== null ? `, p. ${source.page}` : ''} ({kindLabels[source.kind]})
                    </Typography>
                    <Typography
                      variant="body2"
                      sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                      title={sourceLabel(source)}
                    >
                      {source.text}
                    </Typography>
                  </li>
                ))}
              </Box>
            </>
          )}
        </Box>
      ) : null}
    </Box>
  );
}
