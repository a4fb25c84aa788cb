import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubApi } from '../../test/api-stub.ts';
import { ada, bob, conversationFixture, directFixture, messageFixture } from '../../test/confer-fixtures.ts';
import { latestSocket, openedSockets } from '../../test/fake-websocket.ts';
import { renderApp, signIn } from '../../test/render.tsx';

const confer = () =>
  within(screen.getByRole('navigation', { name: 'Tools' })).getByRole('button', { name: /^Confer/ });

describe('the Confer badge', () => {
  it('counts unread direct messages and mentions for a signed-in person, live', async () => {
    signIn();
    const direct = directFixture(2, bob, { lastSeq: 3, readSeq: 1, unread: 2 });
    const channel = conversationFixture(1, { lastSeq: 9, readSeq: 2, unread: 7, mentions: 1 });
    // What the server would answer now: it changes with what happens below.
    let server = { items: [direct, channel], assistantAvailable: false };
    const { requests } = stubApi({ 'GET /api/confer/conversations': () => jsonResponse(200, server) });
    renderApp('/about');
    await waitFor(() => expect(confer()).toHaveAccessibleName(/3 unread messages or mentions/));
    const socket = latestSocket();
    act(() => {
      socket.open();
      socket.receive({ type: 'ready', profileKey: ada.key });
    });
    // Each connection reads the list again, so nothing said while disconnected is missed.
    await waitFor(() => expect(requests('GET /api/confer/conversations')).toHaveLength(2));
    await waitFor(() => expect(confer()).toHaveAccessibleName(/3 unread messages or mentions/));
    server = { ...server, items: [{ ...direct, lastSeq: 4, unread: 3 }, channel] };
    act(() => socket.receive({ type: 'message', message: messageFixture(4, { conversationId: direct.id }) }));
    await waitFor(() => expect(confer()).toHaveAccessibleName(/4 unread messages or mentions/));
    server = { ...server, items: [{ ...direct, lastSeq: 4, readSeq: 4, unread: 0 }, channel] };
    act(() => socket.receive({ type: 'read', conversationId: direct.id, readSeq: 4 }));
    await waitFor(() => expect(confer()).toHaveAccessibleName(/1 unread message or mention$/));
  });

  it('is not there, and opens no connection, for visitors', async () => {
    stubApi({});
    renderApp('/about');
    await screen.findByRole('heading', { level: 1 });
    expect(confer()).toHaveAccessibleName('Confer');
    expect(openedSockets()).toHaveLength(0);
  });
});
