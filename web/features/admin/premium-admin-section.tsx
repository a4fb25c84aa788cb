import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import StarIcon from '@mui/icons-material/Star';
import type { AdminProfile, AdminSubscription } from '../../../contracts/premium.ts';
import { TextLink } from '../../components/text-link.tsx';
import { VisuallyHidden } from '../../components/visually-hidden.tsx';
import { errorSentence } from '../../lib/error-sentence.ts';
import { adminQueryRoot, grantPremium, peopleSearchQuery, revokePremium, subscribersQuery } from './api.ts';
import { AdminSection, AdminStatus } from './admin-section.tsx';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** `YYYY-MM-DD` of today in the administrator's time zone: the earliest end date the date field offers. */
function today(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Premium granted "until" a day lasts to the end of that day, in the administrator's time zone. */
function endOfDay(day: string): Date {
  return new Date(`${day}T23:59:59.999`);
}

function nameOf(person: { displayName: string | null; handle: string }): string {
  return person.displayName ?? `@${person.handle}`;
}

function sourceLabel(subscription: AdminSubscription): string {
  return subscription.source === 'stripe' ? 'Stripe' : 'Administrator';
}

function premiumSentence(subscription: AdminSubscription | null): string {
  if (!subscription?.active) return 'No premium';
  if (!subscription.until) return 'Premium, no end date';
  return `Premium until ${dateFormat.format(new Date(subscription.until))}`;
}

/** Administrators find a person by handle or email, grant or revoke premium, and see who has it now. */
export function PremiumAdminSection() {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busyKey, setBusyKey] = useState<string | null>(null);

  const change = async (
    person: { key: string; displayName: string | null; handle: string },
    until?: Date | null,
  ) => {
    setNotice(null);
    setFailure(null);
    setBusyKey(person.key);
    try {
      if (until === undefined) {
        await revokePremium(person.key);
        setNotice(`Premium revoked for ${nameOf(person)}.`);
      } else {
        await grantPremium(person.key, until);
        setNotice(
          until
            ? `Premium granted to ${nameOf(person)} until ${dateFormat.format(until)}.`
            : `Premium granted to ${nameOf(person)}, with no end date.`,
        );
      }
      await queryClient.invalidateQueries({ queryKey: adminQueryRoot });
    } catch (error) {
      setFailure(errorSentence(error));
    } finally {
      setBusyKey(null);
    }
  };

  return (
    <AdminSection
      title="Premium"
      description={
        <>
          Grant premium to someone, with or without an end date, or end it now. Changes show on their profile
          at once; Stripe subscriptions change through Stripe’s webhook. What premium includes is listed in{' '}
          <TextLink to="/document#premium">the user guide</TextLink>.
        </>
      }
    >
      <FindPerson
        busyKey={busyKey}
        onGrant={(person, until) => void change(person, until)}
        onRevoke={(person) => void change(person)}
      />
      <AdminStatus>{notice}</AdminStatus>
      {failure ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      ) : null}
      <Subscribers busyKey={busyKey} onRevoke={(person) => void change(person)} />
    </AdminSection>
  );
}

type PersonActions = {
  busyKey: string | null;
  onGrant: (person: AdminProfile, until: Date | null) => void;
  onRevoke: (person: AdminProfile) => void;
};

function FindPerson(actions: PersonActions) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const [tooShort, setTooShort] = useState(false);
  const results = useQuery({ ...peopleSearchQuery(query ?? ''), enabled: query !== null });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = text.trim();
    setTooShort(wanted.replace(/^@/, '').length < 2);
    if (wanted.replace(/^@/, '').length >= 2) setQuery(wanted);
  };

  return (
    <>
      <Box component="form" role="search" aria-label="Find a person" onSubmit={submit} noValidate>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { sm: 'flex-start' } }}
        >
          <TextField
            label="Handle or email"
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={tooShort}
            helperText={
              tooShort ? 'Type at least 2 characters' : 'The start is enough: @ada or ada@example.org'
            }
            size="small"
            sx={{ flex: 1 }}
          />
          <Button type="submit" variant="outlined">
            Find
          </Button>
        </Stack>
      </Box>
      {query === null ? null : results.isPending ? (
        <CircularProgress size={24} aria-label="Searching" sx={{ mt: 2 }} />
      ) : results.isError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorSentence(results.error)}
        </Alert>
      ) : results.data.items.length === 0 ? (
        <Typography sx={{ mt: 2 }}>Nobody’s handle or email starts with “{query}”.</Typography>
      ) : (
        <Box component="ul" aria-label="People found" sx={{ listStyle: 'none', p: 0, mt: 2, mb: 0 }}>
          {results.data.items.map((person) => (
            <PersonResult key={person.key} person={person} {...actions} />
          ))}
        </Box>
      )}
    </>
  );
}

