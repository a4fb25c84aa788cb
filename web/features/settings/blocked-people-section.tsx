import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ProfileSummary } from '../../../contracts/profiles.ts';
import { VisuallyHidden } from '../../components/visually-hidden.tsx';
import { errorSentence } from '../../lib/error-sentence.ts';
import { blockedPeopleQuery, blockedPeopleQueryKey, unblock } from './api.ts';
import { ErrorNotice, SettingsSection, StatusNotice } from './section.tsx';

const nameOf = (person: ProfileSummary) => person.displayName ?? person.handle;

/** The people the account blocks, each with Unblock. */
export function BlockedPeopleSection() {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(blockedPeopleQuery);
  const [pending, setPending] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const people = query.data?.pages.flatMap((page) => page.items) ?? [];

  const unblockPerson = async (person: ProfileSummary) => {
    setNotice(null);
    setFailure(null);
    setPending(person.key);
    try {
      await unblock(person.key);
      setNotice(`You unblocked ${nameOf(person)}.`);
      await queryClient.invalidateQueries({ queryKey: blockedPeopleQueryKey });
    } catch (error) {
      setFailure(`${nameOf(person)} is still blocked. ${errorSentence(error)}`);
    } finally {
      setPending(null);
    }
  };

  let body;
  if (query.isPending) body = <CircularProgress aria-label="Loading the people you block" size={28} />;
  else if (query.isError) body = <ErrorNotice message={errorSentence(query.error)} />;
  else if (people.length === 0) body = <Typography>You do not block anyone.</Typography>;
  else
    body = (
      <>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {people.map((person) => (
            <Box
              component="li"
              key={person.key}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 2,
                py: 1,
                borderTop: 1,
                borderColor: 'divider',
              }}
            >
              <Avatar src={person.photoURL ?? undefined} alt="" sx={{ width: 36, height: 36 }}>
                {nameOf(person).slice(0, 1).toUpperCase()}
              </Avatar>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Link component={RouterLink} to={`/u/${person.handle}`} sx={{ overflowWrap: 'anywhere' }}>
                  {nameOf(person)}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  @{person.handle}
                </Typography>
              </Box>
              <Button
                variant="outlined"
                size="small"
                disabled={pending !== null}
                onClick={() => void unblockPerson(person)}
              >
                Unblock <VisuallyHidden>{nameOf(person)}</VisuallyHidden>
              </Button>
            </Box>
          ))}
        </Box>
        {query.hasNextPage ? (
          <Button
            sx={{ mt: 1 }}
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            Show more
          </Button>
        ) : null}
      </>
    );

  return (
    <SettingsSection title="Blocked people">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        People you block cannot follow or message you, and their cards stay out of your views. Block someone
        from the … button on their profile.
      </Typography>
      {body}
      <StatusNotice>{notice}</StatusNotice>
      <ErrorNotice message={failure} />
    </SettingsSection>
  );
}
