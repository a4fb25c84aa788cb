import { StrictMode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Job } from '../../contracts/jobs.ts';
import { errorCatalogue } from '../../contracts/errors.ts';
import { jsonResponse, stubApi } from '../test/api-stub.ts';
import { FakeWebSocket, openedSockets, resetFakeWebSockets } from '../test/fake-websocket.ts';
import { useJob } from './jobs.ts';
import { RealtimeConnection } from './realtime.ts';

const id = '00000000-0000-4000-8000-000000000001';
const job = (fields: Partial<Job> = {}): Job => ({
  id,
  kind: 'pdf-import',
  status: 'queued',
  stage: null,
  done: null,
  total: null,
  message: null,
  errorCode: null,
  attempts: 0,
  createdAt: '2026-11-25T10:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  updatedAt: '2026-11-25T10:00:00.000Z',
  result: null,
  ...fields,
});
const progress = (fields: Partial<Job>) => {
  const { result: _result, ...rest } = job(fields);
  return { type: 'job', job: rest };
};

function JobView({ connection }: { connection: RealtimeConnection }) {
  const { job: current, errorSentence, cancel, finished } = useJob(id, connection);
  if (!current) return <p>Loading</p>;
  return (
    <div>
      <p>Status: {current.status}</p>
      {current.stage && (
        <p>
          {current.stage} {current.done} of {current.total}
        </p>
      )}
      {errorSentence && <p role="alert">{errorSentence}</p>}
      {current.result !== null && <p>Result: {JSON.stringify(current.result)}</p>}
      {!finished && (
        <button type="button" onClick={cancel}>
          Cancel
        </button>
      )}
    </div>
  );
}

function setup(routes: Parameters<typeof stubApi>[0]) {
  resetFakeWebSockets();
  const api = stubApi(routes);
  const connection = new RealtimeConnection({
    createSocket: (url) => new FakeWebSocket(url) as unknown as WebSocket,
    url: () => 'ws://localhost/api/realtime',
    checkSession: async () => true,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <JobView connection={connection} />
      </QueryClientProvider>
    </StrictMode>,
  );
  return { api, connection, view };
}

describe('useJob', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('follows a job’s progress live and reads its result when it ends, on one connection', async () => {
    // What the server answers; the test moves it on as the job would.
    let stored = job();
    const { api, connection, view } = setup({ [`GET /api/jobs/${id}`]: () => jsonResponse(200, stored) });
    expect(await screen.findByText('Status: queued')).toBeInTheDocument();
    // StrictMode mounts the effect twice; one socket stays, held once.
    const live = openedSockets().filter((socket) => socket.readyState !== FakeWebSocket.CLOSED);
    expect(live).toHaveLength(1);
    const socket = live[0]!;
    // The query cache tells components on its next turn (a zero timeout): let it before looking.
    const receive = (event: unknown) =>
      act(async () => {
        socket.receive(event);
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    act(() => socket.open());

    const running = { status: 'running' as const, stage: 'Reading pages', total: 10 };
    await receive(progress({ ...running, done: 3, updatedAt: '2026-11-25T10:00:01.000Z' }));
    expect(screen.getByText('Reading pages 3 of 10')).toBeInTheDocument();
    // Another job's events, and an event older than what is shown, change nothing.
    await receive({ type: 'job', job: { ...progress({ stage: 'Other' }).job, id: crypto.randomUUID() } });
    await receive(progress({ ...running, done: 1, updatedAt: '2026-11-25T10:00:00.500Z' }));
    expect(screen.getByText('Reading pages 3 of 10')).toBeInTheDocument();

    stored = job({ status: 'succeeded', updatedAt: '2026-11-25T10:00:05.000Z', result: { cards: 12 } });
    await receive(progress({ status: 'succeeded', updatedAt: '2026-11-25T10:00:05.000Z' }));
    expect(await screen.findByText('Result: {"cards":12}')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(api.requests(`GET /api/jobs/${id}`).length).toBeGreaterThanOrEqual(2);

    view.unmount();
    // The tab's connection closes once nobody has used it for the rest of the task (a remount keeps it).
    await waitFor(() => expect(connection.status).toBe('idle'));
  });

  it('says why a job failed in words, from its error code', async () => {
    setup({
      [`GET /api/jobs/${id}`]: job({ status: 'failed', errorCode: 'jobs/interrupted', attempts: 3 }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(errorCatalogue['jobs/interrupted'].message);
  });

  it('cancels the job and shows the server’s answer', async () => {
    const user = userEvent.setup();
    const { api } = setup({
      [`GET /api/jobs/${id}`]: job({
        status: 'running',
        stage: 'Cloning',
        updatedAt: '2026-11-25T10:00:01.000Z',
      }),
      [`POST /api/jobs/${id}/cancel`]: job({
        status: 'cancelled',
        stage: 'Cloning',
        updatedAt: '2026-11-25T10:00:02.000Z',
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Status: cancelled')).toBeInTheDocument();
    expect(api.requests(`POST /api/jobs/${id}/cancel`)).toHaveLength(1);
  });
});
