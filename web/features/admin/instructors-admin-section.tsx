import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { InstructorGrant } from '../../../contracts/classroom-authoring.ts';
import type { ProfileSummary } from '../../../contracts/profiles.ts';
import { SheetDialog } from '../../components/sheet-dialog.tsx';
import { TextLink } from '../../components/text-link.tsx';
import { VisuallyHidden } from '../../components/visually-hidden.tsx';
import { errorSentence } from '../../lib/error-sentence.ts';
import { adminQueryRoot, grantInstructor, instructorsQuery, revokeInstructor } from './api.ts';
import { AdminSection, AdminStatus } from './admin-section.tsx';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function nameOf(person: Pick<ProfileSummary, 'displayName' | 'handle'>): string {
  return person.displayName ?? `@${person.handle}`;
}

/** Administrators give the instructor role by handle, see who has it, and take it away after asking. */
export function InstructorsAdminSection() {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [revoking, setRevoking] = useState<ProfileSummary | null>(null);

  const act = async (action: () => Promise<string>) => {
    setNotice(null);
    setFailure(null);
    setBusy(true);
    try {
      setNotice(await action());
      await queryClient.invalidateQueries({ queryKey: [...adminQueryRoot, 'instructors'] });
      return true;
    } catch (error) {
      setFailure(errorSentence(error));
      return false;
    } finally {
      setBusy(false);
    }
  };

  return (
    <AdminSection
      title="Instructors"
      description={
        <>
          Instructors write and publish courses in the classroom. Give the role by handle; without it, a
          person cannot start a new course. See <TextLink to="/document#classroom">the user guide</TextLink>.
        </>
      }
    >
      <GrantForm
        busy={busy}
        onGrant={(handle) =>
          act(async () => {
            const grant = await grantInstructor(handle);
            return `${nameOf(grant.person)} is now an instructor.`;
          })
        }
      />
      <AdminStatus>{notice}</AdminStatus>
      {failure ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      ) : null}
      <InstructorTable busy={busy} onRevoke={setRevoking} />
      <RevokeDialog
        person={revoking}
        onClose={() => setRevoking(null)}
        onConfirm={(person) => {
          setRevoking(null);
          void act(async () => {
            await revokeInstructor(person.handle);
            return `${nameOf(person)} is no longer an instructor.`;
          });
        }}
      />
    </AdminSection>
  );
}

function GrantForm({ busy, onGrant }: { busy: boolean; onGrant: (handle: string) => Promise<boolean> }) {
  const [handle, setHandle] = useState('');
  const [empty, setEmpty] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = handle.trim().replace(/^@/, '');
    setEmpty(wanted === '');
    if (wanted === '') return;
    if (await onGrant(wanted)) setHandle('');
  };
  return (
    <Box
      component="form"
      aria-label="Give the instructor role"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label="Handle"
          value={handle}
          onChange={(event) => setHandle(event.target.value)}
          error={empty}
          helperText={empty ? 'Type the person’s handle' : 'As on their profile: @ada or ada'}
          size="small"
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="contained" disabled={busy} sx={{ minHeight: 44 }}>
          Make instructor
        </Button>
      </Stack>
    </Box>
  );
}

function InstructorTable({ busy, onRevoke }: { busy: boolean; onRevoke: (person: ProfileSummary) => void }) {
  const headingId = useId();
  const instructors = useQuery(instructorsQuery);
  return (
    <Box sx={{ mt: 4 }}>
      <Typography id={headingId} component="h3" variant="h6" gutterBottom>
        Current instructors
      </Typography>
      {instructors.isPending ? (
        <CircularProgress size={24} aria-label="Loading instructors" />
      ) : instructors.isError ? (
        <Alert severity="error">{errorSentence(instructors.error)}</Alert>
      ) : instructors.data.items.length === 0 ? (
        <Typography>Nobody is an instructor yet.</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby={headingId}>
            <TableHead>
              <TableRow>
                <TableCell>Person</TableCell>
                <TableCell>Since</TableCell>
                <TableCell>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {instructors.data.items.map((grant: InstructorGrant) => (
                <TableRow key={grant.person.key}>
                  <TableCell>
                    {/* A person without a display name is named by the link alone. */}
                    {grant.person.displayName ? `${grant.person.displayName} ` : null}
                    <TextLink to={`/u/${grant.person.handle}`}>@{grant.person.handle}</TextLink>
                  </TableCell>
                  <TableCell>{dateFormat.format(new Date(grant.grantedAt))}</TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      color="error"
                      disabled={busy}
                      aria-label={`Take the instructor role from ${nameOf(grant.person)}`}
                      onClick={() => onRevoke(grant.person)}
                      sx={{ minHeight: 44 }}
                    >
                      Take away
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

function RevokeDialog({
  person,
  onClose,
  onConfirm,
}: {
  person: ProfileSummary | null;
  onClose: () => void;
  onConfirm: (person: ProfileSummary) => void;
}) {
  const id = useId();
  const name = person ? nameOf(person) : '';
  return (
    <SheetDialog
      open={person !== null}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={`${id}-title`}>Take the instructor role from {name}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          They will no longer be able to start new courses. You can give the role back at any time.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" onClick={() => person && onConfirm(person)}>
          Take away
        </Button>
      </DialogActions>
    </SheetDialog>
  );
}
