import { useId, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { Link as RouterLink } from 'react-router';
import {
  builderLimits,
  type BuilderSource,
  type SourcePicker as PickerKind,
  type SourceResult,
} from '../../../contracts/blog-builder.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { findSources } from './api.ts';
import { totalTokens } from './draft-text.ts';
import { SourcePicker } from './source-picker.tsx';

const number = new Intl.NumberFormat('en');

/** "2 cards are private to someone else and were left out". */
export function refusedSentence(count: number): string {
  return count === 1
    ? '1 card could not be read (it is private to someone else, or gone) and was left out.'
    : `${count} cards could not be read (they are private to someone else, or gone) and were left out.`;
}

function authorName(source: BuilderSource): string {
  return source.author.displayName ?? `@${source.author.handle}`;
}

/** What a picker found, each card with a box to tick, and a notice of what it could not read. */
function FoundCards({
  result,
  chosenIds,
  onAdd,
}: {
  result: SourceResult;
  chosenIds: ReadonlySet<string>;
  onAdd: (cards: BuilderSource[]) => void;
}) {
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const addable = result.cards.filter((card) => picked.has(card.id) && !chosenIds.has(card.id));
  return (
    <Box component="section" aria-label="Cards found" sx={{ display: 'grid', gap: 1 }}>
      {result.refused.length > 0 ? (
        <Alert severity="warning">
          {refusedSentence(result.refused.length)}
          <Box component="ul" sx={{ m: 0, pl: 2.5, overflowWrap: 'anywhere' }}>
            {result.refused.map((item) => (
              <li key={item.ref}>
                {item.ref}: {item.reason}
              </li>
            ))}
          </Box>
        </Alert>
      ) : null}
      {result.cards.length === 0 ? (
        <Typography color="text.secondary">No cards found.</Typography>
      ) : (
        <>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
            {result.cards.map((card) => {
              const already = chosenIds.has(card.id);
              return (
                <li key={card.id}>
                  <FormControlLabel
                    sx={{ alignItems: 'flex-start', mr: 0, '& .MuiFormControlLabel-label': { minWidth: 0 } }}
                    control={
                      <Checkbox
                        checked={already || picked.has(card.id)}
                        disabled={already}
                        onChange={(event) =>
                          setPicked((current) => {
                            const next = new Set(current);
                            if (event.target.checked) next.add(card.id);
                            else next.delete(card.id);
                            return next;
                          })
                        }
                      />
                    }
                    label={
                      <Box sx={{ pt: 1, overflowWrap: 'anywhere' }}>
                        <Typography component="span" sx={{ fontWeight: 500 }}>
                          {card.title}
                        </Typography>
                        <Typography component="span" variant="body2" color="text.secondary">
                          {' '}
                          · {authorName(card)} · {number.format(card.tokens)} tokens
                          {already ? ' · already chosen' : ''}
                        </Typography>
                        {card.excerpt ? (
                          <Typography variant="body2" color="text.secondary">
                            {card.excerpt}
                          </Typography>
                        ) : null}
                      </Box>
                    }
                  />
                </li>
              );
            })}
          </Box>
          <Box>
            <Button
              variant="outlined"
              disabled={addable.length === 0}
              onClick={() => {
                onAdd(addable);
                setPicked(new Set());
              }}
            >
              {addable.length === 1 ? 'Add 1 card' : `Add ${addable.length} cards`}
            </Button>
          </Box>
        </>
      )}
    </Box>
  );
}

/** The chosen cards with their tokens, the total against the builder's limits, and a way to remove each. */
function ChosenSources({
  chosen,
  onRemove,
}: {
  chosen: readonly BuilderSource[];
  onRemove: (id: string) => void;
}) {
  const tokens = totalTokens(chosen);
  const overTokens = tokens > builderLimits.sourceTokens;
  const overCount = chosen.length > builderLimits.sources.max;
  const meterId = useId();
  return (
    <Box component="section" aria-label="Chosen cards" sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="body2">
        {chosen.length} of at most {builderLimits.sources.max} cards ·{' '}
        <span id={meterId}>
          {number.format(tokens)} of {number.format(builderLimits.sourceTokens)} tokens
        </span>
      </Typography>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, Math.round((tokens / builderLimits.sourceTokens) * 100))}
        color={overTokens ? 'error' : 'primary'}
        aria-labelledby={meterId}
      />
      {overTokens || overCount ? (
        <Alert severity="error">
          {overCount
            ? `That is more than ${builderLimits.sources.max} cards. Remove some to go on.`
            : 'Those cards are more than the builder can read at once. Remove some to go on.'}
        </Alert>
      ) : null}
      {chosen.length === 0 ? (
        <Typography color="text.secondary">
          No cards chosen yet. Find cards above and tick the ones the post should draw on.
        </Typography>
      ) : (
        <Box component="ol" aria-label="Chosen cards" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }}>
          {chosen.map((card) => (
            <li key={card.id}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
                <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                  <Link component={RouterLink} to={`/cards/${card.id}`}>
                    {card.title}
                  </Link>
                  <Typography component="span" variant="body2" color="text.secondary">
                    {' '}
                    · {authorName(card)} · {number.format(card.tokens)} tokens
                  </Typography>
                </Box>
                <IconButton
                  aria-label={`Remove ${card.title}`}
                  onClick={() => onRemove(card.id)}
                  sx={{ width: 44, height: 44 }}
                >
                  <CloseIcon />
                </IconButton>
              </Box>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** Whether the chosen set is within the builder's limits. */
export function withinLimits(chosen: readonly BuilderSource[]): boolean {
  return (
    chosen.length >= builderLimits.sources.min &&
    chosen.length <= builderLimits.sources.max &&
    totalTokens(chosen) <= builderLimits.sourceTokens
  );
}

/**
 * Step 1: find cards by search, tag, deck, class, research project or pasted links, tick the ones to add, and
 * see the chosen set against the limits. `action` is the button that starts or saves the session.
 */
export function SourcesPanel({
  viewer,
  chosen,
  onChange,
  action,
}: {
  viewer: string;
  chosen: readonly BuilderSource[];
  onChange: (next: BuilderSource[]) => void;
  action: ReactNode;
}) {
  const [result, setResult] = useState<{ key: number; data: SourceResult } | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const chosenIds = new Set(chosen.map((card) => card.id));

  const find = async (by: PickerKind, value: string) => {
    setBusy(true);
    setFailure(null);
    try {
      const data = await findSources(by, value);
      // A new key gives the list fresh checkboxes.
      setResult((current) => ({ key: (current?.key ?? 0) + 1, data }));
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <SourcePicker viewer={viewer} busy={busy} onFind={(by, value) => void find(by, value)} />
      {failure ? <Alert severity="error">{errorSentence(failure)}</Alert> : null}
      {result ? (
        <FoundCards
          key={result.key}
          result={result.data}
          chosenIds={chosenIds}
          onAdd={(cards) => onChange([...chosen, ...cards])}
        />
      ) : null}
      <ChosenSources chosen={chosen} onRemove={(id) => onChange(chosen.filter((card) => card.id !== id))} />
      {action}
    </Box>
  );
}
