import type { Orm } from '../../db/client.ts';
import type { BusEvent } from './events.ts';
import { createAssistantRepository } from './repository/assistant.ts';
import { createConversationsRepository } from './repository/conversations.ts';
import { createMessagesRepository } from './repository/messages.ts';
import { createModerationRepository } from './repository/moderation.ts';
import { createPeopleRepository } from './repository/people.ts';
import { createPresenceRepository } from './repository/presence.ts';
import { notify } from './repository/shared.ts';

export type { SummaryRow } from './repository/conversations.ts';
export type { SendContext } from './repository/messages.ts';
export { PRESENCE_RENEW_MS } from './repository/presence.ts';
export {
  isUniqueViolation,
  type ConversationRow,
  type MessageRow,
  type ProfileRow,
} from './repository/shared.ts';

/**
 * Storage side of Confer, one object for the service: conversations, people, moderation, messages, the
 * assistant's reads and presence, each in a file of its own under repository/.
 */
export function createConferRepository(orm: Orm) {
  return {
    /** Tells every instance about something that is not stored (someone typing). */
    publish: (event: BusEvent) => notify(orm, event),
    ...createConversationsRepository(orm),
    ...createPeopleRepository(orm),
    ...createModerationRepository(orm),
    ...createMessagesRepository(orm),
    ...createAssistantRepository(orm),
    ...createPresenceRepository(orm),
  };
}
export type ConferRepository = ReturnType<typeof createConferRepository>;
