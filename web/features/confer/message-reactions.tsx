import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Message, ReactionEmoji } from '../../../contracts/confer.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { setReaction } from './api.ts';
import { useConferClient } from './confer-client.tsx';

/** The reactions given, each a toggle for the reader's own. */
export function MessageReactions({ message, canReact }: { message: Message; canReact: boolean }) {
  const { store } = useConferClient();
  const react = useMutation({
    mutationFn: ({ emoji, on }: { emoji: ReactionEmoji; on: boolean }) => setReaction(message.id, emoji, on),
    onSuccess: (answer) => store.applyOwn(answer),
  });
  if (message.reactions.length === 0 && !react.isError) return null;
  return (
    <Box sx={{ mt: 0.5 }}>
      <Stack
        direction="row"
        useFlexGap
        spacing={0.5}
        sx={{ flexWrap: 'wrap' }}
        role="group"
        aria-label="Reactions"
      >
        {message.reactions.map((reaction) => (
          <Button
            key={reaction.emoji}
            size="small"
            variant={reaction.mine ? 'contained' : 'outlined'}
            color={reaction.mine ? 'primary' : 'inherit'}
            aria-pressed={reaction.mine}
            aria-label={`${reaction.emoji} ${reaction.count}${reaction.mine ? ', including yours' : ''}`}
            disabled={!canReact || react.isPending}
            onClick={() => react.mutate({ emoji: reaction.emoji, on: !reaction.mine })}
            sx={{ minWidth: 0, px: 1, py: 0, borderRadius: 4, textTransform: 'none', lineHeight: 1.8 }}
          >
            <span aria-hidden>{reaction.emoji}</span>
            <Box component="span" aria-hidden sx={{ ml: 0.5, fontWeight: 700 }}>
              {reaction.count}
            </Box>
          </Button>
        ))}
      </Stack>
      {react.isError ? (
        <Alert severity="error" sx={{ mt: 0.5 }} onClose={() => react.reset()}>
          The reaction was not saved. {errorSentence(react.error)}
        </Alert>
      ) : null}
    </Box>
  );
}
