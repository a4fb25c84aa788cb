import Typography from '@mui/material/Typography';
import type { Message } from '../../../contracts/confer.ts';
import { fullTime, clockTime } from './format.ts';

/** "Mentions you", beside the time: the amber bar says it to the eye, this to everyone. */
export function MentionTag() {
  return (
    <Typography
      component="span"
      variant="caption"
      sx={{ fontWeight: 700, color: 'text.primary', border: '1px solid #b26a00', borderRadius: 1, px: 0.5 }}
    >
      Mentions you
    </Typography>
  );
}

/** "(edited)" after the text of a message that continues its author's previous one (its time is not shown). */
export function Edited() {
  return (
    <Typography component="span" variant="caption" color="text.secondary">
      {' '}
      (edited)
    </Typography>
  );
}

/** The message's time, with "(edited)" and when, beside the author's name. */
export function MessageTime({ message }: { message: Message }) {
  return (
    <Typography variant="caption" color="text.secondary" component="span">
      <time dateTime={message.createdAt} title={fullTime(message.createdAt)}>
        {clockTime(message.createdAt)}
      </time>
      {message.editedAt ? <span title={`Edited ${fullTime(message.editedAt)}`}> (edited)</span> : null}
    </Typography>
  );
}
