import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { createHub } from './hub.ts';

// Real sockets on loopback: a server side registered in the hub, and clients that read or do not.
describe('the connection hub', () => {
  const servers: WebSocketServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  async function pair() {
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    servers.push(server);
    await new Promise((resolve) => server.once('listening', resolve));
    const accepted = new Promise<WebSocket>((resolve) => server.once('connection', resolve));
    const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
    await new Promise((resolve) => client.once('open', resolve));
    return { serverSide: await accepted, client };
  }

  it('sends to a conversation’s connections and forgets closed ones', async () => {
    const hub = createHub({ maxBufferedBytes: 1024 * 1024, slowCloseCode: 4008 });
    const a = await pair();
    const b = await pair();
    const ada = hub.open('ada', a.serverSide);
    const bob = hub.open('bob', b.serverSide);
    hub.subscribe(ada, 'room');
    hub.subscribe(bob, 'room');
    const received = new Promise<string>((resolve) =>
      b.client.once('message', (data) => resolve(data.toString())),
    );
    for (const connection of hub.inConversation('room'))
      hub.send(connection, { type: 'ready', profileKey: 'x' });
    expect(JSON.parse(await received)).toEqual({ type: 'ready', profileKey: 'x' });
    hub.close(ada);
    expect([...hub.inConversation('room')].map((connection) => connection.profileKey)).toEqual(['bob']);
    expect(hub.connectionsOf('ada').size).toBe(0);
    a.client.close();
    b.client.close();
  });

  it('closes a connection that falls too far behind, without waiting for it, and keeps serving the others', async () => {
    const hub = createHub({ maxBufferedBytes: 64 * 1024, slowCloseCode: 4008 });
    const slow = await pair();
    const quick = await pair();
    // The slow client stops reading: the server's buffer for it grows.
    slow.client.pause();
    const slowConnection = hub.open('slow', slow.serverSide);
    const quickConnection = hub.open('quick', quick.serverSide);
    let quickGot = 0;
    quick.client.on('message', () => quickGot++);
    const payload = { type: 'error', code: 'x', message: 'y'.repeat(16 * 1024) };
    let sentToSlow = 0;
    for (let i = 0; i < 2000 && hub.send(slowConnection, payload); i++) sentToSlow++;
    expect(sentToSlow).toBeLessThan(2000);
    for (let i = 0; i < 20; i++) expect(hub.send(quickConnection, payload)).toBe(true);
    await expect.poll(() => quickGot).toBe(20);
    const closed = new Promise<number>((resolve) => slow.client.once('close', (code) => resolve(code)));
    slow.client.resume();
    expect(await closed).toBe(4008);
    quick.client.close();
  });
});
