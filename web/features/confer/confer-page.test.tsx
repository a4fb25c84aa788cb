import { IDBFactory } from 'fake-indexeddb';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { conferSystemProfileKey, type Conversation, type Message } from '../../../contracts/confer.ts';
import { errorResponse, jsonResponse, stubApi, type StubRoute } from '../../test/api-stub.ts';
import {
  ada,
  bob,
  conversationFixture,
  cy,
  directFixture,
  memberFixture,
  messageFixture,
} from '../../test/confer-fixtures.ts';
import { latestSocket, openedSockets } from '../../test/fake-websocket.ts';
import { renderApp, signIn } from '../../test/render.tsx';
import { resetOutboxDatabase } from './outbox-storage.ts';

const channel = conversationFixture(1, { lastSeq: 2, readSeq: 2, lastMessageAt: '2026-11-20T09:00:02.000Z' });
const direct = directFixture(2, bob, { lastSeq: 5, readSeq: 3, unread: 2 });
const messagesPath = (conversation: Conversation) => `/api/confer/conversations/${conversation.id}/messages`;

function routes(extra: Record<string, StubRoute | object | null> = {}) {
  return {
    'GET /api/confer/conversations': { items: [channel, direct], assistantAvailable: false },
    [`GET ${messagesPath(channel)}`]: {
      items: [messageFixture(1), messageFixture(2, { body: 'Hello **everyone**' })],
      hasOlder: false,
      hasNewer: false,
      upTo: 2,
    },
    [`GET /api/confer/conversations/${channel.id}/members`]: {
      items: [memberFixture(ada, 'online'), memberFixture(bob, 'away'), memberFixture(cy)],
    },
    [`GET /api/confer/conversations/${channel.id}/changes`]: { items: [], upTo: 2, more: false },
    [`PUT /api/confer/conversations/${channel.id}/read`]: (request: { body: unknown }) =>
      jsonResponse(200, { readSeq: (request.body as { seq: number }).seq }),
    ...extra,
  };
}

/** The server accepts the page's realtime connection. */
async function connect() {
  await waitFor(() => expect(openedSockets().length).toBeGreaterThan(0));
  const socket = latestSocket();
  act(() => {
    socket.open();
    socket.receive({ type: 'ready', profileKey: ada.key });
  });
  return socket;
}

function deliver(socket: ReturnType<typeof latestSocket>, message: Message) {
  act(() => socket.receive({ type: 'message', message }));
}

const messages = () => screen.getByRole('region', { name: /^Messages in / });
const composer = () => screen.getByRole('textbox', { name: /^Message / });

async function openChannel(
  extra: Record<string, StubRoute | object | null> = {},
  { strict = false }: { strict?: boolean } = {},
) {
  signIn();
  const api = stubApi(routes(extra));
  renderApp(`/confer?c=${channel.id}`, { strict });
  expect(
    await within(await screen.findByRole('region', { name: 'Messages in #general-1' })).findByText(
      'everyone',
    ),
  ).toBeVisible();
  const socket = await connect();
  return { ...api, socket };
}

