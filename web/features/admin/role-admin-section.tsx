import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useQueryClient, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
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
import type { InstructorGrant, InstructorList } from '../../../contracts/classroom-authoring.ts';
import type { ProfileSummary } from '../../../contracts/profiles.ts';
import { SheetDialog } from '../../components/sheet-dialog.tsx';
import { TextLink } from '../../components/text-link.tsx';
import { VisuallyHidden } from '../../components/visually-hidden.tsx';
import { errorSentence } from '../../lib/error-sentence.ts';
import { AdminSection, AdminStatus } from './admin-section.tsx';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function nameOf(person: Pick<ProfileSummary, 'displayName' | 'handle'>): string {
  return person.displayName ?? `@${person.handle}`;
}

/** What differs between the roles given by handle (instructors, editors): their words and their calls. */
export interface RoleConfig {
  /** The section's title: "Instructors". */
  title: string;
  description: ReactNode;
  /** The role's holder, in a sentence: "an instructor". */
  holder: string;
  /** The role's name: "instructor". */
  role: string;
  /** The grant button: "Make instructor". */
  grantLabel: string;
  /** The table's heading: "Current instructors". */
  tableTitle: string;
  /** What the table says when nobody has the role. */
  emptyText: string;
  /** What taking the role away means, in the confirmation. */
  revokeConsequence: string;
  /** The holders' query key, made stale by a change. */
  queryKey: QueryKey;
  /** Reads the holders (a hook: `useQuery` of the role's list). */
  useHolders: () => UseQueryResult<InstructorList>;
  grant: (handle: string) => Promise<InstructorGrant>;
  revoke: (handle: string) => Promise<unknown>;
}

/** Administrators give a role by handle, see who has it, and take it away after asking. */
export function RoleAdminSection({ config }: { config: RoleConfig }) {
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
      await queryClient.invalidateQueries({ queryKey: config.queryKey });
      return true;
    } catch (error) {
      setFailure(errorSentence(error));
      return false;
    } finally {
      setBusy(false);
    }
  };

  return (
    <AdminSection title={config.title} description={config.description}>
      <GrantForm
        busy={busy}
        config={config}
        onGrant={(handle) =>
          act(async () => {
            const grant = await config.grant(handle);
            return `${nameOf(grant.person)} is now ${config.holder}.`;
          })
        }
      />
      <AdminStatus>{notice}</AdminStatus>
      {failure ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      ) : null}
      <HolderTable busy={busy} config={config} onRevoke={setRevoking} />
      <RevokeDialog
        person={revoking}
        config={config}
        onClose={() => setRevoking(null)}
        onConfirm={(person) => {
          setRevoking(null);
          void act(async () => {
            await config.revoke(person.handle);
            return `${nameOf(person)} is no longer ${config.holder}.`;
          });
        }}
      />
    </AdminSection>
  );
}

function GrantForm({
  busy,
  config,
  onGrant,
}: {
  busy: boolean;
  config: RoleConfig;
  onGrant: (handle: string) => Promise<boolean>;
}) {
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
      aria-label={`Give the ${config.role} role`}
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
          {config.grantLabel}
        </Button>
      </Stack>
    </Box>
  );
}

function HolderTable({
  busy,
  config,
  onRevoke,
}: {
  busy: boolean;
  config: RoleConfig;
  onRevoke: (person: ProfileSummary) => void;
}) {
  const headingId = useId();
  const holders = config.useHolders();
  return (
    <Box sx={{ mt: 4 }}>
      <Typography id={headingId} component="h3" variant="h6" gutterBottom>
        {config.tableTitle}
      </Typography>
      {holders.isPending ? (
        <CircularProgress size={24} aria-label={`Loading ${config.title.toLowerCase()}`} />
      ) : holders.isError ? (
        <Alert severity="error">{errorSentence(holders.error)}</Alert>
      ) : holders.data.items.length === 0 ? (
        <Typography>{config.emptyText}</Typography>
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
              {holders.data.items.map((grant: InstructorGrant) => (
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
                      aria-label={`Take the ${config.role} role from ${nameOf(grant.person)}`}
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
  config,
  onClose,
  onConfirm,
}: {
  person: ProfileSummary | null;
  config: RoleConfig;
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
      <DialogTitle id={`${id}-title`}>
        Take the {config.role} role from {name}?
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {config.revokeConsequence} You can give the role back at any time.
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
