import { useState } from 'react';
import type { FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { filterLabels, sourceLabels, whyNotStages, type WhyNot } from '../../../contracts/recommendations.ts';
import { QueryError } from '../../components/query-error.tsx';
import { TextLink } from '../../components/text-link.tsx';
import { VisuallyHidden } from '../../components/visually-hidden.tsx';
import { ApiError } from '../../lib/api.ts';
import { whyNotQuery } from './api.ts';
import { DebugSection } from './debug-section.tsx';
import { formatNumber, sourceNames } from './format.ts';

type Stage = WhyNot['stage'];

/**
 * The steps a card passes on its way into the feed, each named by the stage of a card that fails it: a card
 * whose stage is `filtered` passed the first three steps and dropped out at "Passed the filters".
 */
const steps = {
  'not-found': 'Found',
  'not-listed': 'Listed',
  'not-a-candidate': 'A candidate',
  filtered: 'Passed the filters',
  'ranked-below': 'Ranked in the feed',
} as const satisfies Record<Exclude<Stage, 'in-feed'>, string>;

const stepStages = whyNotStages.filter((stage): stage is keyof typeof steps => stage !== 'in-feed');

/** A card link or id in, where that card dropped out of the feed (or that it is in it) out. */
export function WhyNotSection({ owner, as }: { owner: string; as: string | null }) {
  const [text, setText] = useState('');
  const [card, setCard] = useState<string | null>(null);
  const [empty, setEmpty] = useState(false);
  const answer = useQuery({ ...whyNotQuery(owner, card ?? '', as), enabled: card !== null });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = text.trim();
    setEmpty(wanted === '');
    if (wanted !== '') setCard(wanted);
  };

  // The server names the field it refused; its sentence goes under the field, anything else in an alert.
  const fieldError =
    card !== null && answer.error instanceof ApiError ? answer.error.fieldMessage('card') : undefined;
  const helper = empty
    ? 'Paste a link to a card, or its id'
    : (fieldError ?? 'A link such as /cards/… on this site, or the card’s id');

  return (
    <DebugSection title="Why not this card?">
      <Box component="form" aria-label="Explain a card" onSubmit={submit} noValidate>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { sm: 'flex-start' } }}
        >
          <TextField
            label="Card link or id"
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={empty || fieldError !== undefined}
            helperText={helper}
            size="small"
            sx={{ flex: 1, maxWidth: { sm: 560 } }}
          />
          <Button type="submit" variant="outlined" disabled={card !== null && answer.isFetching}>
            Explain
          </Button>
        </Stack>
      </Box>
      <Box aria-live="polite" sx={{ mt: 2 }}>
        {card === null ? null : answer.isPending ? (
          <CircularProgress size={24} aria-label="Looking for the card" />
        ) : answer.isError ? (
          fieldError === undefined ? (
            <QueryError error={answer.error} onRetry={() => void answer.refetch()} />
          ) : null
        ) : (
          <WhyNotAnswer answer={answer.data} />
        )}
      </Box>
    </DebugSection>
  );
}

function WhyNotAnswer({ answer }: { answer: WhyNot }) {
  // The first step the card failed; every step before it passed. A card in the feed failed none.
  const failedAt = whyNotStages.indexOf(answer.stage);
  const failed = answer.stage === 'in-feed' ? null : steps[answer.stage];
  return (
    <Box>
      <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
        {answer.card ? (
          <TextLink to={`/cards/${answer.card.id}`}>{answer.card.title}</TextLink>
        ) : (
          'No such card'
        )}
      </Typography>
      <Typography sx={{ mb: 1.5 }}>
        {failed ? `Dropped out at “${failed}”.` : 'It is in the feed.'} {answer.explanation}
      </Typography>
      <Box
        component="ol"
        aria-label="Stages of the feed"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
      >
        {stepStages.map((stage, index) => {
          const state = index < failedAt ? 'passed' : index === failedAt ? 'failed' : 'not reached';
          return (
            <Box
              component="li"
              key={stage}
              {...(state === 'failed' ? { 'aria-current': 'step' as const } : {})}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 0.75,
                px: 1.25,
                py: 0.5,
                border: 1,
                borderRadius: 4,
                borderColor: state === 'failed' ? 'error.main' : 'divider',
                color: state === 'not reached' ? 'text.secondary' : 'text.primary',
                fontWeight: state === 'failed' ? 600 : 400,
              }}
            >
              {state === 'passed' ? (
                <CheckCircleIcon fontSize="small" color="success" aria-hidden />
              ) : state === 'failed' ? (
                <CancelIcon fontSize="small" color="error" aria-hidden />
              ) : (
                <RadioButtonUncheckedIcon fontSize="small" aria-hidden />
              )}
              {steps[stage]}
              <VisuallyHidden>
                {state === 'passed'
                  ? ': passed'
                  : state === 'failed'
                    ? ': dropped out here'
                    : ': not reached'}
              </VisuallyHidden>
            </Box>
          );
        })}
      </Box>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, mt: 2, mb: 0 }}
      >
        <Box component="dt" sx={{ color: 'text.secondary' }}>
          Sources
        </Box>
        <Box component="dd" sx={{ m: 0 }}>
          {answer.sources.length === 0
            ? 'None found it'
            : answer.sources.map((source) => `${sourceNames[source]} (${sourceLabels[source]})`).join(', ')}
        </Box>
        {answer.filter ? (
          <>
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              Filter
            </Box>
            <Box component="dd" sx={{ m: 0 }}>
              {filterLabels[answer.filter]}
            </Box>
          </>
        ) : null}
        {answer.rank !== null ? (
          <>
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              Rank
            </Box>
            <Box component="dd" sx={{ m: 0 }}>
              {answer.rank}
            </Box>
          </>
        ) : null}
        {answer.score !== null ? (
          <>
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              Score
            </Box>
            <Box component="dd" sx={{ m: 0 }}>
              {formatNumber(answer.score)}
            </Box>
          </>
        ) : null}
      </Box>
    </Box>
  );
}
