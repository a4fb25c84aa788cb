import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { Resolver, UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { supportTicketRequestSchema, supportTopicLabels, supportTopics } from '../../../contracts/support.ts';
import type { SupportTicketRequest, SupportTicketResponse } from '../../../contracts/support.ts';
import { TextLink } from '../../components/text-link.tsx';
import { ApiError } from '../../lib/api.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { useCreateSupportTicket } from './api.ts';

/** What the form holds before validation: the topic starts unchosen. */
type SupportFormInput = Omit<SupportTicketRequest, 'topic'> & { topic: SupportTicketRequest['topic'] | '' };

// The schema's own input type has no "unchosen" topic; the schema still rejects '' at run time with its
// "Choose a topic" message, which is exactly what the form should show.
const resolver = zodResolver(supportTicketRequestSchema) as Resolver<
  SupportFormInput,
  unknown,
  SupportTicketRequest
>;
const fieldNames = [
  'name',
  'email',
  'topic',
  'message',
] as const satisfies readonly (keyof SupportTicketRequest)[];
type FieldName = (typeof fieldNames)[number];

function isFieldName(path: string): path is FieldName {
  return (fieldNames as readonly string[]).includes(path);
}

/** MUI puts `ref` on the wrapper; react-hook-form needs the input itself. */
function registered({ ref, ...rest }: UseFormRegisterReturn) {
  return { inputRef: ref, ...rest };
}

export function CustomerSupportPage() {
  const mutation = useCreateSupportTicket();
  const [filed, setFiled] = useState<SupportTicketResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<SupportFormInput, unknown, SupportTicketRequest>({
    resolver,
    defaultValues: { name: '', email: '', topic: '', message: '' },
  });

  const onSubmit = handleSubmit(async (request) => {
    setFiled(null);
    setFailure(null);
    try {
      const ticket = await mutation.mutateAsync(request);
      setFiled(ticket);
      reset();
    } catch (error) {
      const apiError =
        error instanceof ApiError
          ? error
          : new ApiError({
              code: 'common/internal-error',
              message: 'Something went wrong. Please try again.',
              status: 0,
            });
      let placed = false;
      for (const field of apiError.fields) {
        if (isFieldName(field.path)) {
          setError(field.path, { type: 'server', message: field.message }, { shouldFocus: !placed });
          placed = true;
        }
      }
      // Field problems are shown on their fields; anything else needs a message of its own.
      if (!placed) setFailure(apiError.message);
    }
  });

  const sending = mutation.isPending;

  return (
    <Box component="section" aria-labelledby="section-title" sx={{ maxWidth: 640 }}>
      <PageHeader
        title="Customer support"
        subtitle="Ask a question, report a problem or suggest an improvement. We answer by email, usually within two working days."
      />
      <Typography sx={{ mb: 3 }}>
        Many answers are already in the <TextLink to="/document">user guide</TextLink>.
      </Typography>

      {filed ? (
        <Alert severity="success" role="status" sx={{ mb: 3 }}>
          <AlertTitle>Thank you, we have your message</AlertTitle>
          Your reference number is <strong>{filed.reference}</strong>. Keep it to follow up on this request.
        </Alert>
      ) : null}
      {failure ? (
        <Alert severity="error" sx={{ mb: 3 }}>
          {failure}
        </Alert>
      ) : null}

      <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="support-form-title">
        <Typography id="support-form-title" variant="h5" component="h2" sx={{ mb: 2, fontWeight: 600 }}>
          Write to us
        </Typography>
        <Stack spacing={3}>
          <TextField
            label="Name"
            autoComplete="name"
            required
            fullWidth
            error={Boolean(errors.name)}
            helperText={errors.name?.message}
            {...registered(register('name'))}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            fullWidth
            error={Boolean(errors.email)}
            helperText={errors.email?.message ?? 'We reply to this address.'}
            {...registered(register('email'))}
          />
          <Controller
            name="topic"
            control={control}
            render={({ field: { ref, value, onChange, onBlur, name } }) => (
              <TextField
                select
                label="Topic"
                required
                fullWidth
                name={name}
                value={value}
                onChange={onChange}
                onBlur={onBlur}
                inputRef={ref}
                error={Boolean(errors.topic)}
                helperText={errors.topic?.message}
              >
                {supportTopics.map((topic) => (
                  <MenuItem key={topic} value={topic}>
                    {supportTopicLabels[topic]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <TextField
            label="Message"
            required
            fullWidth
            multiline
            minRows={5}
            error={Boolean(errors.message)}
            helperText={errors.message?.message ?? 'At least 10 characters.'}
            {...registered(register('message'))}
          />
          <Box>
            <Button type="submit" variant="contained" size="large" disabled={sending}>
              Send message
            </Button>
          </Box>
        </Stack>
      </Box>
    </Box>
  );
}
