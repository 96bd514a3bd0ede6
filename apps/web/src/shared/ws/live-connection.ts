import { refreshTokens } from '../api/client.ts';
import { getSession } from '../auth/session.ts';
import {
  createWsClient,
  type WsClient,
  type WsClientOptions,
  type WsErrorKey,
  type WsIncoming,
  type WsStatus,
} from './ws-client.ts';

/** Whether a JWT access token expires within `marginMs` (unreadable tokens count as fine). */
export function tokenExpiring(token: string | undefined, now = Date.now(), marginMs = 5_000) {
  try {
    const payload = JSON.parse(atob((token ?? '').split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp?: number;
    };
    return typeof payload.exp === 'number' && payload.exp * 1000 - marginMs < now;
  } catch {
    return false;
  }
}

/** One party using the connection: the shell listening for notifications, a messaging screen. */
export interface LiveListener {
  onEvent?: (event: WsIncoming) => void;
  onStatus?: (status: WsStatus) => void;
  onError?: (key: WsErrorKey, detail?: string) => void;
}

type CreateClient = (options: WsClientOptions) => WsClient;

/**
 * One WebSocket per tab, shared by everyone who listens: it opens with the first listener and
 * closes with the last, keeps the rooms its listeners joined, and is opened afresh when the signed-in
 * person changed (entering a client account) or a previous one gave up (a new screen tries again).
 */
export function createLiveConnection(create: CreateClient = createWsClient) {
  const listeners = new Set<LiveListener>();
  /** Rooms with how many listeners joined them, so one leaving does not drop another's room. */
  const rooms = new Map<string, number>();
  let client: WsClient | null = null;
  let status: WsStatus = 'closed';
  let openedFor: string | undefined;

  const person = () => getSession()?.externalId;

  function setStatus(next: WsStatus) {
    status = next;
    for (const listener of listeners) listener.onStatus?.(next);
  }

  function open() {
    openedFor = person();
    const ws = create({
      getToken: () => getSession()?.accessToken,
      // A closed client may still report its last close: only the current one speaks.
      onMessage: (event) => {
        if (client === ws) for (const listener of listeners) listener.onEvent?.(event);
      },
      onStatus: (next) => {
        if (client !== ws) return;
        // The socket carries the token in its URL: renew an expired one before the next attempt.
        if (next === 'reconnecting' && tokenExpiring(getSession()?.accessToken)) void refreshTokens();
        setStatus(next);
      },
      onError: (key, detail) => {
        if (client === ws) for (const listener of listeners) listener.onError?.(key, detail);
      },
    });
    client = ws;
    for (const room of rooms.keys()) ws.join(room);
    ws.connect();
  }

  function shut() {
    const ws = client;
    client = null;
    ws?.close();
    status = 'closed';
  }

  return {
    get status() {
      return status;
    },
    /** Starts listening (opening the connection when needed); the returned function stops. */
    listen(listener: LiveListener) {
      listeners.add(listener);
      if (!client || status === 'failed' || status === 'closed' || openedFor !== person()) {
        shut();
        open();
      } else {
        listener.onStatus?.(status);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) shut();
      };
    },
    /** Joins a room now and after every reconnect; the returned function leaves it. */
    join(room: string) {
      rooms.set(room, (rooms.get(room) ?? 0) + 1);
      client?.join(room);
      return () => {
        const left = (rooms.get(room) ?? 1) - 1;
        if (left > 0) {
          rooms.set(room, left);
          return;
        }
        rooms.delete(room);
        client?.leave(room);
      };
    },
    sendToRoom(room: string, message: string, chatType: string) {
      return client?.sendToRoom(room, message, chatType) ?? false;
    },
  };
}
export type LiveConnection = ReturnType<typeof createLiveConnection>;

/** This tab's connection. */
export const liveConnection = createLiveConnection();
