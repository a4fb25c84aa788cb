import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MakeCardMode, PdfHighlight, PdfLibrary } from '../../../../contracts/pdfs.ts';
import { makeCard, pdfLibraryQuery, pdfsQueryRoot, saveSettings } from '../../../lib/pdfs-api.ts';
import { withMadeCard } from './detail-cache.ts';
import { useDetailCache } from './detail-query.ts';

/** What the choice dialog is open for: a highlight waiting for its card, or changing the choice alone. */
export type MakeCardQuestion = { highlight: PdfHighlight } | { highlight: null };

/**
 * Make card: the first time, the person is asked once whether cards are made as drafts or published; the
 * answer is saved in their library settings and every later card is made that way without asking. The saved
 * choice lives in the library's answer (`GET /api/pdfs`), read from the cache when the library page already
 * has it.
 */
export function useMakeCard(owner: string | null, documentId: string) {
  const queryClient = useQueryClient();
  const cache = useDetailCache(owner, documentId);
  const libraryOptions = pdfLibraryQuery(owner);
  // Read only when Make card is pressed (below), but shown once known, to offer changing it.
  const library = useQuery({ ...libraryOptions, enabled: false });
  const [question, setQuestion] = useState<MakeCardQuestion | null>(null);

  const remember = (makeCardAs: MakeCardMode | null) =>
    queryClient.setQueriesData<PdfLibrary>({ queryKey: [...pdfsQueryRoot, owner, 'library'] }, (current) =>
      current ? { ...current, makeCardAs } : current,
    );

  const make = useMutation({
    mutationFn: ({ highlight, as }: { highlight: PdfHighlight; as: MakeCardMode }) =>
      makeCard(documentId, highlight.id, { as }),
    onSuccess: (result) => {
      cache.change((detail) => withMadeCard(detail, result));
      cache.refreshLibrary();
    },
  });
  const choose = useMutation({
    mutationFn: (as: MakeCardMode) => saveSettings({ makeCardAs: as }),
    onSuccess: (settings) => remember(settings.makeCardAs),
  });
  const lookUp = useMutation({
    mutationFn: () => queryClient.ensureQueryData(libraryOptions),
  });

  return {
    /** The saved choice, once known; null when the person has not chosen yet. */
    choice: library.data?.makeCardAs ?? null,
    question,
    /** The last card made and the failure of the last attempt, for the panel to show. */
    made: make.data?.card ?? null,
    madeFrom: make.data?.highlight.id ?? null,
    error: make.error ?? lookUp.error,
    busyWith: make.isPending
      ? (make.variables?.highlight.id ?? null)
      : lookUp.isPending
        ? 'looking-up'
        : null,
    /** Make card on `highlight`: at once with the saved choice, else after asking. */
    async request(highlight: PdfHighlight) {
      make.reset();
      choose.reset();
      let saved: MakeCardMode | null;
      try {
        saved = (await lookUp.mutateAsync()).makeCardAs;
      } catch {
        return;
      }
      if (saved) make.mutate({ highlight, as: saved });
      else setQuestion({ highlight });
    },
    /** Asks again, to change the saved choice. */
    change() {
      choose.reset();
      setQuestion({ highlight: null });
    },
    /** The answer to the question: saved, then the waiting card is made that way. */
    async answer(as: MakeCardMode) {
      const waiting = question;
      try {
        await choose.mutateAsync(as);
      } catch {
        return;
      }
      setQuestion(null);
      if (waiting?.highlight) make.mutate({ highlight: waiting.highlight, as });
    },
    dismiss() {
      setQuestion(null);
    },
    choosing: choose.isPending,
    chooseError: choose.error,
  };
}
