import { memo, useEffect, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { typedLinkKinds } from '../../../contracts/cards.ts';
import type { TypedLinkKind } from '../../../contracts/cards.ts';
import { suggestTitles } from './api.ts';
import type { TitleSuggestion } from './api.ts';
import type { BuilderLink } from './content.ts';
import { linkKindLabels } from './labels.ts';

/** Most typed links a card may have (the server's limit). */
const maxLinks = 50;

/**
 * Typed links to other cards: pick a card by its title, choose how it relates (related, prerequisite,
 * example of, contradicts), add; each link can be removed. `[[links]]` in the text need none of this.
 */
export const TypedLinks = memo(function TypedLinks({
  cardId,
  links,
  onChange,
  error,
}: {
  cardId: string;
  links: BuilderLink[];
  onChange: (links: BuilderLink[]) => void;
  error?: string | undefined;
}) {
  const headingId = useId();
  const [query, setQuery] = useState('');
  const [options, setOptions] = useState<TitleSuggestion[]>([]);
  const [target, setTarget] = useState<TitleSuggestion | null>(null);
  const [kind, setKind] = useState<TypedLinkKind>('related');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!query.trim()) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      suggestTitles(query.trim(), controller.signal).then(
        (items) => setOptions(items.filter((item) => item.id !== cardId)),
        () => setOptions([]),
      );
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, cardId]);

  const add = () => {
    if (!target) {
      setProblem('Choose a card to link first.');
      return;
    }
    if (links.some((link) => link.targetId === target.id && link.kind === kind)) {
      setProblem(`This card already has that link to “${target.title}”.`);
      return;
    }
    if (links.length >= maxLinks) {
      setProblem(`A card can have at most ${maxLinks} typed links.`);
      return;
    }
    setProblem(null);
    onChange([...links, { targetId: target.id, kind, title: target.title }]);
    setTarget(null);
    setQuery('');
  };

  const message = problem ?? error;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Typography id={headingId} variant="h6" component="h2">
        Typed links
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Say how this card relates to others. Links written as [[Title]] in the text are kept as well.
      </Typography>
      {links.length > 0 ? (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }}>
          {links.map((link) => {
            const title = link.title ?? 'A card you can no longer open';
            return (
              <Box
                component="li"
                key={`${link.kind}:${link.targetId}`}
                sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
              >
                <Typography component="span" variant="body2" sx={{ fontWeight: 600, minWidth: 110 }}>
                  {linkKindLabels[link.kind]}
                </Typography>
                <Link component={RouterLink} to={`/cards/${link.targetId}`} sx={{ flex: 1 }}>
                  {title}
                </Link>
                <IconButton
                  aria-label={`Remove the link to ${title}`}
                  onClick={() => onChange(links.filter((other) => other !== link))}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              </Box>
            );
          })}
        </Box>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
        <Autocomplete
          sx={{ flex: '1 1 260px' }}
          options={options}
          value={target}
          inputValue={query}
          filterOptions={(items) => items}
          getOptionLabel={(option) => option.title}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          onChange={(_event, value) => setTarget(value)}
          onInputChange={(_event, value) => setQuery(value)}
          noOptionsText={query ? 'No card has that title' : 'Type a title'}
          renderOption={({ key, ...props }, option) => (
            <li key={key} {...props}>
              {option.title}
              {option.mine ? (
                <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                  your card
                </Typography>
              ) : null}
            </li>
          )}
          renderInput={(params) => <TextField {...params} label="Card to link" />}
        />
        <TextField
          select
          label="Kind"
          value={kind}
          onChange={(event) => setKind(event.target.value as TypedLinkKind)}
          sx={{ minWidth: 160 }}
        >
          {typedLinkKinds.map((each) => (
            <MenuItem key={each} value={each}>
              {linkKindLabels[each]}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" onClick={add} sx={{ mt: 1 }}>
          Add link
        </Button>
      </Box>
      {message ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {message}
        </Alert>
      ) : null}
    </Box>
  );
});
