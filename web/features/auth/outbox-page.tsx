import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import type { OutboxMessage } from '../../../contracts/auth.ts';
import { PageLoading } from '../../components/page-loading.tsx';
import { ApiError } from '../../lib/api.ts';
import { QueryError } from '../../components/query-error.tsx';
import { outboxQuery } from './api.ts';
import { AuthPage } from './auth-page.tsx';
import { identityErrors } from './errors.ts';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

function MessageCard({ message }: { message: OutboxMessage }) {
  const subjectId = useId();
  return (
    <Paper component="article" variant="outlined" aria-labelledby={subjectId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={subjectId} variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
        {message.subject}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'auto 1fr',
          columnGap: 2,
          rowGap: 0.5,
          my: 1.5,
          '& dt': { fontWeight: 600 },
          '& dd': { m: 0, overflowWrap: 'anywhere' },
        }}
      >
        <dt>To</dt>
        <dd>{message.to}</dd>
        <dt>Sent</dt>
        <dd>
          <time dateTime={message.createdAt}>{timeFormat.format(new Date(message.createdAt))}</time>
        </dd>
      </Box>
      <Box
        component="pre"
        sx={{
          m: 0,
          p: 2,
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontFamily: 'inherit',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {message.text}
      </Box>
      {message.links.length > 0 ? (
        <>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
            Links in this message
          </Typography>
          <Box component="ul" sx={{ mt: 0.5, mb: 0, pl: 3 }}>
            {message.links.map((href) => (
              <li key={href}>
                <Link href={href} sx={{ overflowWrap: 'anywhere' }}>
                  {href}
                </Link>
              </li>
            ))}
          </Box>
        </>
      ) : null}
    </Paper>
  );
}

/** `/dev/outbox`: the mail a server without SMTP would have sent, so its links stay reachable. */
export function OutboxPage() {
  const outbox = useQuery(outboxQuery);
  const notServed = outbox.error instanceof ApiError && outbox.error.status === 404;
  // The server lists newest first already; sorting again keeps that promise if it ever does not.
  const messages = outbox.data
    ? [...outbox.data.messages].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
    : [];

  return (
    <AuthPage title="Development outbox" width={800}>
      <Typography sx={{ mb: 3 }}>
        When no SMTP server is configured, CARD WEB does not send email: it keeps each message here instead,
        so verification, sign-in and password-reset links can still be opened. The newest message is first.
      </Typography>

      {notServed ? (
        <Alert severity="info">
          The development outbox is only available outside production. In production, mail is sent through the
          configured SMTP server.
        </Alert>
      ) : outbox.isPending ? (
        <PageLoading />
      ) : outbox.isError ? (
        <QueryError
          error={outbox.error}
          onRetry={() => void outbox.refetch()}
          errorOptions={identityErrors}
        />
      ) : (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2 }}>
            <Typography role="status">
              {messages.length === 0
                ? 'No messages yet.'
                : messages.length === 1
                  ? '1 message'
                  : `${messages.length} messages`}
            </Typography>
            <Button
              variant="outlined"
              startIcon={<RefreshIcon />}
              disabled={outbox.isFetching}
              onClick={() => void outbox.refetch()}
            >
              Refresh
            </Button>
          </Box>
          {messages.length === 0 ? (
            <Typography color="text.secondary">
              Messages appear here as soon as CARD WEB sends one, for example when someone signs up or asks
              for a password reset.
            </Typography>
          ) : (
            <Stack spacing={2}>
              {messages.map((message) => (
                <MessageCard key={message.id} message={message} />
              ))}
            </Stack>
          )}
        </>
      )}
    </AuthPage>
  );
}
