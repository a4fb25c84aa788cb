import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type {
  BuilderDraft,
  BuilderEvent,
  BuilderMode,
  BuilderSession,
} from '../../../contracts/blog-builder.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { builderQueryRoot, sessionQuery, stepPath, type BuilderStep } from './api.ts';
import { withVersion } from './session-cache.ts';
import { streamStep } from './stream-step.ts';

/** How the last run of a step went. */
export type RunStatus = 'idle' | 'running' | 'done' | 'stopped' | 'failed';

/** What the page shows of the streamed steps. */
export interface BuilderRun {
  /** The step that is running, or ran last. */
  step: BuilderStep | null;
  status: RunStatus;
  /** The text the writer has sent so far in this run (until its result arrives). */
  live: string;
  /** Why the last run failed, in words. */
  failure: string | null;
  /** Who wrote the last step, and the notice when the model was not used. */
  mode: { mode: BuilderMode; notice: string | null } | null;
  /** The number of the version the last run made, once it arrived. */
  version: number | null;
}

const idle: BuilderRun = { step: null, status: 'idle', live: '', failure: null, mode: null, version: null };

/**
 * Runs the streamed steps of session `sessionId` one at a time. Each event updates the cached session as it
 * arrives (the outline, a new version, the usage), so the page shows the server's state without asking again.
 * Leaving the page or Stop aborts the request; an error keeps what was written and can be retried.
 */
export function useBuilderRun(
  viewer: string,
  sessionId: string,
  onVersionDraft: (number: number, draft: BuilderDraft) => void,
) {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<BuilderRun>(idle);
  const controller = useRef<AbortController | null>(null);
  const last = useRef<{ step: BuilderStep; body: unknown } | null>(null);
  const key = sessionQuery(viewer, sessionId).queryKey;

  // Leaving the page stops the writer; under StrictMode's rehearsal there is nothing running yet.
  useEffect(() => () => controller.current?.abort(), []);

  const update = useCallback(
    (change: (session: BuilderSession) => BuilderSession) =>
      queryClient.setQueryData<BuilderSession>(key, (session) => (session ? change(session) : session)),
    [queryClient, key],
  );

  const start = useCallback(
    async (step: BuilderStep, body: unknown) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      last.current = { step, body };
      setRun((current) => ({ ...current, step, status: 'running', live: '', failure: null, version: null }));
      let failed: string | null = null;
      // Whether the step's result (the outline, a version) arrived: a body that ends without it was cut.
      let finished = false;
      const onEvent = (event: BuilderEvent) => {
        switch (event.t) {
          case 'mode':
            setRun((current) => ({ ...current, mode: { mode: event.mode, notice: event.notice } }));
            break;
          case 'delta':
            setRun((current) => ({ ...current, live: current.live + event.text }));
            break;
          case 'outline':
            finished = true;
            update((session) => ({ ...session, outline: event.outline }));
            setRun((current) => ({ ...current, live: '' }));
            break;
          case 'version':
            finished = true;
            onVersionDraft(event.version.number, event.version.draft);
            update((session) => withVersion(session, event.version));
            // An incomplete version after an error keeps its text in the version; the live text stays too.
            setRun((current) => ({
              ...current,
              version: event.version.number,
              live: event.version.complete ? '' : current.live,
            }));
            break;
          case 'usage':
            update((session) => ({ ...session, usage: event.usage }));
            break;
          case 'error':
            failed = event.message;
            break;
        }
      };
      try {
        await streamStep(stepPath(sessionId, step), body, { signal: abort.signal, onEvent });
      } catch (error) {
        if (abort.signal.aborted) {
          // A newer run replaced this one, or the page is gone: nothing of this run is shown any more.
          if (controller.current !== abort) return;
          controller.current = null;
          setRun((current) => ({ ...current, status: 'stopped' }));
          // The server keeps what was written before the stop.
          void queryClient.invalidateQueries({ queryKey: key });
          return;
        }
        failed = errorSentence(error);
      }
      if (controller.current !== abort) return;
      controller.current = null;
      if (failed === null && !finished)
        failed = 'The connection ended before the step was finished. Try again.';
      setRun((current) => ({
        ...current,
        status: failed === null ? 'done' : 'failed',
        failure: failed,
      }));
      // The events already put a finished step in the cache; after a failure, what the server kept (an
      // incomplete version) is read again.
      if (failed !== null) void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: [...builderQueryRoot, viewer, 'sessions'] });
    },
    [sessionId, update, onVersionDraft, queryClient, key, viewer],
  );

  const stop = useCallback(() => controller.current?.abort(), []);
  const retry = useCallback(() => {
    if (last.current) void start(last.current.step, last.current.body);
  }, [start]);

  return { run, start, stop, retry };
}
