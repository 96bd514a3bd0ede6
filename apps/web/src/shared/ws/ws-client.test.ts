import { describe, expect, it, vi } from 'vitest';
import { createWsClient, reconnectDelay, sameRoom, WS_MAX_RECONNECTS } from './ws-client.ts';

/** A socket the test drives by hand. */
class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static instances: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code });
  }
  accept() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  drop() {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code: 1006 });
  }
}

function setup() {
  FakeSocket.instances = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const onError = vi.fn();
  const onStatus = vi.fn();
  const onMessage = vi.fn();
  const client = createWsClient({
    getToken: () => 'tok en',
    baseUrl: 'ws://host',
    WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    clearTimer: () => {},
    onError,
    onStatus,
    onMessage,
  });
  const runNextTimer = () => timers.shift()?.fn();
  return { client, timers, onError, onStatus, onMessage, runNextTimer };
}

describe('reconnectDelay', () => {
  it('doubles from 2 s and caps at 10 s', () => {
    expect([1, 2, 3, 4, 5].map(reconnectDelay)).toEqual([2000, 4000, 8000, 10000, 10000]);
  });
});

describe('createWsClient', () => {
  it('connects with the token in the query and joins rooms on open', () => {
    const { client, onStatus } = setup();
    client.join('company:7:room:abc');
    client.connect();
    const socket = FakeSocket.instances[0];
    expect(socket.url).toBe('ws://host/api/messages/ws?token=tok%20en');
    socket.accept();
    expect(onStatus).toHaveBeenLastCalledWith('open');
    expect(JSON.parse(socket.sent[0])).toEqual({
      type: 'join',
      room_id: 'company:7:room:abc',
      message: null,
    });
    expect(client.sendToRoom('abc', 'hi', 'wa')).toBe(true);
    expect(JSON.parse(socket.sent[1])).toEqual({
      type: 'send_to_room',
      room_id: 'abc',
      message: 'hi',
      chat_type: 'wa',
    });
  });

  it('reconnects after an abnormal close with 2, 4, 8, 10, 10 s, then gives up', () => {
    const { client, timers, onError, onStatus, runNextTimer } = setup();
    client.connect();
    FakeSocket.instances[0].accept();
    const delays: number[] = [];
    for (let attempt = 0; attempt < WS_MAX_RECONNECTS; attempt++) {
      FakeSocket.instances.at(-1)?.drop();
      delays.push(timers[0].ms);
      runNextTimer();
    }
    expect(delays).toEqual([2000, 4000, 8000, 10000, 10000]);
    expect(FakeSocket.instances).toHaveLength(6);
    FakeSocket.instances.at(-1)?.drop();
    expect(timers).toHaveLength(0);
    expect(onStatus).toHaveBeenLastCalledWith('failed');
    expect(onError).toHaveBeenCalledWith('ws.reconnectFailed', undefined);
  });

  it('starts counting again after a successful reconnect', () => {
    const { client, timers, runNextTimer } = setup();
    client.connect();
    FakeSocket.instances[0].accept();
    FakeSocket.instances[0].drop();
    runNextTimer();
    FakeSocket.instances[1].accept();
    FakeSocket.instances[1].drop();
    expect(timers[0].ms).toBe(2000);
  });

  it('does not reconnect after a normal close or close()', () => {
    const { client, timers } = setup();
    client.connect();
    FakeSocket.instances[0].accept();
    client.close();
    expect(timers).toHaveLength(0);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('does not ask again after the server refused the person (4403)', () => {
    const { client, timers, onStatus } = setup();
    client.connect();
    FakeSocket.instances[0].close(4403);
    expect(timers).toHaveLength(0);
    expect(onStatus).toHaveBeenLastCalledWith('failed');
  });

  it('reports sending while not connected and server errors', () => {
    const { client, onError, onMessage } = setup();
    expect(client.sendToRoom('abc', 'hi', 'wa')).toBe(false);
    expect(onError).toHaveBeenCalledWith('ws.notConnected', undefined);
    client.connect();
    const socket = FakeSocket.instances[0];
    socket.accept();
    socket.onmessage?.({ data: JSON.stringify({ type: 'error', message: 'Room not found' }) });
    expect(onError).toHaveBeenCalledWith('ws.serverError', 'Room not found');
    socket.onmessage?.({ data: JSON.stringify({ type: 'room_message', room_id: 'x', message: 'hey' }) });
    expect(onMessage).toHaveBeenLastCalledWith({ type: 'room_message', room_id: 'x', message: 'hey' });
  });

  it('never connecting ends with unableToConnect', () => {
    const { client, onError, runNextTimer } = setup();
    client.connect();
    for (let i = 0; i < WS_MAX_RECONNECTS; i++) {
      FakeSocket.instances.at(-1)?.drop();
      runNextTimer();
    }
    FakeSocket.instances.at(-1)?.drop();
    expect(onError).toHaveBeenCalledWith('ws.unableToConnect', undefined);
  });

  it('compares rooms by their last segment', () => {
    expect(sameRoom('company:1:628123@s.whatsapp.net', '628123@s.whatsapp.net')).toBe(true);
    expect(sameRoom('a:1', 'a:2')).toBe(false);
  });
});
