import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Message } from '../../../contracts/confer.ts';
import { Markdown } from '../../components/markdown/markdown.tsx';
import { CardEmbed } from './card-embed.tsx';
import { EditMessage } from './edit-message.tsx';
import { Edited } from './message-meta.tsx';

/**
 * What a message says: its text through the cards' safe Markdown renderer (or the editor while its author
 * edits it, or a marker once deleted) and the cards it links to.
 */
export function MessageBody({
  message,
  continued,
  editing,
  onEditDone,
}: {
  message: Message;
  /** Continues its author's previous message, so "(edited)" follows the text instead of the time. */
  continued: boolean;
  editing: boolean;
  onEditDone: () => void;
}) {
  return (
    <>
      {message.deleted ? (
        <Typography sx={{ fontStyle: 'italic', color: 'text.secondary' }}>
          {message.removed ? 'This message was removed by an administrator.' : 'This message was deleted.'}
        </Typography>
      ) : editing ? (
        <EditMessage message={message} onDone={onEditDone} />
      ) : (
        <Box
          sx={{
            overflowWrap: 'anywhere',
            '& .markdown > :first-of-type': { mt: 0 },
            '& .markdown > :last-child': { mb: 0 },
          }}
        >
          <Markdown source={message.body} siteLinksOnly={message.fromAssistant} />
          {continued && message.editedAt ? <Edited /> : null}
        </Box>
      )}
      {message.deleted ? null : message.embeds.map((card) => <CardEmbed key={card.id} card={card} />)}
    </>
  );
}