describe('/confer', () => {
  beforeEach(() => {
    vi.stubGlobal('indexedDB', new IDBFactory());
    resetOutboxDatabase();
  });

  it('asks visitors to sign in', async () => {
    stubApi({});
    renderApp('/confer');
    expect(await screen.findByRole('heading', { level: 1, name: 'Confer' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Fconfer');
    expect(openedSockets()).toHaveLength(0);
  });

  it('lists channels and direct messages with their counts, and the assistant only where there is one', async () => {
    signIn();
    stubApi(
      routes({ 'GET /api/confer/conversations': { items: [channel, direct], assistantAvailable: true } }),
    );
    renderApp('/confer');
    const list = await screen.findByRole('navigation', { name: 'Conversations' });
    const channels = await within(list).findByRole('region', { name: 'Channels' });
    expect(await within(channels).findByRole('link', { name: '#general-1, Channel' })).toHaveAttribute(
      'href',
      `/confer?c=${channel.id}`,
    );
    const people = within(list).getByRole('region', { name: 'Direct messages' });
    expect(within(people).getByRole('link', { name: 'Bob Babbage, Direct message, 2 unread' })).toBeVisible();
    expect(within(people).getByRole('img', { name: 'Bob Babbage is offline' })).toBeVisible();
    expect(within(list).getByRole('button', { name: 'Card assistant' })).toBeVisible();
    // The top bar counts the direct message's unread messages (its badge loads on its own).
    await waitFor(() =>
      expect(
        within(screen.getByRole('navigation', { name: 'Tools' })).getByRole('button', { name: /^Confer/ }),
      ).toHaveAccessibleName(/2 unread messages or mentions/),
    );
  });

  it('opens #general for someone new who opens Confer with no conversation chosen', async () => {
    signIn();
    const general = conversationFixture(1, { name: 'general', title: '#general', lastSeq: 2, readSeq: 2 });
    const system = { ...cy, key: conferSystemProfileKey, handle: 'cardweb', displayName: 'CARD WEB' };
    stubApi(
      routes({
        'GET /api/confer/conversations': { items: [general], assistantAvailable: false },
        [`GET ${messagesPath(general)}`]: {
          items: [messageFixture(1, { author: system, body: 'Welcome to Confer' })],
          hasOlder: false,
          hasNewer: false,
          upTo: 2,
        },
      }),
    );
    const { router } = renderApp('/confer');
    const timeline = await screen.findByRole('region', { name: /^Messages in #general/ });
    expect(router.state.location.search).toBe(`?c=${general.id}`);
    // The welcome is the product's, marked as such, with no profile to open.
    expect(await within(timeline).findByText('Welcome to Confer')).toBeVisible();
    expect(within(timeline).getByText('(system message)')).toBeVisible();
    expect(within(timeline).queryByRole('link', { name: /CARD WEB/ })).toBeNull();
  });

  it('leaves the choice to someone who has other conversations', async () => {
    signIn();
    const general = conversationFixture(1, { name: 'general', title: '#general' });
    stubApi(
      routes({ 'GET /api/confer/conversations': { items: [general, direct], assistantAvailable: false } }),
    );
    const { router } = renderApp('/confer');
    await screen.findByRole('navigation', { name: 'Conversations' });
    await screen.findByRole('link', { name: /^Bob Babbage/ });
    expect(router.state.location.search).toBe('');
  });

  it('shows a message that arrives live once, announces it, and marks the conversation read', async () => {
    const { socket, requests } = await openChannel();
    // Everything shown was read already.
    expect(requests(`PUT /api/confer/conversations/${channel.id}/read`)).toEqual([]);
    const three = messageFixture(3, { body: 'A live one' });
    deliver(socket, three);
    deliver(socket, three);
    expect(await within(messages()).findAllByText('A live one')).toHaveLength(1);
    expect(screen.getByText('New message from Bob Babbage: A live one')).toBeInTheDocument();
    await waitFor(() =>
      expect(requests(`PUT /api/confer/conversations/${channel.id}/read`)).toEqual([
        expect.objectContaining({ body: { seq: 3 } }),
      ]),
    );
  });

  it('fills a gap in the events from the changes, in order, before showing what came after it', async () => {
    // What the server has changed after number 2: nothing at first, then three messages.
    let changed: Message[] = [];
    const { socket, fetchMock } = await openChannel({
      [`GET /api/confer/conversations/${channel.id}/changes`]: () =>
        jsonResponse(200, { items: changed, upTo: changed.at(-1)?.changeSeq ?? 2, more: false }),
    });
    const asked = () =>
      fetchMock.mock.calls
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .filter((url) => url.pathname.endsWith('/changes'))
        .map((url) => url.searchParams.get('after'));
    // The connection's `ready` made it catch up once; nothing had changed.
    await waitFor(() => expect(asked()).toEqual(['2']));
    changed = [
      messageFixture(3, { body: 'Third' }),
      messageFixture(4, { body: 'Fourth' }),
      messageFixture(5, { body: 'Fifth' }),
    ];
    // 3 and 4 never arrive as events: 5 shows the gap.
    deliver(socket, messageFixture(5, { body: 'Fifth' }));
    const timeline = messages();
    expect(await within(timeline).findByText('Third')).toBeVisible();
    expect(asked()).toEqual(['2', '2']);
    const order = within(timeline)
      .getAllByRole('article')
      .map((article) => article.textContent ?? '');
    expect(order.findIndex((text) => text.includes('Third'))).toBeLessThan(
      order.findIndex((text) => text.includes('Fourth')),
    );
    expect(order.findIndex((text) => text.includes('Fourth'))).toBeLessThan(
      order.findIndex((text) => text.includes('Fifth')),
    );
    expect(within(timeline).getAllByText('Fifth')).toHaveLength(1);
    // Late copies of the missed events change nothing.
    deliver(socket, messageFixture(3, { body: 'Third' }));
    deliver(socket, messageFixture(4, { body: 'Fourth' }));
    expect(within(timeline).getAllByText('Third')).toHaveLength(1);
    expect(asked()).toHaveLength(2);
  });

  it('sends with Enter and a key of its own; Shift+Enter starts a new line', async () => {
    const user = userEvent.setup();
    const sent: Message[] = [];
    const { requests } = await openChannel({
      [`POST ${messagesPath(channel)}`]: (request: { body: unknown }) => {
        const body = request.body as { clientId: string; body: string };
        const message = messageFixture(3, { author: ada, body: body.body, clientId: body.clientId });
        sent.push(message);
        return jsonResponse(201, message);
      },
    });
    await user.type(composer(), 'First line{Shift>}{Enter}{/Shift}second line{Enter}');
    await waitFor(() => expect(sent).toHaveLength(1));
    const [post] = requests(`POST ${messagesPath(channel)}`);
    expect(post?.body).toEqual({
      clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      body: 'First line\nsecond line',
    });
    expect(composer()).toHaveValue('');
    expect(await within(messages()).findByText(/second line/)).toBeVisible();
  });

  it('puts a refused message back in the composer with the server’s sentence', async () => {
    const user = userEvent.setup();
    await openChannel({
      [`POST ${messagesPath(channel)}`]: () =>
        errorResponse(
          429,
          'confer/rate-limited',
          'You’re sending messages faster than Confer allows. Wait a few seconds, then send again.',
          { retryAfterSeconds: 10 },
        ),
    });
    await user.type(composer(), 'Too fast{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('faster than Confer allows');
    expect(composer()).toHaveValue('Too fast');
    expect(within(messages()).queryByText('Too fast')).not.toBeInTheDocument();
  });

  it('keeps a message as pending without a connection and sends it with the same key when it is back', async () => {
    const user = userEvent.setup();
    let down = true;
    const stored = new Map<string, Message>();
    const { requests, socket } = await openChannel({
      [`POST ${messagesPath(channel)}`]: (request: { body: unknown }) => {
        if (down) return Promise.reject(new TypeError('Failed to fetch'));
        const body = request.body as { clientId: string; body: string };
        const message =
          stored.get(body.clientId) ??
          messageFixture(3, { author: ada, body: body.body, clientId: body.clientId });
        stored.set(body.clientId, message);
        return jsonResponse(201, message);
      },
    });
    act(() => socket.drop(1006));
    await user.type(composer(), 'Written offline{Enter}');
    const pending = await within(messages()).findByRole('article', { name: 'Your message, pending' });
    expect(pending).toHaveTextContent('it will be sent when the connection is back');

    down = false;
    await connect();
    await waitFor(() =>
      expect(within(messages()).queryByRole('article', { name: /^Your message/ })).not.toBeInTheDocument(),
    );
    expect(within(messages()).getAllByText('Written offline')).toHaveLength(1);
    const keys = requests(`POST ${messagesPath(channel)}`).map(
      (request) => (request.body as { clientId: string }).clientId,
    );
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(1);
  });

  it('offers the members to mention after @, and counts the characters near the limit', async () => {
    const user = userEvent.setup();
    await openChannel();
    await user.type(composer(), 'Thanks @b');
    const suggestions = await screen.findByRole('listbox', { name: 'People to mention' });
    expect(within(suggestions).getByRole('option', { name: /Bob Babbage/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(suggestions).queryByRole('option', { name: /Ada Lovelace/ })).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(composer()).toHaveValue('Thanks @bob ');
    expect(screen.queryByRole('listbox', { name: 'People to mention' })).not.toBeInTheDocument();

    await user.clear(composer());
    await user.click(composer());
    await user.paste('x'.repeat(4001));
    expect(screen.getByText(/4,001 \/ 4,000/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('says who is typing', async () => {
    const { socket } = await openChannel();
    act(() =>
      socket.receive({ type: 'typing', conversationId: channel.id, profile: bob, threadRootId: null }),
    );
    expect(await screen.findByText('Bob Babbage is typing…')).toBeVisible();
    act(() =>
      socket.receive({ type: 'typing', conversationId: channel.id, profile: cy, threadRootId: null }),
    );
    expect(await screen.findByText('Bob Babbage and Cy Young are typing…')).toBeVisible();
    deliver(socket, messageFixture(3, { body: 'Done typing' }));
    expect(await screen.findByText('Cy Young is typing…')).toBeVisible();
  });

  it('lets a public channel be read before joining, with Join channel instead of the composer', async () => {
    const user = userEvent.setup();
    const outside = conversationFixture(3, { joined: false, lastSeq: 1 });
    signIn();
    stubApi(
      routes({
        [`GET /api/confer/conversations/${outside.id}`]: outside,
        [`GET ${messagesPath(outside)}`]: {
          items: [messageFixture(1, { conversationId: outside.id, body: 'Public talk' })],
          hasOlder: false,
          hasNewer: false,
          upTo: 1,
        },
        [`GET /api/confer/conversations/${outside.id}/members`]: { items: [memberFixture(bob)] },
        [`PUT /api/confer/conversations/${outside.id}/membership`]: { ...outside, joined: true },
      }),
    );
    renderApp(`/confer?c=${outside.id}`);
    expect(await screen.findByText('Public talk')).toBeVisible();
    const socket = await connect();
    await waitFor(() =>
      expect(socket.sentOfType('watch')).toEqual([{ type: 'watch', conversationId: outside.id }]),
    );
    expect(screen.queryByRole('textbox', { name: /^Message / })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join channel' }));
    expect(await screen.findByRole('textbox', { name: 'Message #general-3' })).toBeVisible();
  });

  it('opens a thread from the reply count, with its replies and its own composer', async () => {
    const user = userEvent.setup();
    const root = messageFixture(2, {
      body: 'A question',
      replyCount: 1,
      lastReplyAt: '2026-11-20T09:00:04.000Z',
    });
    await openChannel({
      [`GET ${messagesPath(channel)}`]: {
        items: [messageFixture(1, { body: 'Hello **everyone**' }), root],
        hasOlder: false,
        hasNewer: false,
        upTo: 4,
      },
      [`GET /api/confer/messages/${root.id}/thread`]: {
        root,
        replies: [messageFixture(3, { body: 'An answer', author: cy, threadRootId: root.id })],
        hasNewer: false,
      },
      [`GET /api/confer/conversations/${channel.id}/changes`]: { items: [], upTo: 4, more: false },
    });
    await user.click(within(messages()).getByRole('button', { name: /^1 reply/ }));
    const thread = await screen.findByRole('region', { name: 'Thread' });
    expect(await within(thread).findByText('An answer')).toBeVisible();
    expect(within(thread).getByText('A question')).toBeVisible();
    expect(within(thread).getByRole('textbox', { name: 'Reply in thread' })).toBeVisible();
    // Replies stay out of the timeline.
    expect(within(messages()).queryByText('An answer')).not.toBeInTheDocument();
  });

  it('opens a link to a reply in a thread at its thread, with the reply marked', async () => {
    signIn();
    const root = messageFixture(2, { body: 'A question', replyCount: 1 });
    const reply = messageFixture(3, { body: 'The linked answer', author: cy, threadRootId: root.id });
    const thread = { root, replies: [reply], hasNewer: false };
    stubApi(
      routes({
        [`GET ${messagesPath(channel)}`]: {
          items: [messageFixture(1), root],
          hasOlder: false,
          hasNewer: false,
          upTo: 3,
        },
        // Asked for the reply's thread, the server answers the thread it is in.
        [`GET /api/confer/messages/${reply.id}/thread`]: thread,
        [`GET /api/confer/messages/${root.id}/thread`]: thread,
      }),
    );
    renderApp(`/confer?c=${channel.id}&m=${reply.id}`);
    const panel = await screen.findByRole('region', { name: 'Thread' });
    const linked = (await within(panel).findByText('The linked answer')).closest('article');
    expect(linked).toHaveAttribute('aria-current', 'true');
    expect(linked).toHaveAttribute('data-message-id', reply.id);
  });

  it('shows the assistant’s answer as it is written, then the finished message', async () => {
    const assistant = conversationFixture(4, {
      kind: 'assistant',
      name: null,
      title: 'Card assistant',
      memberCount: 1,
    });
    signIn();
    stubApi(
      routes({
        'GET /api/confer/conversations': { items: [assistant], assistantAvailable: true },
        [`GET ${messagesPath(assistant)}`]: {
          items: [messageFixture(1, { conversationId: assistant.id, author: ada, body: 'What is spacing?' })],
          hasOlder: false,
          hasNewer: false,
          upTo: 1,
        },
        [`GET /api/confer/conversations/${assistant.id}/members`]: { items: [memberFixture(ada)] },
        [`PUT /api/confer/conversations/${assistant.id}/read`]: { readSeq: 1 },
      }),
    );
    renderApp(`/confer?c=${assistant.id}`);
    expect(await screen.findByText('What is spacing?')).toBeVisible();
    const socket = await connect();
    const replyTo = messageFixture(1).id;
    act(() =>
      socket.receive({ type: 'assistant-draft', conversationId: assistant.id, replyTo, text: 'Spacing is' }),
    );
    const draft = await screen.findByRole('article', { name: 'Card assistant, writing' });
    expect(draft).toHaveTextContent('Spacing is');
    act(() =>
      socket.receive({
        type: 'assistant-draft',
        conversationId: assistant.id,
        replyTo,
        text: 'Spacing is reviewing over time.',
      }),
    );
    expect(draft).toHaveTextContent('Spacing is reviewing over time.');
    deliver(
      socket,
      messageFixture(2, {
        conversationId: assistant.id,
        author: ada,
        fromAssistant: true,
        body: 'Spacing is **reviewing over time**.',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Card assistant, writing' })).not.toBeInTheDocument(),
    );
    expect(within(messages()).getByRole('article', { name: /^Card assistant,/ })).toHaveTextContent(
      'Spacing is reviewing over time.',
    );
    expect(screen.getByRole('textbox', { name: 'Ask the card assistant' })).toBeVisible();
  });

  it('reports a problem instead of the conversation when it cannot be read', async () => {
    signIn();
    const missing = conversationFixture(9);
    stubApi(
      routes({
        [`GET ${messagesPath(missing)}`]: () =>
          errorResponse(404, 'common/not-found', 'There is no such conversation.'),
      }),
    );
    renderApp(`/confer?c=${missing.id}`);
    expect(await screen.findByText('There is no such conversation, or you are not in it.')).toBeVisible();
  });

  describe('under StrictMode, as in the development build', () => {
    /** The server stores each message once by its key and answers it as number 3 onwards. */
    function storingServer() {
      const stored = new Map<string, Message>();
      let down = false;
      const route = (request: { body: unknown }) => {
        if (down) return Promise.reject(new TypeError('Failed to fetch'));
        const body = request.body as { clientId: string; body: string };
        const message =
          stored.get(body.clientId) ??
          messageFixture(3 + stored.size, { author: ada, body: body.body, clientId: body.clientId });
        stored.set(body.clientId, message);
        return jsonResponse(201, message);
      };
      return {
        stored,
        route,
        setDown: (value: boolean) => {
          down = value;
        },
      };
    }

    it('sends a message once and shows it as sent', async () => {
      const user = userEvent.setup();
      const server = storingServer();
      const { requests } = await openChannel(
        { [`POST ${messagesPath(channel)}`]: server.route },
        { strict: true },
      );
      await user.type(composer(), 'Hello in development{Enter}');
      await waitFor(() =>
        expect(within(messages()).queryByRole('article', { name: /^Your message/ })).not.toBeInTheDocument(),
      );
      expect(within(messages()).getAllByText('Hello in development')).toHaveLength(1);
      expect(requests(`POST ${messagesPath(channel)}`)).toHaveLength(1);
    });

    it('sends a message written offline when the connection is back', async () => {
      const user = userEvent.setup();
      const server = storingServer();
      const { socket } = await openChannel(
        { [`POST ${messagesPath(channel)}`]: server.route },
        { strict: true },
      );
      server.setDown(true);
      act(() => socket.drop(1006));
      await user.type(composer(), 'Written offline{Enter}');
      expect(await within(messages()).findByRole('article', { name: 'Your message, pending' })).toBeVisible();

      server.setDown(false);
      await connect();
      await waitFor(() =>
        expect(within(messages()).queryByRole('article', { name: /^Your message/ })).not.toBeInTheDocument(),
      );
      expect(within(messages()).getAllByText('Written offline')).toHaveLength(1);
      expect(server.stored.size).toBe(1);
    });

    it('opens one realtime connection and receives live messages once', async () => {
      const { socket } = await openChannel({}, { strict: true });
      expect(openedSockets()).toHaveLength(1);
      deliver(socket, messageFixture(3, { body: 'A live one' }));
      expect(await within(messages()).findAllByText('A live one')).toHaveLength(1);
    });
  });
});
