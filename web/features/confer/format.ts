import type { Conversation } from '../../../contracts/confer.ts';
import type { ProfileSummary } from '../../../contracts/profiles.ts';

/** A person's name as Confer shows it: their display name, else their handle. */
export function nameOf(profile: Pick<ProfileSummary, 'displayName' | 'handle'>): string {
  return profile.displayName?.trim() || `@${profile.handle}`;
}

const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const fullDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' });
const dayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long' });
const dayWithYear = new Intl.DateTimeFormat(undefined, {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** "14:05" in the reader's locale. */
export function clockTime(iso: string): string {
  return time.format(new Date(iso));
}

/** "Friday, 20 November 2026 at 14:05": the whole moment, for a tooltip. */
export function fullTime(iso: string): string {
  return fullDate.format(new Date(iso));
}

/** The local calendar day of a moment, to group messages by. */
export function dayKey(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
}

/** "Today", "Yesterday", "Friday 20 November", with the year when it is not this year. */
export function dayLabel(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const startOf = (moment: Date) =>
    new Date(moment.getFullYear(), moment.getMonth(), moment.getDate()).getTime();
  const days = Math.round((startOf(now) - startOf(date)) / 86_400_000);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return date.getFullYear() === now.getFullYear() ? dayFormat.format(date) : dayWithYear.format(date);
}

/** What a conversation is, in words, for labels. */
export function kindLabel(kind: Conversation['kind']): string {
  switch (kind) {
    case 'channel':
      return 'Channel';
    case 'private':
      return 'Private channel';
    case 'direct':
      return 'Direct message';
    case 'group':
      return 'Group message';
    case 'assistant':
      return 'Card assistant';
  }
}

/** "3 unread", "1 mention": what a conversation's badges say, for screen readers. */
export function countsLabel(conversation: Pick<Conversation, 'unread' | 'mentions'>): string {
  const parts: string[] = [];
  const cap = (n: number) => (n >= 100 ? '99+' : String(n));
  if (conversation.unread > 0) parts.push(`${cap(conversation.unread)} unread`);
  if (conversation.mentions > 0)
    parts.push(`${cap(conversation.mentions)} ${conversation.mentions === 1 ? 'mention' : 'mentions'}`);
  return parts.join(', ');
}

/** The link to a conversation, optionally at a message (and the thread it is in). */
export function conferLink(conversationId: string, messageId?: string, threadRootId?: string | null): string {
  const params = new URLSearchParams({ c: conversationId });
  if (messageId) params.set('m', messageId);
  if (threadRootId) params.set('t', threadRootId);
  return `/confer?${params.toString()}`;
}