function PersonResult({ person, busyKey, onGrant, onRevoke }: { person: AdminProfile } & PersonActions) {
  const [until, setUntil] = useState('');
  const nameId = useId();
  const active = person.subscription?.active === true;
  const busy = busyKey === person.key;
  return (
    <Box
      component="li"
      aria-labelledby={nameId}
      sx={{ p: 2, mb: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id={nameId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {nameOf(person)}
        </Typography>
        <TextLink to={`/u/${person.handle}`}>@{person.handle}</TextLink>
        {active ? (
          <Chip size="small" color="primary" variant="outlined" icon={<StarIcon />} label="Premium" />
        ) : null}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {person.email}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {premiumSentence(person.subscription)}
        {person.subscription?.active ? ` (${sourceLabel(person.subscription)})` : ''}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mt: 1.5, alignItems: { sm: 'center' } }}
      >
        <TextField
          type="date"
          label="Ends on (optional)"
          value={until}
          onChange={(event) => setUntil(event.target.value)}
          size="small"
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today() } }}
        />
        <Button
          variant="contained"
          disabled={busy}
          aria-label={`${active ? 'Change premium for' : 'Grant premium to'} ${nameOf(person)}`}
          onClick={() => onGrant(person, until ? endOfDay(until) : null)}
        >
          {active ? 'Change premium' : 'Grant premium'}
        </Button>
        {active ? (
          <Button
            color="error"
            variant="outlined"
            disabled={busy}
            aria-label={`Revoke premium for ${nameOf(person)}`}
            onClick={() => onRevoke(person)}
          >
            Revoke premium
          </Button>
        ) : null}
      </Stack>
    </Box>
  );
}

function Subscribers({
  busyKey,
  onRevoke,
}: {
  busyKey: string | null;
  onRevoke: (person: AdminProfile) => void;
}) {
  const headingId = useId();
  const subscribers = useQuery(subscribersQuery);
  return (
    <Box sx={{ mt: 4 }}>
      <Typography id={headingId} component="h3" variant="h6" gutterBottom>
        Current subscribers
      </Typography>
      {subscribers.isPending ? (
        <CircularProgress size={24} aria-label="Loading subscribers" />
      ) : subscribers.isError ? (
        <Alert severity="error">{errorSentence(subscribers.error)}</Alert>
      ) : subscribers.data.items.length === 0 ? (
        <Typography>Nobody has premium at the moment.</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby={headingId}>
            <TableHead>
              <TableRow>
                <TableCell>Person</TableCell>
                <TableCell>Until</TableCell>
                <TableCell>From</TableCell>
                <TableCell>Changed by</TableCell>
                <TableCell>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {subscribers.data.items.map((subscription) => {
                const person = {
                  key: subscription.profileKey,
                  handle: subscription.handle,
                  displayName: subscription.displayName,
                  email: subscription.email,
                  subscription,
                };
                return (
                  <TableRow key={subscription.profileKey}>
                    <TableCell>
                      {nameOf(person)} <TextLink to={`/u/${person.handle}`}>@{person.handle}</TextLink>
                    </TableCell>
                    <TableCell>
                      {subscription.until ? dateFormat.format(new Date(subscription.until)) : 'No end date'}
                    </TableCell>
                    <TableCell>{sourceLabel(subscription)}</TableCell>
                    <TableCell>{subscription.changedBy ? `@${subscription.changedBy}` : '—'}</TableCell>
                    <TableCell align="right">
                      <Button
                        size="small"
                        color="error"
                        disabled={busyKey === person.key}
                        aria-label={`Revoke premium for ${nameOf(person)}`}
                        onClick={() => onRevoke(person)}
                      >
                        Revoke
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
