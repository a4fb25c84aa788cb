import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorSentence } from '../../lib/error-sentence.ts';
import { buildQueryRoot, cardQuery, publishCard } from './api.ts';
import type { DraftSession } from './draft-session.ts';

/** The draft's last change did not reach the server, so nothing was published; the message says why. */
export class DraftNotSavedError extends Error {
  override name = 'DraftNotSavedError';
}

function notSavedSentence(session: DraftSession): string {
  const now = session.getSnapshot();
  if (now.status === 'conflict') return 'Settle the change made elsewhere first, then publish.';
  if (now.status === 'error') {
    return `The draft could not be saved, so it was not published. ${errorSentence(now.saveError)}`;
  }
  return 'The draft could not reach the server, so it was not published. It is saved on this device; publish again when you are back online.';
}

/**
 * Publishing the session's card as a mutation. The waiting autosave goes first, so what is published is what is
 * on screen (a save that does not land rejects with `DraftNotSavedError`); then the builder's copy of the card
 * becomes the published one and the drafts list is read again.
 */
export function usePublishCard(session: DraftSession) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      if (!(await session.flush())) throw new DraftNotSavedError(notSavedSentence(session));
      return publishCard(session.cardId);
    },
    onSuccess: (published) => {
      session.published(true);
      queryClient.setQueryData(cardQuery(session.cardId).queryKey, published);
      void queryClient.invalidateQueries({ queryKey: [...buildQueryRoot, 'drafts'] });
    },
  });
}
